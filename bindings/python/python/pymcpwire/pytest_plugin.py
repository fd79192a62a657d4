"""The mcpwire pytest plugin (registered through the ``pytest11`` entry
point; it does nothing unless a test uses its fixture).

Fixture ``mcpwire``: a :class:`Wire` that judges every message between a
python-sdk client and server in-process. ``wire.transport(server)`` is a
transport for ``mcp.Client`` (the SDK's in-memory pair, observed);
``wire.stdio(command, *args)`` starts a server from a command and is a
transport for ``mcp.Client`` (or a context manager of the streams for
``ClientSession``) over the SDK's own ``stdio_client``, both directions
observed; ``wire.wrap(read, write)`` observes any pair of client-side
streams. A test whose messages have failing findings fails at teardown
with the findings printed as ``mcpwire check`` prints them, and the
transcript is written where ``mcpwire check`` can read it again.

Marker ``@pytest.mark.mcpwire_expect(*pointers)``: the test sends
deliberate violations, at or below these JSON Pointers (none: any
violation). Those do not fail the test; none at all does.

Fixture ``mcpwire_probe``: a server's own conformance test in one line,
``mcpwire_probe(["python", "server.py"], revisions=[...])``: the probe
(:func:`pymcpwire.probe`) at the revisions named, failing the test on any
violation (each listed once, with its revisions and the transcript line of
its message).

Option ``--mcpwire-spec REVISION`` (default ``auto``): the revision every
session is judged at.

Warnings (findings of severity warning: protocol rules, unknown responses)
do not fail a test; each test's are issued as one :class:`McpwireWarning`,
which pytest lists in its warnings summary. Option ``--mcpwire-strict``
fails the test on them too, as ``mcpwire check --strict`` does.

A failing test names the transcript of its messages, kept in pytest's cache
directory (``.pytest_cache/d/mcpwire-transcripts/``, one file per test,
replaced the next time that test fails) so ``mcpwire check FILE`` can show
the full report later; with the cache plugin off (``-p no:cacheprovider``)
it is in the test's ``tmp_path``, which pytest deletes after three runs.

Transports: ``wire.transport`` needs python-sdk (``mcp``) 2.x, whose
in-memory transport it wraps; ``wire.stdio`` and ``wire.wrap`` work with
1.x too.

Option ``--mcpwire-report FILE`` (format ``--mcpwire-report-format
jsonl|sarif|junit``, else from the extension: ``.sarif``, ``.xml``, else
JSON Lines): every finding of the run in one file, in the command line's
formats. Each test that used the fixture leaves its transcript in
``FILE.transcripts/`` (its deliberate violations marked with ``expect``, as
the marker declared them), and at the end of the run the command line the
wheel ships runs ``mcpwire check --format …`` over them, so the file is
byte for byte what ``mcpwire check`` writes (the Rust emitters, one JUnit
test case per test, SARIF locations pointing into the transcripts). A
build from source has no command line and refuses the option.

Why the stdio fixture wraps the SDK's streams in Python rather than running
the server through ``mcpwire tap``: every message is judged in the test's
own process by the test's own :class:`Session`, so the marker, the message
count and the findings belong to that test, nothing depends on the native
command line (a build from source has none) and no second process sits
between the client and the server. The bytes judged are the wire's own:
what the client sends is the text the SDK's ``stdio_client`` writes (its
serialization, ``model_dump_json(by_alias=True, exclude_unset=True)``), and
each line the server writes is observed as read, before the SDK parses it
(a line the SDK cannot parse is judged too). The raw lines come from
wrapping the SDK's line parser (``mcp.client.stdio._parse_line``, once; a
pass-through outside this fixture's transports), routed to the right test
by a context variable the SDK's reader task inherits; an SDK without that
function gets the messages as the SDK parsed them.
"""

from __future__ import annotations

import contextvars
import itertools
import json
import re
import subprocess
import sys
import warnings
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, List, Optional, Sequence, Tuple

import pytest

