"""A small python-sdk (PyPI `mcp`, pinned in bindings/python/constraints.txt)
server for tests/probe_python.rs and tests/http_har_peers.rs: three tools
(two annotated read-only; `forecast` mirrors its `region` argument into
the `Mcp-Param-Region` header at 2026-07-28, `x-mcp-header`), a prompt
with an argument, a static resource and a resource template.

Run with the virtual environment .ci/setup/40-python-peers.sh makes:
`tests/peers/python/.venv/bin/python tests/peers/python/server.py` (stdio),
with `http PORT` for Streamable HTTP at http://127.0.0.1:PORT/mcp, or with
`sse PORT` for the 2024-11-05 HTTP+SSE transport (the SDK's SSE app: its
event stream at http://127.0.0.1:PORT/sse, messages POSTed to the endpoint
it announces, /messages/?session_id=…). tests/http_har_peers.rs runs both.
"""

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

server = MCPServer("mcpwire-python-peer")


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def add(a: int, b: int) -> int:
    """Adds two integers."""
    return a + b


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def forecast(
    region: Annotated[str, Field(json_schema_extra={"x-mcp-header": "Region"})],
    days: int = 1,
) -> str:
    """A made-up forecast for REGION (mirrored into Mcp-Param-Region)."""
    return f"{days} days of sun in {region}"


@server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
def forget(key: str) -> str:
    """Pretends to delete something (never called by the probe's defaults)."""
    return f"forgot {key}"


@server.prompt()
def greet(name: str) -> str:
    """A greeting for NAME."""
    return f"Say hello to {name}."


@server.resource("memo://readme", mime_type="text/plain")
def readme() -> str:
    """A fixed text."""
    return "mcpwire python peer"


@server.resource("memo://notes/{topic}")
def note(topic: str) -> str:
    """A note on TOPIC."""
    return f"notes on {topic}"


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["http"]:
        # Streamable HTTP on loopback: `server.py http PORT` (path /mcp).
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    elif sys.argv[1:2] == ["sse"]:
        # HTTP+SSE (2024-11-05) on loopback: `server.py sse PORT` (path /sse).
        server.run("sse", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
