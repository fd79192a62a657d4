"""pymcpwire: validate Model Context Protocol (MCP) messages against the
official schemas, in-process.

The judging is compiled Rust (the `mcpwire` crate); this package hands it
messages as bytes and turns its answers into Python objects.

>>> import pymcpwire
>>> s = pymcpwire.Session()
>>> s.observe({"jsonrpc": "2.0", "id": 1, "method": "ping"}, "client")
[]
"""

from __future__ import annotations

import json
import os
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Deque, Dict, List, Optional, Sequence, Union

from . import _mcpwire
from ._mcpwire import McpwireError
from ._probe import ProbeFinding, ProbeReport, probe

__all__ = [
    "Finding",
    "McpwireError",
    "ProbeFinding",
    "ProbeReport",
    "Report",
    "Session",
    "Summary",
    "Violation",
    "CheckResult",
    "check",
    "main",
    "probe",
    "revisions",
    "validate",
]

Message = Union[bytes, bytearray, memoryview, str, Dict[str, Any], List[Any]]


def revisions() -> List[str]:
    """The MCP revisions compiled into this build, oldest first."""
    return list(_mcpwire.revisions())


def _as_bytes(message: Any) -> bytes:
    """The message's JSON text as bytes: bytes as given, `str` encoded as
    UTF-8, a `dict` or `list` (a batch) written with `json.dumps`."""
    if isinstance(message, bytes):
        return message
    if isinstance(message, (bytearray, memoryview)):
        return bytes(message)
    if isinstance(message, str):
        return message.encode("utf-8", "surrogatepass")
    if isinstance(message, (dict, list)):
        try:
            return json.dumps(message, ensure_ascii=False, allow_nan=False).encode(
                "utf-8", "surrogatepass"
            )
        except RecursionError:
            raise McpwireError("message nests too deeply to be written as JSON") from None
        except (TypeError, ValueError) as e:
            raise McpwireError(f"message is not JSON-serializable: {e}") from None
    raise TypeError(
        "message must be bytes, str, dict or list (a batch), not "
        + type(message).__name__
    )


@dataclass(frozen=True)
class Finding:
    """One thing mcpwire found wrong (or worth knowing) in a message."""

    severity: str
    """``"error"`` (a schema violation, unreadable input, a rule whose
    severity is error) or ``"warning"``."""
    rule: Optional[str]
    """The protocol rule's id (``lifecycle.request-before-initialized``),
    for rule findings."""
    keyword: str
    """The JSON Schema keyword of a violation (``required``), the warning's
    kind (``rule``, ``unknown_response``), ``input`` for unreadable input."""
    pointer: str
    """JSON Pointer to the offending value in the message."""
    schema_pointer: Optional[str]
    """JSON Pointer into the schema, for violations."""
    message: str
    """What is wrong."""
    revision: Optional[str]
    """The revision the message was judged at."""
    definition: Optional[str] = None
    """The schema definition checked (``CallToolResult``), for violations."""
    spec: Optional[str] = None
    """The spec sentence the rule rests on, verbatim."""
    spec_source: Optional[str] = None
    """Where that sentence is written (``docs/2025-11-25/basic/lifecycle.mdx``)."""
    expected: bool = False
    """A violation declared deliberate with ``expect``: it does not fail."""

    @property
    def fails(self) -> bool:
        """Whether this finding fails a run (an error not expected)."""
        return self.severity == "error" and not self.expected


@dataclass
class Report:
    """What the session said about one message (one per batch element)."""

    index: int
    direction: str
    kind: str
    revision: Optional[str]
    method: Optional[str]
    id: Any
    definitions: List[str]
    valid: bool
    findings: List[Finding]
    batch_index: Optional[int] = None


@dataclass
class Summary:
    """Counts over everything a session observed."""

    messages: int = 0
    errors: int = 0
    warnings: int = 0
    expected: int = 0
    unanswered: int = 0

    @property
    def passed(self) -> bool:
        """No errors (warnings do not fail, as in the CLI without ``--strict``)."""
        return self.errors == 0


def _report(r: Dict[str, Any]) -> Report:
    findings = [Finding(**f) for f in r.pop("findings")]
    return Report(findings=findings, **r)


