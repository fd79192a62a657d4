"""The pytest plugin against the real python-sdk (``mcp``, pinned in
constraints.txt): each case runs an inner pytest session (pytester) with
the plugin loaded from the installed wheel's entry point."""

import pytest

SERVER = '''
import json
import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.memory import create_client_server_memory_streams

def make_server():
    server = MCPServer("adder")

    @server.tool()
    def add(a: int, b: int) -> int:
        return a + b

    return server


class Tap:
    """Server-side streams that count what the server received and sent,
    independently of mcpwire; `corrupt` rewrites a response's result dict
    below the SDK's models before it leaves the server."""

    def __init__(self, read, write, log, corrupt=None):
        self.read, self.write, self.log, self.corrupt = read, write, log, corrupt

    def streams(self):
        tap = self

        class Passthrough:
            async def __aenter__(self):
                return self

            async def __aexit__(self, *exc):
                await self.aclose()

        class R(Passthrough):
            def __getattr__(self, n):
                return getattr(tap.read, n)

            async def aclose(self):
                await tap.read.aclose()

            async def receive(self):
                item = await tap.read.receive()
                tap.log.append(("c2s", item.message.model_dump(by_alias=True, exclude_unset=True)))
                return item

            def __aiter__(self):
                return self

            async def __anext__(self):
                try:
                    return await self.receive()
                except anyio.EndOfStream:
                    raise StopAsyncIteration

        class W(Passthrough):
            def __getattr__(self, n):
                return getattr(tap.write, n)

            async def aclose(self):
                await tap.write.aclose()

            async def send(self, item):
                if tap.corrupt is not None:
                    tap.corrupt(item.message)
                tap.log.append(("s2c", item.message.model_dump(by_alias=True, exclude_unset=True)))
                await tap.write.send(item)

        return R(), W()


async def converse(wire, corrupt=None):
    server = make_server()._lowlevel_server
    log = []
    async with create_client_server_memory_streams() as (client_streams, server_streams):
        s_read, s_write = Tap(*server_streams, log, corrupt).streams()
        async with anyio.create_task_group() as tg:
            tg.start_soon(lambda: server.run(s_read, s_write, server.create_initialization_options()))

            class T:
                async def __aenter__(self):
                    return wire.wrap(*client_streams)

                async def __aexit__(self, *exc):
                    await client_streams[1].aclose()

            async with Client(T()) as client:
                await client.list_tools()
                result = await client.call_tool("add", {"a": 2, "b": 3})
            tg.cancel_scope.cancel()
    return log, result
'''


CONFTEST = '''
import inspect
import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if inspect.iscoroutinefunction(getattr(item, "function", None)):
            item.add_marker(pytest.mark.anyio)


@pytest.fixture
def anyio_backend():
    return "asyncio"
'''


@pytest.fixture
def inner(pytester):
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(server=SERVER)
    return pytester


def test_plugin_sees_exactly_the_messages_the_sdk_exchanged(inner):
    inner.makepyfile(
        test_counts='''
import json
from server import converse

async def test_counts(mcpwire):
    log, result = await converse(mcpwire)
    seen = [(d, json.loads(t)) for d, t in mcpwire.messages]
    assert len(log) >= 4
    assert len(seen) == len(log), (seen, log)
    assert [d for d, _ in seen] == [d for d, _ in log]
    assert [m.get("method") for _, m in seen] == [m.get("method") for _, m in log]
    assert [m.get("id") for _, m in seen] == [m.get("id") for _, m in log]
    assert mcpwire.session.findings() == [] or all(not f.fails for f in mcpwire.session.findings())
'''
    )
    r = inner.runpytest_subprocess("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1)


def corrupting_test(marker=""):
    return f'''
import pytest
from server import converse


def drop_text(message):
    result = getattr(message, "result", None)
    if isinstance(result, dict) and "content" in result:
        result["content"][0].pop("text", None)

{marker}
async def test_broken(mcpwire):
    # The SDK's client rejects the result too; mcpwire saw it first.
    with pytest.raises(Exception):
        await converse(mcpwire, corrupt=drop_text)
'''


def test_broken_result_fails_at_teardown_with_the_finding(inner):
    inner.makepyfile(test_broken=corrupting_test())
    r = inner.runpytest_subprocess("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1, errors=1)
    out = r.stdout.str()
    assert 'violation[required]: /result/content/0: "text" is a required property' in out, out
    assert "s2c · result of 'tools/call' (id " in out, out
    assert "definition CallToolResult · schema /$defs/TextContent/required" in out, out
    assert "mcpwire check" in out


def test_marker_expects_the_violation(inner):
    inner.makepyfile(
        test_broken=corrupting_test('@pytest.mark.mcpwire_expect("/result/content/0")')
    )
    inner.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_marker_fails_when_nothing_violates(inner):
    inner.makepyfile(
        test_clean='''
import pytest
from server import converse

@pytest.mark.mcpwire_expect("/result")
async def test_clean(mcpwire):
    await converse(mcpwire)
'''
    )
    r = inner.runpytest_subprocess("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1, errors=1)
    assert "expected violation missing" in r.stdout.str()


def test_spec_option_sets_the_revision(inner):
    inner.makepyfile(
        test_rev='''
def test_rev(mcpwire):
    assert mcpwire.session.revision == "2025-06-18"
'''
    )
    inner.runpytest_subprocess("-p", "no:cacheprovider", "--mcpwire-spec", "2025-06-18").assert_outcomes(passed=1)


def test_plugin_is_inert_without_its_fixture(inner):
    inner.makepyfile(test_plain="def test_plain():\n    assert True\n")
    inner.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
