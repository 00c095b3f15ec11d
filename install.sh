#!/bin/sh
# InterJSON installer: downloads the release binary for this platform, checks
# its SHA-256 against the release's SHA256SUMS, and installs it as `interjson`
# plus the `interjson-mcp` alias (which starts the MCP server with no arguments).
#
#   curl -fsSL https://github.com/interjson/interjson/releases/latest/download/interjson-install.sh | sh
#
# Environment:
#   INTERJSON_VERSION   release tag to install, e.g. v1.0.0 (default: the latest release)
#   INTERJSON_DIR       install directory (default: $HOME/.local/bin)
#   INTERJSON_REPO      GitHub repository (default: interjson/interjson)
#   INTERJSON_BASE_URL  replaces https://github.com/$INTERJSON_REPO/releases (mirrors, tests)
#
# Exit codes: 0 installed, 1 download, checksum or install failure, 2 unsupported platform.
# Tools: uname, mktemp, mkdir, rm, cp, mv, chmod, ln; curl or wget; sha256sum,
# shasum or openssl. Without a SHA-256 tool nothing is installed.

set -u

SUPPORTED="linux-x86_64, linux-arm64, macos-arm64, windows-x86_64"

say() {
  printf 'interjson-install: %s\n' "$*" >&2
}

die() {
  status=$1
  shift
  say "$*"
  exit "$status"
}

# Prints the platform part of the asset name (linux-x86_64, ...), or exits 2.
detect_platform() {
  os=$(uname -s 2>/dev/null) || os=unknown
  arch=$(uname -m 2>/dev/null) || arch=unknown
  case $arch in
    x86_64 | amd64) cpu=x86_64 ;;
    arm64 | aarch64) cpu=arm64 ;;
    *) cpu=$arch ;;
  esac
  case $os in
    Linux) kernel=linux ;;
    Darwin)
      kernel=macos
      # An x86_64 shell under Rosetta 2 on Apple silicon: install the native build.
      if [ "$cpu" = x86_64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null)" = 1 ]; then
        cpu=arm64
      fi
      ;;
    MINGW* | MSYS* | CYGWIN*) kernel=windows ;;
    *) kernel=$os ;;
  esac
  case "$kernel-$cpu" in
    linux-x86_64 | linux-arm64 | macos-arm64 | windows-x86_64) printf '%s\n' "$kernel-$cpu" ;;
    *)
      say "unsupported platform: $os $arch (release binaries exist for $SUPPORTED)"
      say "elsewhere, run it with Deno: deno run jsr:@interjson/cli mcp"
      exit 2
      ;;
  esac
}

# download URL FILE
download() {
  if command -v curl >/dev/null 2>&1; then
    case $1 in
      https://*) curl --proto '=https' --tlsv1.2 -fsSL -o "$2" "$1" ;;
      *) curl -fsSL -o "$2" "$1" ;;
    esac
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    die 1 "need curl or wget to download $1"
  fi
}

# Prints the name of the first SHA-256 tool found, or nothing.
checksum_tool() {
  for tool in sha256sum shasum openssl; do
    if command -v "$tool" >/dev/null 2>&1; then
      printf '%s\n' "$tool"
      return 0
    fi
  done
}

# sha256_of TOOL FILE: prints the hex digest: the last word openssl prints, the
# first word (without the escape marker `\`) the other tools print.
sha256_of() {
  case $1 in
    sha256sum) out=$(sha256sum "$2") || return 1 ;;
    shasum) out=$(shasum -a 256 "$2") || return 1 ;;
    openssl) out=$(openssl dgst -sha256 "$2") || return 1 ;;
  esac
  case $1 in
    openssl) digest=${out##* } ;;
    *)
      digest=${out%% *}
      digest=${digest#\\}
      ;;
  esac
  printf '%s\n' "$digest"
}

# expected_sum SUMS_FILE ASSET: prints the digest listed for ASSET, or nothing.
expected_sum() {
  while read -r sum name; do
    if [ "${name#\*}" = "$2" ]; then
      printf '%s\n' "$sum"
      return 0
    fi
  done <"$1"
}

is_sha256() {
  case $1 in
    *[!0-9a-f]*) return 1 ;;
  esac
  [ ${#1} -eq 64 ]
}

main() {
  repo=${INTERJSON_REPO:-interjson/interjson}
  version=${INTERJSON_VERSION:-latest}
  base_url=${INTERJSON_BASE_URL:-https://github.com/$repo/releases}
  base_url=${base_url%/}
  if [ -n "${INTERJSON_DIR:-}" ]; then
    dir=$INTERJSON_DIR
  elif [ -n "${HOME:-}" ]; then
    dir=$HOME/.local/bin
  else
    die 1 "HOME is not set: set INTERJSON_DIR to the install directory"
  fi

  platform=$(detect_platform) || exit 2
  ext=
  case $platform in windows-*) ext=.exe ;; esac
  asset=interjson-$platform$ext

  case $version in
    latest) release_url=$base_url/latest/download ;;
    [0-9]*) release_url=$base_url/download/v$version ;;
    *) release_url=$base_url/download/$version ;;
  esac

  tool=$(checksum_tool)
  [ -n "$tool" ] || die 1 "no SHA-256 tool found (sha256sum, shasum or openssl): refusing to install unverified"

  tmp=$(mktemp -d 2>/dev/null || mktemp -d -t interjson) || die 1 "cannot create a temporary directory"
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 1' HUP INT TERM

  download "$release_url/SHA256SUMS" "$tmp/SHA256SUMS" ||
    die 1 "download failed: $release_url/SHA256SUMS"
  expected=$(expected_sum "$tmp/SHA256SUMS" "$asset")
  is_sha256 "$expected" || die 1 "SHA256SUMS has no valid line for $asset"

  say "downloading $asset ($version)"
  download "$release_url/$asset" "$tmp/$asset" || die 1 "download failed: $release_url/$asset"

  actual=$(sha256_of "$tool" "$tmp/$asset") || actual=
  if [ "$actual" != "$expected" ]; then
    rm -f "$tmp/$asset"
    die 1 "checksum mismatch for $asset (expected $expected, got ${actual:-nothing}): nothing installed"
  fi

  mkdir -p "$dir" || die 1 "cannot create $dir"
  target=$dir/interjson$ext
  staged=$dir/.interjson$ext.$$
  # Stage then rename, so a running interjson is replaced, never truncated.
  if ! { cp "$tmp/$asset" "$staged" && chmod 755 "$staged" && mv -f "$staged" "$target"; }; then
    rm -f "$staged"
    die 1 "cannot install to $target"
  fi
  if [ -n "$ext" ]; then
    cp -f "$target" "$dir/interjson-mcp$ext" || die 1 "cannot create $dir/interjson-mcp$ext"
  else
    ln -sf "interjson" "$dir/interjson-mcp" || die 1 "cannot create $dir/interjson-mcp"
  fi

  if installed=$("$target" --version 2>/dev/null); then
    say "installed $installed to $target (alias: interjson-mcp)"
  else
    say "installed $target (alias: interjson-mcp); warning: '$target --version' did not run"
  fi
  case ":${PATH:-}:" in
    *":$dir:"*) ;;
    *)
      say "$dir is not on PATH; add it with:"
      # shellcheck disable=SC2016 # $PATH is meant literally: the user's shell expands it.
      printf '  export PATH="%s:$PATH"\n' "$dir" >&2
      ;;
  esac
}

main "$@"
