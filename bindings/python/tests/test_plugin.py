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


@pytest.fixture
def inner(async_pytester):
    async_pytester.makepyfile(server=SERVER)
    return async_pytester


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


REPORTED = '''
import pytest

CALL = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "add"}}
BROKEN = {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text"}]}}


def test_bad(mcpwire):
    mcpwire.observe(CALL, "c2s")
    mcpwire.observe(BROKEN, "s2c")


@pytest.mark.mcpwire_expect("/result/content/0")
def test_deliberate(mcpwire):
    mcpwire.observe(CALL, "c2s")
    mcpwire.observe(BROKEN, "s2c")


def test_clean(mcpwire):
    mcpwire.observe({"jsonrpc": "2.0", "id": 1, "method": "ping"}, "c2s")
    mcpwire.observe({"jsonrpc": "2.0", "id": 1, "result": {}}, "s2c")


def test_without_the_fixture():
    pass
'''


def run_reported(pytester, name, *args):
    pytester.makepyfile(test_reported=REPORTED)
    r = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--mcpwire-report", name, "--mcpwire-spec", "2025-11-25", *args)
    r.assert_outcomes(passed=4, errors=1)
    assert "report of 3 test(s)" in r.stdout.str(), r.stdout.str()
    return pytester.path / name


@pytest.fixture
def needs_cli():
    from pymcpwire._cli import binary

    if binary() is None:
        pytest.skip("this installation has no native command line (a build from source)")
    return binary()


def test_report_jsonl_is_the_cli_output(pytester, needs_cli):
    import json
    import subprocess

    path = run_reported(pytester, "mcpwire.jsonl")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    findings = [r for r in records if r.get("summary") is not True]
    (summary,) = [r for r in records if r.get("summary") is True]
    (failing,) = findings
    assert "test_bad" in failing["file"] and failing["fails"], findings
    assert failing["pointer"] == "/result/content/0" and failing["keyword"] == "required", failing
    # The deliberate violation is counted as expected, not as a violation.
    assert (summary["files"], summary["violations"], summary["expected"]) == (3, 1, 1), summary
    # Byte for byte what the command line writes for those transcripts.
    files = sorted(str(p.relative_to(pytester.path)) for p in (pytester.path / "mcpwire.jsonl.transcripts").glob("*.jsonl"))
    again = subprocess.run(
        [str(needs_cli), "check", "--format", "json", "--color", "never", "--spec", "2025-11-25", "--", *files],
        cwd=pytester.path, capture_output=True,
    )
    assert again.returncode == 1
    assert sorted(again.stdout.splitlines()) == sorted(path.read_bytes().splitlines())


def test_report_sarif_has_the_schema_required_keys(pytester, needs_cli):
    import json

    log = json.loads(run_reported(pytester, "mcpwire.sarif").read_text())
    assert log["version"] == "2.1.0" and "$schema" in log
    (run,) = log["runs"]
    assert run["tool"]["driver"]["name"] == "mcpwire"
    errors = [r for r in run["results"] if r.get("level") == "error"]
    assert len(errors) == 1, run["results"]
    for result in run["results"]:
        assert result["message"]["text"]
        (loc,) = result["locations"]
        assert loc["physicalLocation"]["artifactLocation"]["uri"].startswith("mcpwire.sarif.transcripts/")


def test_report_junit_is_xml_one_case_per_test(pytester, needs_cli):
    import xml.etree.ElementTree as ET

    root = ET.parse(run_reported(pytester, "report.xml", "--mcpwire-report-format", "junit")).getroot()
    cases = root.findall(".//testcase")
    assert len(cases) == 3, ET.tostring(root)
    failed = [c for c in cases if c.find("failure") is not None]
    assert len(failed) == 1 and "test_bad" in failed[0].get("name", "") + failed[0].get("classname", ""), ET.tostring(root)


def test_unknown_spec_is_a_usage_error(pytester):
    pytester.makepyfile(test_rev="def test_rev():\n    pass\n")
    r = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--mcpwire-spec", "1999-01-01")
    assert r.ret == pytest.ExitCode.USAGE_ERROR
    assert "--mcpwire-spec" in r.stderr.str() and "1999-01-01" in r.stderr.str()


def test_report_without_the_command_line_is_a_usage_error(pytester):
    from pymcpwire._cli import binary

    if binary() is not None:
        pytest.skip("this installation ships the native command line")
    pytester.makepyfile(test_x="def test_x():\n    pass\n")
    r = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--mcpwire-report", "out.sarif")
    assert r.ret == pytest.ExitCode.USAGE_ERROR
    assert "native mcpwire command line" in r.stderr.str()
    assert "bindings/python/build-wheel.sh" in r.stderr.str()


WARNED = '''
def test_warned(mcpwire):
    # A response to an id no request used: a warning, not an error.
    mcpwire.observe({"jsonrpc": "2.0", "id": 5, "result": {}}, "s2c")
'''


def test_warnings_are_shown_and_do_not_fail(pytester):
    pytester.makepyfile(test_warned=WARNED)
    r = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--mcpwire-spec", "2025-11-25")
    r.assert_outcomes(passed=1)
    out = r.stdout.str()
    assert "McpwireWarning: mcpwire: 1 warning(s)" in out, out
    assert "warning[unknown_response]" in out, out


def test_strict_fails_on_warnings(pytester):
    pytester.makepyfile(test_warned=WARNED)
    r = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--mcpwire-spec", "2025-11-25", "--mcpwire-strict")
    r.assert_outcomes(passed=1, errors=1)
    assert "warning[unknown_response]" in r.stdout.str()


def test_failing_transcript_is_kept_in_the_cache_and_bad_lines_are_quoted(pytester):
    pytester.makepyfile(
        test_unreadable='''
def test_unreadable(mcpwire):
    mcpwire.observe(b'{"jsonrpc": "2.0", "id": oops}', "s2c")
'''
    )
    r = pytester.runpytest_subprocess("--mcpwire-spec", "2025-11-25")
    r.assert_outcomes(passed=1, errors=1)
    out = r.stdout.str()
    assert '   | {"jsonrpc": "2.0", "id": oops}' in out, out
    kept = list((pytester.path / ".pytest_cache" / "d" / "mcpwire-transcripts").glob("*.jsonl"))
    assert len(kept) == 1 and str(kept[0]) in out, (kept, out)
    assert b"oops" in kept[0].read_bytes()
