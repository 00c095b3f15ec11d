"""InterJSON for Python: the execution gate for LLM output.

The `interjson` and `interjson-mcp` console scripts run the native binary
this wheel carries (the MCP server, the MCP proxy and the CLI). `Gate` gates
model output from Python through one long-lived `interjson serve` process:

    from interjson import Gate

    gate = Gate(schema="{!query:string,limit:integer}")
    result = gate.gate(model_output)
    if result.executable:
        run_tool(result.value)
    else:
        send_back_to_model(result.retry_prompt)

Standard library only. `INTERJSON_BIN` names another binary to run.
"""

from __future__ import annotations

from importlib import metadata as _metadata

from ._binary import binary_path
from ._client import (
    PROTOCOL_VERSION,
    ClosedError,
    Gate,
    GateResult,
    InterJSONError,
    ProcessError,
    Refusal,
    Repair,
    Retry,
    Server,
    ServeError,
    default_server,
)

try:
    __version__: str = _metadata.version("interjson")
except _metadata.PackageNotFoundError:  # imported from a checkout, not installed
    __version__ = "0+unknown"

__all__ = [
    "PROTOCOL_VERSION",
    "ClosedError",
    "Gate",
    "GateResult",
    "InterJSONError",
    "ProcessError",
    "Refusal",
    "Repair",
    "Retry",
    "ServeError",
    "Server",
    "__version__",
    "binary_path",
    "default_server",
]