class Session:
    """One MCP conversation, judged message by message.

    ``revision``: a revision (``"2025-11-25"``) or ``"auto"`` (read from
    ``initialize``, as ``mcpwire check`` does). Options, as the CLI and the
    JavaScript package name them: ``fallback`` (the revision ``auto``
    assumes before anything says which), ``null_id_as_warning``,
    ``max_depth`` (1 to 10,000 levels, default 512; deeper messages are
    judged on a thread of their own with a stack sized for the limit),
    ``max_message_bytes``, ``http_protocol_version``.

    ``keep_reports``: how many of the latest reports :attr:`reports`
    keeps (default 100; ``None`` keeps every one, which
    grows with the conversation). The counts of :meth:`summary` cover every
    message whatever is kept.

    A session may be shared by threads: calls are serialized by a lock (the
    judging of one message at a time; messages of 16 KiB and more, and deep
    ones, are judged without the GIL).

    Raises :class:`McpwireError` for an unknown revision or a bad option.
    """

    def __init__(
        self,
        revision: str = "auto",
        *,
        fallback: Optional[str] = None,
        null_id_as_warning: Optional[bool] = None,
        max_depth: Optional[int] = None,
        max_message_bytes: Optional[int] = None,
        http_protocol_version: Optional[str] = None,
        keep_reports: Optional[int] = 100,
    ) -> None:
        if keep_reports is not None and (
            not isinstance(keep_reports, int) or isinstance(keep_reports, bool) or keep_reports < 0
        ):
            raise McpwireError(
                f"keep_reports {keep_reports!r}: expected a count (0 or more) or None (keep every report)"
            )
        self._inner = _mcpwire.Session(
            revision,
            fallback=fallback,
            null_id_as_warning=null_id_as_warning,
            max_depth=max_depth,
            max_message_bytes=max_message_bytes,
            http_protocol_version=http_protocol_version,
        )
        self._lock = threading.Lock()
        self._next_expect: Optional[str] = None
        self._counts = Summary()
        self.reports: Deque[Report] = deque(maxlen=keep_reports)
        """The latest reports, oldest first (at most ``keep_reports``)."""

    @property
    def revision(self) -> str:
        """The revision in force."""
        return self._inner.revision

    def expect(self, expectation: Union[str, Sequence[str]] = "invalid") -> None:
        """Declares the next observed message deliberately invalid:
        ``"invalid"`` (at least one violation, any) or a list of JSON
        Pointers (a violation at or below each, and only there). Its
        violations are then reported with ``expected=True`` and do not fail;
        an expectation nothing met is itself a violation."""
        exp = _expect_json(expectation)
        with self._lock:
            self._next_expect = exp

    def observe(
        self,
        message: Message,
        direction: str = "auto",
        *,
        expect: Union[None, str, Sequence[str]] = None,
    ) -> List[Finding]:
        """Judges one message and returns its findings (``[]`` when clean).

        ``message``: the JSON text as ``bytes`` or ``str``, or a ``dict``
        (a ``list`` for a batch). ``direction``: who sent it, ``"client"``
        (or ``"c2s"``), ``"server"`` (or ``"s2c"``), or ``"auto"``
        (inferred). ``expect``: as :meth:`expect`, for this message.
        Unreadable text (not UTF-8, not JSON, too deep, too large) is a
        finding with keyword ``"input"``, never an exception. Messages of
        16 KiB and more are judged without holding the GIL.
        """
        data = _as_bytes(message)
        if not isinstance(direction, str):
            raise TypeError("direction must be a str, not " + type(direction).__name__)
        given = _expect_json(expect) if expect is not None else None
        with self._lock:
            exp = given if given is not None else self._next_expect
            self._next_expect = None
            answer = self._inner.observe(data, direction, exp)
            if isinstance(answer, tuple):
                self._counts.messages += 1
                if self.reports.maxlen != 0:
                    index, dir_, revision, kind, method, ident, definitions = answer
                    if isinstance(ident, list):
                        ident = json.loads(ident[0])
                    self.reports.append(
                        Report(index, dir_, kind, revision, method, ident, definitions, True, [])
                    )
                return []
            reports = [_report(r) for r in json.loads(answer)]
            self._counts.messages += 1
            found = [f for r in reports for f in r.findings]
            for f in found:
                if f.expected:
                    self._counts.expected += 1
                elif f.severity == "error":
                    self._counts.errors += 1
                else:
                    self._counts.warnings += 1
            self.reports.extend(reports)
            return found

    def findings(self) -> List[Finding]:
        """The findings of the kept :attr:`reports`, in order (every finding
        so far when nothing was dropped: see ``keep_reports``)."""
        with self._lock:
            return [f for r in self.reports for f in r.findings]

    def unanswered(self) -> List[Dict[str, Any]]:
        """Requests never answered so far (``direction``, ``method``,
        ``index``, ``revision``, ``id``)."""
        with self._lock:
            return json.loads(self._inner.unanswered())

    def summary(self) -> Summary:
        """Counts over everything observed so far (kept reports or not)."""
        unanswered = len(self.unanswered())
        with self._lock:
            c = self._counts
            return Summary(c.messages, c.errors, c.warnings, c.expected, unanswered)


