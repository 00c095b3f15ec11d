"""The console scripts `interjson` and `interjson-mcp`.

They reimplement nothing: on POSIX they replace this Python process with the
binary (os.execv), so stdin and stdout are the binary's own and a client talks
to the one MCP server with no Python in between; on Windows, which has no
exec, they run it and exit with its code. `interjson-mcp ARGS` is
`interjson mcp ARGS`. Without a binary they exit 127 and say what to install.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import NoReturn, Sequence

from ._binary import binary_path

NOT_FOUND = 127


def _run(prefix: Sequence[str]) -> NoReturn:
    try:
        path = binary_path()
    except FileNotFoundError as missing:
        print(f"interjson: {missing}", file=sys.stderr)
        sys.exit(NOT_FOUND)
    argv = [path, *prefix, *sys.argv[1:]]
    if os.name == "nt":
        child = subprocess.Popen(argv)
        while True:
            try:
                sys.exit(child.wait())
            except KeyboardInterrupt:
                continue  # the console sent Ctrl+C to the binary too; it decides when to end
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(path, argv)


def main() -> NoReturn:
    """`interjson ARGS`: the binary with the same arguments."""
    _run(())


def mcp_main() -> NoReturn:
    """`interjson-mcp ARGS`: the MCP server, `interjson mcp ARGS`."""
    _run(("mcp",))