from . import Finding, Report, Session, _render


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("mcpwire", "MCP wire validation (mcpwire)")
    group.addoption(
        "--mcpwire-spec",
        default="auto",
        metavar="REVISION",
        help="MCP revision the mcpwire fixture judges at (default: auto, from initialize)",
    )
    group.addoption(
        "--mcpwire-report",
        default=None,
        metavar="FILE",
        help="write every finding of the run to FILE in mcpwire check's format "
        "(transcripts beside it in FILE.transcripts/)",
    )
    group.addoption(
        "--mcpwire-report-format",
        default=None,
        choices=sorted(_FORMATS),
        help="format of --mcpwire-report (default: from the extension: .sarif, .xml, else jsonl)",
    )
    group.addoption(
        "--mcpwire-strict",
        action="store_true",
        default=False,
        help="warnings fail the test too, as with mcpwire check --strict",
    )


#: ``--mcpwire-report-format`` names and the ``mcpwire check --format`` each is.
_FORMATS = {"jsonl": "json", "sarif": "sarif", "junit": "junit"}


def _report_format(path: str, name: Optional[str]) -> str:
    if name is not None:
        return name
    lower = path.lower()
    if lower.endswith((".sarif", ".sarif.json")):
        return "sarif"
    if lower.endswith(".xml"):
        return "junit"
    return "jsonl"


class _Reporter:
    """``--mcpwire-report``: the transcripts of the run's tests, checked
    together by the native command line at the end of the run."""

    def __init__(self, path: str, fmt: str, spec: str, exe: Path) -> None:
        self.path = Path(path).absolute()
        self.format = fmt
        self.spec = spec
        self.exe = exe
        self.dir = self.path.parent / (self.path.name + ".transcripts")
        self.files: List[Path] = []
        self.error: Optional[str] = None
        if self.dir.is_dir():
            for old in self.dir.glob("*.jsonl"):
                old.unlink()

    def add(self, nodeid: str, transcript: bytes) -> None:
        name = re.sub(r"[^A-Za-z0-9._-]+", "_", nodeid).strip("_")[:120] or "test"
        path = self.dir / f"{name}.jsonl"
        n = 1
        while path in self.files:
            n += 1
            path = self.dir / f"{name}-{n}.jsonl"
        self.dir.mkdir(parents=True, exist_ok=True)
        path.write_bytes(transcript)
        self.files.append(path)

    def finish(self) -> None:
        argv = [str(self.exe), "check", "--format", _FORMATS[self.format], "--color", "never"]
        if self.spec != "auto":
            argv += ["--spec", self.spec]
        # Relative to the report: SARIF and JUnit name the files as given.
        argv += ["--", *(str(f.relative_to(self.path.parent)) for f in self.files)]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.files:
            # Nothing used the fixture: an empty transcript gives the
            # format's empty report.
            self.dir.mkdir(parents=True, exist_ok=True)
            empty = self.dir / "no-mcp-traffic.jsonl"
            empty.write_bytes(b"")
            argv.append(str(empty.relative_to(self.path.parent)))
        done = subprocess.run(argv, cwd=self.path.parent, capture_output=True)
        if done.returncode not in (0, 1):
            self.error = done.stderr.decode("utf-8", "replace").strip()
            return
        self.path.write_bytes(done.stdout)


def pytest_configure(config: Any) -> None:
    spec = config.getoption("--mcpwire-spec")
    if spec != "auto":
        from . import McpwireError

        try:
            Session(spec)
        except McpwireError as e:
            raise pytest.UsageError(f"--mcpwire-spec: {e}") from None
    path = config.getoption("--mcpwire-report")
    if path is not None and not hasattr(config, "workerinput"):
        from ._cli import binary

        exe = binary()
        if exe is None:
            raise pytest.UsageError(
                "--mcpwire-report writes the report with the native mcpwire command line, "
                "which this installation lacks (a build from source installs the module only); "
                "build the wheel with it (bindings/python/build-wheel.sh) and install that"
            )
        fmt = _report_format(path, config.getoption("--mcpwire-report-format"))
        config._mcpwire_reporter = _Reporter(path, fmt, config.getoption("--mcpwire-spec"), exe)
    config.addinivalue_line(
        "markers",
        "mcpwire_expect(*pointers): the test sends deliberate MCP violations at or below "
        "these JSON Pointers (none given: any violation); they do not fail it, their absence does",
    )


