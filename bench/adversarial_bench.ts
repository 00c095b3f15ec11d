/**
 * Adversarial shapes at 100 KB and 1 MB: `repair` under `permissive` (every
 * repair is taken, none refused), one group per shape with the 100 KB input
 * as the baseline, so `deno bench` prints time(1 MB) / time(100 KB) as the
 * "slower" factor. Linear time reads about 10×; the target is at most 11.
 *
 * The shapes, their generators and what each probes are in `inputs.ts`
 * ({@linkcode ADVERSARIAL_SHAPES}); `deno run -A bench/report.ts` prints the
 * ratios as a table, for `gate` (agent) too.
 *
 * @module
 */

import { repair } from "../mod.ts";
import { ADVERSARIAL_SHAPES, ADVERSARIAL_SIZES } from "./inputs.ts";

for (const shape of ADVERSARIAL_SHAPES) {
  const small = shape.build(ADVERSARIAL_SIZES.small);
  const large = shape.build(ADVERSARIAL_SIZES.large);
  const options = { profile: "permissive" as const, ...shape.options };
  Deno.bench({
    name: "100 KB",
    group: shape.name,
    baseline: true,
    fn: () => void repair(small, options),
  });
  Deno.bench({ name: "1 MB", group: shape.name, fn: () => void repair(large, options) });
}
