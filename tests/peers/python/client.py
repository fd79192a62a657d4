"""A python-sdk (PyPI `mcp`) client for tests/http_har_peers.rs: at the
stateless revision 2026-07-28 over Streamable HTTP, it lists the tools of
tests/peers/python/server.py and calls `forecast`, whose `region`
argument the server annotates with `x-mcp-header: Region`, with a plain
value and two the SDK must send Base64-encoded (non-ASCII; surrounding
spaces). The SDK mirrors each into `Mcp-Param-Region`; the server checks
the header against the body and refuses a call whose header disagrees.

`client.py URL` prints one JSON line per call (`region`, `text`,
`is_error`) and exits 0 when every call succeeded.
"""

import asyncio
import json
import sys

from mcp import Client

REGIONS = ["us-west1", "Zürich", " padded "]


async def main(url: str) -> int:
    failed = 0
    async with Client(url, mode="2026-07-28") as client:
        tools = await client.list_tools()
        assert any(t.name == "forecast" for t in tools.tools), tools
        for region in REGIONS:
            result = await client.call_tool("forecast", {"region": region, "days": 2})
            text = "".join(getattr(c, "text", "") for c in result.content)
            print(json.dumps({"region": region, "text": text, "is_error": bool(result.is_error)}))
            failed += bool(result.is_error)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