def pytest_sessionfinish(session: Any) -> None:
    reporter = getattr(session.config, "_mcpwire_reporter", None)
    if reporter is not None:
        reporter.finish()
        if reporter.error is not None and session.exitstatus == 0:
            session.exitstatus = pytest.ExitCode.INTERNAL_ERROR


def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:
    reporter = getattr(config, "_mcpwire_reporter", None)
    if reporter is None:
        return
    if reporter.error is not None:
        terminalreporter.write_line(f"mcpwire: report not written: {reporter.error}", red=True)
    else:
        terminalreporter.write_line(
            f"mcpwire: {reporter.format} report of {len(reporter.files)} test(s): {reporter.path}"
        )


def _at_or_below(prefix: str, pointer: str) -> bool:
    return pointer == prefix or (pointer.startswith(prefix) and pointer[len(prefix)] == "/")


class Wire:
    """Every message of one test, judged by one :class:`pymcpwire.Session`."""

    def __init__(self, revision: str = "auto") -> None:
        # Every report is kept: the test's transcript keeps every message
        # anyway, and the failure report numbers them.
        self.session = Session(revision, keep_reports=None)
        #: ``(direction, text)`` of every message observed, in order.
        self.messages: List[Tuple[str, bytes]] = []
        self._numbered: List[Tuple[int, Report]] = []

    def observe(self, message: Any, direction: str) -> List[Finding]:
        """Judges one message (``direction`` ``"c2s"`` or ``"s2c"``)."""
        data = _wire_bytes(message)
        before = len(self.session.reports)
        found = self.session.observe(data, direction)
        self.messages.append((direction, data))
        added = len(self.session.reports) - before
        new = list(itertools.islice(reversed(self.session.reports), added))
        for r in reversed(new):
            self._numbered.append((len(self.messages), r))
        return found

    def wrap(self, read_stream: Any, write_stream: Any) -> Tuple[Any, Any]:
        """Client-side streams that observe what they carry: what the client
        receives (server to client) and what it sends (client to server)."""
        return _ObservedRead(read_stream, self), _ObservedWrite(write_stream, self)

    def transport(self, server: Any, **kwargs: Any) -> Any:
        """A transport for ``mcp.Client``: the SDK's in-memory pair with
        ``server`` (``Server`` or ``MCPServer``), every message observed."""
        return _ObservedTransport(self, server, kwargs)

    def stdio(self, command: Any, *args: str, errlog: Any = None, **params: Any) -> Any:
        """A transport for ``mcp.Client`` (``async with`` it for the streams
        of a ``ClientSession``): the server started from ``command`` (an
        executable, with ``args``; or an ``mcp.client.stdio.StdioServerParameters``)
        by the SDK's ``stdio_client``, every message observed in both
        directions. ``params``: ``env``, ``cwd``, … as
        ``StdioServerParameters`` takes them; ``errlog``: where the server's
        standard error goes (the SDK's default: ``sys.stderr``)."""
        from mcp.client.stdio import StdioServerParameters

        if isinstance(command, StdioServerParameters):
            if args or params:
                raise TypeError("stdio(StdioServerParameters) takes no further arguments")
            server = command
        else:
            server = StdioServerParameters(command=str(command), args=[str(a) for a in args], **params)
        return _observed_stdio(self, server, sys.stderr if errlog is None else errlog)

    def transcript(self, deliberate: Any = None) -> str:
        """The messages as a transcript ``mcpwire check`` reads (JSON Lines,
        ``{"dir": …, "msg": …}``; text that is not JSON as the line it
        was). ``deliberate``: a predicate on findings; each message with
        such findings gets an ``expect`` member naming their pointers, so
        ``mcpwire check`` reports them as expected too."""
        expect: dict = {}
        if deliberate is not None:
            for line, report in self._numbered:
                for f in report.findings:
                    if deliberate(f):
                        expect.setdefault(line, []).append(f.pointer)
        lines = []
        for n, (direction, data) in enumerate(self.messages, 1):
            try:
                msg = json.loads(data)
            except ValueError:
                text = data.decode("utf-8", "replace").replace("\n", " ")
                lines.append(text if text.strip() else '""')
                continue
            record: dict = {"dir": direction}
            if n in expect:
                record["expect"] = {"violations": list(dict.fromkeys(expect[n]))}
            record["msg"] = msg
            lines.append(json.dumps(record, ensure_ascii=False))
        return "".join(line + "\n" for line in lines)

    def report_text(self, file: str, show: Any) -> str:
        return _render.text(file, self._numbered, show, self.messages)


