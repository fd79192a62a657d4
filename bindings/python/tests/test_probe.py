"""The probe from Python (``pymcpwire.probe``, the ``mcpwire_probe``
fixture) against a real python-sdk server (``mcp``, pinned in
constraints.txt): the small server of ``tests/peers/python/server.py``
(two read-only tools, a prompt, a resource and a template), as is and with
a planted defect — a line of text printed to standard output before the
server starts, which the stdio transport forbids ("The server MUST NOT
write anything to its stdout that is not a valid MCP message",
docs/2025-06-18/basic/transports.mdx)."""

import json
import sys
import xml.etree.ElementTree as ET

import pytest

import pymcpwire

# tests/peers/python/server.py's features, on stdio (the tests are run from
# a copy outside the source tree, so the server travels with them).
SERVER = '''
from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

server = MCPServer("mcpwire-python-peer")


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def add(a: int, b: int) -> int:
    """Adds two integers."""
    return a + b


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


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["banner"]:
        # The planted defect: text on the protocol's stream.
        print("mcpwire-python-peer starting", flush=True)
    server.run()
'''

# Two revisions: the python-sdk server starts in a second or several on a
# loaded machine, once per revision.
REVISIONS = ["2025-06-18", "2025-11-25"]
TIMEOUT = 30.0


@pytest.fixture
def server(tmp_path):
    path = tmp_path / "server.py"
    path.write_text(SERVER, encoding="utf-8")
    return [sys.executable, str(path)]


def test_a_good_server_passes_with_its_known_warnings(server):
    report = pymcpwire.probe(server, revisions=REVISIONS, timeout=TIMEOUT)
    assert [t["offered"] for t in report.revisions] == REVISIONS
    for t in report.revisions:
        assert t["negotiated"] == t["offered"], t
        assert t["methods"]["tools/call"]["ok"] == 1, t  # add only: forget is not read-only
        assert t["messages"] > 10 and t["valid"] == t["messages"], t
    assert report.passed, report.failure_text()
    # python-sdk's known deviations (SHOULDs, tests/probe_python.rs): an
    # unknown prompt answered with another code than -32602, at both.
    unknown_prompt = [f for f in report.warnings if f.rule == "probe-unknown-prompt"]
    assert [f.revision for f in unknown_prompt] == REVISIONS
    assert all(f.direction == "s2c" and f.method == "prompts/get" for f in unknown_prompt)
    # Shown once, with both revisions.
    distinct = {f.rule: revisions for f, revisions in report.distinct()}
    assert distinct["probe-unknown-prompt"] == REVISIONS


def test_a_planted_defect_is_found_at_every_revision_and_rendered(server, tmp_path):
    transcript = tmp_path / "probe.jsonl"
    report = pymcpwire.probe(
        server + ["banner"], revisions=REVISIONS, timeout=TIMEOUT, transcript=str(transcript)
    )
    assert not report.passed
    banner = [f for f in report.violations if f.rule == "input"]
    assert [f.revision for f in banner] == REVISIONS, report.findings
    for f in banner:
        assert f.direction == "s2c"
        # The transcript line of the banner holds it.
        path, line = f.transcript.rsplit(":", 1)
        assert path.endswith(f"probe.{f.revision}.jsonl")
        record = open(path, encoding="utf-8").read().splitlines()[int(line) - 1]
        assert "mcpwire-python-peer starting" in record
    with pytest.raises(AssertionError, match=r"\(at 2025-06-18, 2025-11-25\)"):
        report.assert_passed()

    # SARIF: one result for the banner, with both revisions.
    sarif = json.loads(report.render("sarif"))
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "input/input"]
    assert len(results) == 1, results
    assert results[0]["level"] == "error"
    assert results[0]["properties"]["revisions"] == REVISIONS
    # JUnit: a real XML document whose failure names the banner once.
    suites = ET.fromstring(report.render("junit"))
    failures = [f.text for f in suites.iter("failure")]
    assert sum(t.count("violation[input]") for t in failures) == 1, failures
    # JSON Lines: the tables, the finding once, the summary.
    lines = [json.loads(l) for l in report.render("json").splitlines()]
    assert [l["probe"]["offered"] for l in lines if "probe" in l] == REVISIONS
    found = [l for l in lines if l.get("keyword") == "input"]
    assert len(found) == 1 and found[0]["revisions"] == REVISIONS, found
    assert lines[-1]["summary"] is True and lines[-1]["passed"] is False
    # Text: the tables first.
    assert report.render("text").startswith("revision 2025-06-18: negotiated 2025-06-18")


def test_the_fixture_fails_a_test_on_violations(pytester, server):
    pytester.makepyfile(
        f"""
        def test_good(mcpwire_probe):
            mcpwire_probe({server!r}, revisions=["2025-11-25"], timeout={TIMEOUT})

        def test_defect(mcpwire_probe):
            mcpwire_probe({server + ["banner"]!r}, revisions=["2025-11-25"], timeout={TIMEOUT})
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*the probe found 1 violation(s):*", "*2025-11-25 server→client*[[]input[]]*"])


def test_errors_are_exceptions():
    with pytest.raises(pymcpwire.McpwireError, match="needs a command"):
        pymcpwire.probe()
    with pytest.raises(pymcpwire.McpwireError, match="not both"):
        pymcpwire.probe(["x"], url="http://127.0.0.1:1/mcp")
    with pytest.raises(pymcpwire.McpwireError):
        pymcpwire.probe(["/nonexistent/mcp-server"], revisions=["2025-11-25"])
    with pytest.raises(pymcpwire.McpwireError, match="revision"):
        pymcpwire.probe(["x"], revisions=["1999-01-01"])
    with pytest.raises(pymcpwire.McpwireError, match="timeout"):
        pymcpwire.probe(["x"], timeout=-1)
    with pytest.raises(TypeError):
        pymcpwire.probe("python server.py")
