"""The `mcpwire` command from the wheel: the native command line it ships,
with the CLI's output and exit codes. Skipped when the installation has no
native command line (a build from source), unless MCPWIRE_REQUIRE_CLI is
set (CI)."""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from pymcpwire import _cli

pytestmark = pytest.mark.skipif(
    _cli.binary() is None and not os.environ.get("MCPWIRE_REQUIRE_CLI"),
    reason="no native command line in this installation",
)


def command():
    exe = shutil.which("mcpwire", path=os.path.dirname(sys.executable))
    assert exe, "the wheel installs the mcpwire console script"
    return exe


def run(*args, stdin=None):
    return subprocess.run(
        [command(), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_validate_exit_codes_and_text(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"name": "t", "inputSchema": {"type": "object"}}))
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": 7, "inputSchema": {"type": "object"}}')
    ok = run("validate", "--spec", "2025-11-25", "--def", "Tool", str(good))
    assert ok.returncode == 0, ok.stderr
    no = run("validate", "--spec", "2025-11-25", "--def", "Tool", "--color", "never", str(bad))
    assert no.returncode == 1
    assert "violation[type]: /name: expected string, found integer" in no.stdout


def test_usage_error_is_status_2():
    r = run("validate", "--spec", "1999-01-01", "--def", "Tool")
    assert r.returncode == 2 and r.stderr


def test_check_reads_a_transcript_like_the_plugin_writes(tmp_path):
    t = tmp_path / "t.jsonl"
    t.write_text(
        json.dumps({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 1, "method": "ping"}})
        + "\n"
        + json.dumps({"dir": "s2c", "msg": {"jsonrpc": "2.0", "id": 1, "result": {}}})
        + "\n"
    )
    r = run("check", "--spec", "2025-11-25", "--color", "never", str(t))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "2 messages" in r.stdout + r.stderr


def test_version_line():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("mcpwire")


def test_plugin_words_findings_as_check_does(tmp_path):
    # The plugin's report lines against `mcpwire check` on the transcript it
    # writes (the command line adds the column and the source excerpt).
    import re

    from pymcpwire.pytest_plugin import Wire

    wire = Wire("2025-11-25")
    wire.observe(b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t"}}', "c2s")
    wire.observe(b'{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text"}]}}', "s2c")
    wire.observe(b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":"x"}}', "s2c")
    path = tmp_path / "t.jsonl"
    path.write_text(wire.transcript())
    ours = wire.report_text(str(path), lambda f: f.fails)
    r = run("check", "--spec", "2025-11-25", "--color", "never", str(path))
    assert r.returncode == 1
    theirs = re.sub(r"(t\.jsonl:\d+):\d+", r"\1", r.stdout)
    lines = [l for l in ours.splitlines() if l.strip()]
    assert len(lines) >= 6
    for line in lines:
        assert line in theirs.splitlines(), (line, theirs)


def test_check_from_python_is_the_command_report(tmp_path):
    import pymcpwire

    t = tmp_path / "t.jsonl"
    t.write_text(
        json.dumps({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x"}}})
        + "\n"
        + json.dumps({"dir": "s2c", "msg": {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text"}]}}})
        + "\n"
    )
    r = pymcpwire.check(t, spec="2025-11-25")
    assert r.exit_code == 1 and not r.passed
    assert r.summary["messages"] == 2 and r.summary["violations"] == len(r.findings) >= 1
    assert r.findings[0]["pointer"].startswith("/result/content/0"), r.findings
    with pytest.raises(pymcpwire.McpwireError, match="1999"):
        pymcpwire.check(t, spec="1999-01-01")


def test_without_the_command_line_says_how_to_build_it(monkeypatch, capsys):
    # What `pip install ./bindings/python` gives: the command names the
    # builds that work today, not a registry package of another project.
    monkeypatch.setattr(_cli, "binary", lambda: None)
    assert _cli.main(["--version"]) == 2
    err = capsys.readouterr().err
    assert "bash bindings/python/build-wheel.sh" in err and "cargo install --path . --locked" in err, err
    # Every `pip install` of an mcpwire package it suggests is this one or
    # a local build (PyPI's package of the bare name is another project's).
    installs = re.findall(r"pip install ([\w./-]*mcpwire[\w./-]*)", err)
    assert all("pymcpwire" in p or p.startswith((".", "/")) for p in installs), installs