def _expect_json(expectation: Union[str, Sequence[str]]) -> str:
    if isinstance(expectation, str):
        return json.dumps(expectation)
    if isinstance(expectation, (list, tuple)) and all(isinstance(p, str) for p in expectation):
        return json.dumps({"violations": list(expectation)})
    raise TypeError(
        'expect must be "invalid" or a list of JSON Pointer strings, not '
        + type(expectation).__name__
    )


@dataclass(frozen=True)
class Violation:
    """A schema violation found by :func:`validate`."""

    pointer: str
    schema_pointer: str
    keyword: str
    message: str


def validate(revision: str, definition: str, value: Any) -> List[Violation]:
    """The violations of ``value`` against ``definition`` (``"CallToolResult"``)
    of ``revision`` (``[]`` when valid). ``value``: JSON text as ``bytes``,
    or any Python value (written with ``json.dumps``; a ``str`` is a JSON
    string, never re-read as JSON text). Raises :class:`McpwireError` for an
    unknown revision or definition (naming close ones) and for bytes that
    are not one JSON value."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = _as_bytes(value)
    elif isinstance(value, (dict, list)):
        data = _as_bytes(value)
    else:
        data = _dump_scalar(value)
    out = json.loads(_mcpwire.validate(revision, definition, data))
    return [
        Violation(
            pointer=v["instance"],
            schema_pointer=v["schema"],
            keyword=v["keyword"],
            message=v["message"],
        )
        for v in out
    ]


def _dump_scalar(value: Any) -> bytes:
    try:
        return json.dumps(value, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as e:
        raise McpwireError(f"value is not JSON-serializable: {e}") from None


@dataclass
class CheckResult:
    """What ``mcpwire check --format json`` said: its findings (one dict per
    JSON Lines record), its summary record and its exit status."""

    exit_code: int
    findings: List[Dict[str, Any]]
    summary: Dict[str, Any]

    @property
    def passed(self) -> bool:
        """Exit status 0, as the command line decides it."""
        return self.exit_code == 0


def check(
    paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
    *,
    spec: Optional[str] = None,
    strict: bool = False,
    args: Sequence[str] = (),
) -> CheckResult:
    """Checks transcript files as ``mcpwire check`` does, by running the
    command line this wheel ships with ``--format json``: the same report,
    findings and exit status. ``spec``: ``--spec``; ``strict``:
    ``--strict``; ``args``: any other flags. Raises :class:`McpwireError`
    with the command's message on a usage or input error (status 2), and
    when this installation has no native command line."""
    import subprocess

    from ._cli import _MISSING, binary

    exe = binary()
    if exe is None:
        raise McpwireError(_MISSING.strip())
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    argv = [str(exe), "check", "--format", "json", "--color", "never"]
    if spec is not None:
        argv += ["--spec", spec]
    if strict:
        argv.append("--strict")
    argv += list(args)
    argv += [os.fspath(p) for p in paths]
    done = subprocess.run(argv, capture_output=True)
    if done.returncode == 2:
        raise McpwireError(done.stderr.decode("utf-8", "replace").strip())
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summary = next((r for r in records if r.get("summary") is True), {})
    findings = [r for r in records if r.get("summary") is not True]
    return CheckResult(done.returncode, findings, summary)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The ``mcpwire`` command (see the package README)."""
    from ._cli import main as _main

    return _main(argv)