def _wire_bytes(message: Any) -> bytes:
    """A python-sdk message as the SDK writes it on the wire (its stdio
    transport's serialization), or the message itself if it is text."""
    inner = getattr(message, "message", message)  # SessionMessage
    dump = getattr(inner, "model_dump_json", None)
    if dump is not None:
        return dump(by_alias=True, exclude_unset=True).encode("utf-8")
    if isinstance(inner, bytes):
        return inner
    if isinstance(inner, str):
        return inner.encode("utf-8")
    return json.dumps(inner).encode("utf-8")


class _ObservedRead:
    def __init__(self, inner: Any, wire: Wire, observe: bool = True) -> None:
        self._inner = inner
        self._wire = wire
        self._observe = observe

    async def receive(self) -> Any:
        item = await self._inner.receive()
        if self._observe and not isinstance(item, Exception):
            self._wire.observe(item, "s2c")
        return item

    def __aiter__(self) -> "_ObservedRead":
        return self

    async def __anext__(self) -> Any:
        import anyio

        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> "_ObservedRead":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _ObservedWrite:
    def __init__(self, inner: Any, wire: Wire) -> None:
        self._inner = inner
        self._wire = wire

    async def send(self, item: Any) -> None:
        self._wire.observe(item, "c2s")
        await self._inner.send(item)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> "_ObservedWrite":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _ObservedTransport:
    def __init__(self, wire: Wire, server: Any, kwargs: Any) -> None:
        try:
            from mcp.client._memory import InMemoryTransport
        except ImportError:
            import importlib.metadata

            try:
                version = importlib.metadata.version("mcp")
            except importlib.metadata.PackageNotFoundError:
                version = "not installed"
            raise RuntimeError(
                f"mcpwire.transport needs the python-sdk (mcp) 2.x, whose in-memory transport "
                f"it wraps (mcp: {version}); with 1.x use mcpwire.stdio(command, ...) or "
                f"mcpwire.wrap(read, write)"
            ) from None

        self._inner = InMemoryTransport(server, **kwargs)
        self._wire = wire

    async def __aenter__(self) -> Tuple[Any, Any]:
        read, write = await self._inner.__aenter__()
        return self._wire.wrap(read, write)

    async def __aexit__(self, *exc: Any) -> Optional[bool]:
        return await self._inner.__aexit__(*exc)


#: The :class:`Wire` the stdio lines read in this context go to (the SDK's
#: reader task inherits it from the task that entered ``stdio_client``).
_STDIO_WIRE: "contextvars.ContextVar[Optional[Wire]]" = contextvars.ContextVar("mcpwire_stdio_wire", default=None)


def _hook_stdio_parser() -> bool:
    """Wraps ``mcp.client.stdio._parse_line`` (once) so each line a server
    writes is observed as read, before the SDK parses it; ``False`` when
    this SDK has no such function."""
    from mcp.client import stdio as sdk

    parse = getattr(sdk, "_parse_line", None)
    if parse is None:
        return False
    if getattr(parse, "_mcpwire_hook", False):
        return True

    def observed_parse(line: str) -> Any:
        wire = _STDIO_WIRE.get()
        if wire is not None:
            wire.observe(line, "s2c")
        return parse(line)

    observed_parse._mcpwire_hook = True  # type: ignore[attr-defined]
    sdk._parse_line = observed_parse
    return True


@asynccontextmanager
async def _observed_stdio(wire: Wire, server: Any, errlog: Any) -> AsyncIterator[Tuple[Any, Any]]:
    from mcp.client.stdio import stdio_client

    raw = _hook_stdio_parser()
    token = _STDIO_WIRE.set(wire if raw else None)
    try:
        async with stdio_client(server, errlog) as (read, write):
            yield _ObservedRead(read, wire, observe=not raw), _ObservedWrite(write, wire)
    finally:
        _STDIO_WIRE.reset(token)


