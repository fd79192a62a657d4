"""The stdio fixture (``mcpwire.stdio``) against the real python-sdk
(``mcp``, pinned in constraints.txt): a python-sdk client (``mcp.Client``
over the SDK's ``stdio_client``) and servers started from a command, each
case an inner pytest session (pytester) with the plugin loaded from the
installed package's entry point."""

import pytest

# An MCPServer (the SDK's FastMCP) over the SDK's stdio server transport. It
# writes every message it received and sent to the file named by its first
# argument, independently of mcpwire, so the tests can count what the SDK
# exchanged.
GOOD_SERVER = '''
import json
import sys

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server

server = MCPServer("adder")


@server.tool()
def add(a: int, b: int) -> int:
    return a + b


log = open(sys.argv[1], "a", encoding="utf-8")


def record(direction, item):
    message = getattr(item, "message", None)
    dumped = message.model_dump(by_alias=True, exclude_unset=True) if message is not None else repr(item)
    log.write(json.dumps({"dir": direction, "msg": dumped}) + "\\n")
    log.flush()


class Read:
    def __init__(self, inner):
        self.inner = inner

    async def receive(self):
        item = await self.inner.receive()
        record("c2s", item)
        return item

    def __aiter__(self):
        return self

    async def __anext__(self):
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration

    async def aclose(self):
        await self.inner.aclose()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.aclose()

    def __getattr__(self, name):
        return getattr(self.inner, name)


class Write:
    def __init__(self, inner):
        self.inner = inner

    async def send(self, item):
        record("s2c", item)
        await self.inner.send(item)

    async def aclose(self):
        await self.inner.aclose()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.aclose()

    def __getattr__(self, name):
        return getattr(self.inner, name)


async def main():
    low = server._lowlevel_server
    async with stdio_server() as (read, write):
        await low.run(Read(read), Write(write), low.create_initialization_options())


anyio.run(main)
'''

# A server below the SDK's models: raw JSON on stdout, whose tools/call
# result has a text content item without its text.
BROKEN_SERVER = '''
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg or "method" not in msg:
        continue
    method = msg["method"]
    if method == "initialize":
        result = {
            "protocolVersion": msg["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "broken", "version": "0.0.1"},
        }
    elif method == "tools/list":
        result = {"tools": [{"name": "add", "inputSchema": {"type": "object"}}]}
    elif method == "tools/call":
        result = {"content": [{"type": "text"}]}
    else:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "Method not found"}}
        sys.stdout.write(json.dumps(reply) + "\\n")
        sys.stdout.flush()
        continue
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}) + "\\n")
    sys.stdout.flush()
'''


BROKEN_TEST = '''
import sys
import pytest
from mcp import Client

{marker}
async def test_broken(mcpwire):
    async with Client(mcpwire.stdio(sys.executable, "broken_server.py")) as client:
        await client.list_tools()
        # The SDK's client rejects the result too; mcpwire saw its bytes first.
        with pytest.raises(Exception):
            await client.call_tool("add", {{"a": 2, "b": 3}})
'''


@pytest.fixture
def inner(async_pytester):
    async_pytester.makepyfile(good_server=GOOD_SERVER, broken_server=BROKEN_SERVER)
    return async_pytester


def test_stdio_judges_exactly_what_the_sdk_exchanged(inner):
    inner.makepyfile(
        test_good='''
import json
import sys
from mcp import Client


async def test_good(mcpwire, tmp_path):
    log_path = tmp_path / "server.jsonl"
    async with Client(mcpwire.stdio(sys.executable, "good_server.py", str(log_path))) as client:
        tools = await client.list_tools()
        assert [t.name for t in tools.tools] == ["add"]
        result = await client.call_tool("add", {"a": 2, "b": 3})
        assert result.structured_content == {"result": 5} or "5" in str(result.content)
    log = [json.loads(line) for line in log_path.read_text().splitlines()]
    seen = [(d, json.loads(t)) for d, t in mcpwire.messages]
    assert len(log) >= 6, log
    assert len(seen) == len(log) == mcpwire.session.summary().messages, (seen, log)
    assert [d for d, _ in seen] == [r["dir"] for r in log]
    assert [m.get("method") for _, m in seen] == [r["msg"].get("method") for r in log]
    assert [m.get("id") for _, m in seen] == [r["msg"].get("id") for r in log]
    assert "tools/call" in [m.get("method") for _, m in seen]
    assert not [f for f in mcpwire.session.findings() if f.fails], mcpwire.session.findings()
'''
    )
    r = inner.runpytest_inprocess("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1)


def test_stdio_broken_server_fails_at_teardown_with_the_finding(inner):
    inner.makepyfile(test_broken=BROKEN_TEST.format(marker=""))
    r = inner.runpytest_inprocess("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1, errors=1)
    out = r.stdout.str()
    assert 'violation[required]: /result/content/0: "text" is a required property' in out, out
    assert "s2c · result of 'tools/call' (id " in out, out
    assert "definition CallToolResult · schema /$defs/TextContent/required" in out, out
    assert "mcpwire: 1 finding(s) in " in out, out


def test_stdio_marker_expects_the_violation(inner):
    inner.makepyfile(
        test_broken=BROKEN_TEST.format(marker='@pytest.mark.mcpwire_expect("/result/content/0")')
    )
    inner.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_stdio_unparseable_line_is_judged_as_written(inner):
    # A line that is not JSON: the SDK surfaces a parse error, mcpwire
    # judges the line itself.
    inner.makepyfile(
        noise_server='''
import sys
sys.stdout.write("hello from the server\\n")
sys.stdout.flush()
sys.stdin.read()
''',
        test_noise='''
import sys
import anyio


async def test_noise(mcpwire):
    async with mcpwire.stdio(sys.executable, "noise_server.py") as (read, write):
        item = await read.receive()
        assert isinstance(item, Exception)
    assert mcpwire.messages == [("s2c", b"hello from the server")]
''',
    )
    r = inner.runpytest_inprocess("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1, errors=1)
    assert "violation[input]" in r.stdout.str(), r.stdout.str()
