"""Where the interjson binary is: INTERJSON_BIN when set, else the one bundled in the wheel."""

from __future__ import annotations

import os
from pathlib import Path

INSTALLER = (
    "curl -fsSL https://github.com/interjson/interjson/releases/latest/download/"
    "interjson-install.sh | sh"
)


def bundled_binary() -> Path:
    """The path the platform wheel puts the binary at (it may be absent)."""
    name = "interjson.exe" if os.name == "nt" else "interjson"
    return Path(__file__).resolve().parent / "bin" / name


def binary_path() -> str:
    """The binary to run: `INTERJSON_BIN` when it is set, else the bundled one.

    Raises FileNotFoundError naming what is missing and how to get a binary.

    >>> import os
    >>> os.environ["INTERJSON_BIN"] = "/no/such/interjson"
    >>> binary_path()
    Traceback (most recent call last):
    FileNotFoundError: INTERJSON_BIN is set to /no/such/interjson, which is not a file
    >>> del os.environ["INTERJSON_BIN"]
    """
    override = os.environ.get("INTERJSON_BIN")
    if override:
        if not os.path.isfile(override):
            raise FileNotFoundError(f"INTERJSON_BIN is set to {override}, which is not a file")
        return override
    bundled = bundled_binary()
    if bundled.is_file():
        return str(bundled)
    raise FileNotFoundError(
        "the interjson binary was not found: this installation of the interjson package "
        f"carries none ({bundled} is missing). Install a platform wheel (Linux x86_64 or "
        "arm64, macOS arm64, Windows x64), or set INTERJSON_BIN to a binary, for example "
        f"one installed with: {INSTALLER}"
    )