class McpwireWarning(UserWarning):
    """The warnings (findings of severity warning) of one test's messages:
    they do not fail it unless ``--mcpwire-strict``."""


def _transcript_path(request: Any, tmp_path: Path) -> Path:
    """Where a failing test's transcript goes: pytest's cache directory,
    which outlives the run (``tmp_path`` is deleted three runs later)."""
    cache = getattr(request.config, "cache", None)
    if cache is None:
        return tmp_path / "mcpwire-transcript.jsonl"
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", request.node.nodeid).strip("_")[:120] or "test"
    return Path(cache.mkdir("mcpwire-transcripts")) / f"{name}.jsonl"


def _expected_pointers(node: Any) -> Optional[Sequence[str]]:
    marker = node.get_closest_marker("mcpwire_expect")
    return None if marker is None else list(marker.args)


@pytest.fixture
def mcpwire(request: Any, tmp_path: Path) -> Any:
    """A :class:`Wire` for this test; its failing findings fail the test at
    teardown."""
    wire = Wire(request.config.getoption("--mcpwire-spec"))
    yield wire
    expected = _expected_pointers(request.node)

    def deliberate(f: Finding) -> bool:
        if expected is None or f.severity != "error" or f.rule is not None:
            return False
        return not expected or any(_at_or_below(p, f.pointer) for p in expected)

    reporter = getattr(request.config, "_mcpwire_reporter", None)
    if reporter is not None and wire.messages:
        reporter.add(request.node.nodeid, wire.transcript(deliberate).encode("utf-8"))
    strict = request.config.getoption("--mcpwire-strict")

    def fails(f: Finding) -> bool:
        if f.expected or deliberate(f):
            return False
        return f.severity == "error" or strict

    findings = wire.session.findings()
    failing = [f for f in findings if fails(f)]
    met = [f for f in findings if f.fails and deliberate(f)]
    warned = [f for f in findings if f.severity == "warning" and not strict]
    if warned:
        text = wire.report_text("message", lambda f: f.severity == "warning" and not strict)
        warnings.warn(McpwireWarning(f"mcpwire: {len(warned)} warning(s)\n{text}"), stacklevel=1)
    if not failing and (expected is None or met):
        return
    path = _transcript_path(request, tmp_path)
    path.write_text(wire.transcript(deliberate), encoding="utf-8")
    if failing:
        text = wire.report_text(str(path), fails)
        pytest.fail(
            f"mcpwire: {len(failing)} finding(s) in {len(wire.messages)} messages\n\n{text}\n"
            f"transcript: {path} (mcpwire check {path})",
            pytrace=False,
        )
    pytest.fail(
        "mcpwire: expected violation missing"
        + (f" at {', '.join(expected)}" if expected else "")
        + f" ({len(wire.messages)} messages; transcript: {path})",
        pytrace=False,
    )


@pytest.fixture
def mcpwire_probe(request: Any, tmp_path: Path) -> Any:
    """A server's conformance test in one line::

        def test_conformant(mcpwire_probe):
            mcpwire_probe(["python", "server.py"], revisions=["2025-06-18", "2025-11-25"])

    Calls :func:`pymcpwire.probe` with the same arguments (``url=`` for an
    HTTP server) and fails the test listing every violation, each once with
    the revisions it was found at (with ``--mcpwire-strict``, warnings too);
    returns the :class:`pymcpwire.ProbeReport`. Each revision's conversation
    is written to a transcript in the test's ``tmp_path`` (unless
    ``transcript=`` names one), which the failing findings point into and
    ``mcpwire check`` reads again."""
    from . import probe

    strict = request.config.getoption("--mcpwire-strict")

    def run(command: Optional[Sequence[str]] = None, **options: Any) -> Any:
        options.setdefault("transcript", str(tmp_path / "probe.jsonl"))
        report = probe(command, **options)
        if not report.passed:
            pytest.fail(report.failure_text(), pytrace=False)
        if strict and report.warnings:
            pytest.fail(
                "--mcpwire-strict: the probe found warnings:\n"
                + "\n".join(str(f) for f in report.warnings),
                pytrace=False,
            )
        return report

    return run
