"""The probe from Python: :func:`probe` runs mcpwire's own client against an
MCP server at every revision (the library's ``mcpwire::probe``, what
``mcpwire probe`` runs) and returns a :class:`ProbeReport` of plain data.

The probe runs in the native module without the GIL (other threads go on
meanwhile); an unusable option or a server that cannot be started raises
:class:`McpwireError`. The report is the library's own, in the same formats
as the command line's (:meth:`ProbeReport.render`: text, JSON Lines, SARIF,
JUnit, GitHub annotations), so a test suite gets SARIF or JUnit without the
command line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import _mcpwire


@dataclass(frozen=True)
class ProbeFinding:
    """One finding of a probe: a message's schema violation or rule
    warning, an HTTP rule's, a request left unanswered, or one of the
    probe's own rules (``probe-*``)."""

    revision: str
    """The revision whose conversation it is in (the one proposed)."""
    level: str
    """``"violation"`` (fails) or ``"warning"``."""
    rule: str
    """The JSON Schema keyword of a violation, a rule's id, a warning's
    kind, ``input`` (unreadable text) or ``unanswered``."""
    direction: str
    """``"c2s"`` (the probe's message) or ``"s2c"`` (the server's)."""
    message: str
    """What is wrong, with the sentence it rests on for a rule."""
    method: Optional[str] = None
    """The method it is about (a response's: its request's)."""
    id: Any = None
    """The JSON-RPC id of the message it is about."""
    line: Optional[int] = None
    """The message's line in its direction's stream (stdio)."""
    exchange: Optional[int] = None
    """The HTTP exchange (HTTP)."""
    transcript: Optional[str] = None
    """``FILE:LINE`` of the message in the revision's transcript, when one
    is written (``transcript=``)."""
    pointer: str = ""
    """Where in the message (a JSON Pointer; empty: the whole)."""

    @property
    def fails(self) -> bool:
        """Whether it fails the run (a violation)."""
        return self.level == "violation"

    def __str__(self) -> str:
        arrow = "client→server" if self.direction == "c2s" else "server→client"
        text = f"{self.revision} {arrow}"
        if self.method is not None:
            text += f" {self.method}"
        if self.id is not None:
            text += f" (id {json.dumps(self.id)})"
        if self.line is not None:
            text += f" line {self.line}"
        if self.exchange is not None:
            text += f" exchange {self.exchange}"
        if self.transcript is not None:
            text += f" ({self.transcript})"
        if self.pointer:
            text += f" at {self.pointer}"
        return f"{text}: [{self.rule}] {self.message}"


@dataclass
class ProbeReport:
    """What a probe found: each revision's table (what was exercised and
    what was not, and why: the library's ``RevisionReport`` as a dict) and
    every finding, in the order found."""

    revisions: List[Dict[str, Any]]
    findings: List[ProbeFinding]
    _run: Any = None

    @property
    def violations(self) -> List[ProbeFinding]:
        """The findings that fail (violations)."""
        return [f for f in self.findings if f.fails]

    @property
    def warnings(self) -> List[ProbeFinding]:
        """The warnings."""
        return [f for f in self.findings if not f.fails]

    @property
    def passed(self) -> bool:
        """No violation (warnings allowed)."""
        return not self.violations

    def distinct(self) -> List[Tuple[ProbeFinding, List[str]]]:
        """Each finding once, with every revision it was found at: one that
        repeats at several revisions (the same level, rule, direction,
        method and message) is one, at its first place."""
        out: List[Tuple[ProbeFinding, List[str]]] = []
        for f in self.findings:
            key = (f.level, f.rule, f.direction, f.method, f.message)
            first = next(
                (r for g, r in out if (g.level, g.rule, g.direction, g.method, g.message) == key),
                None,
            )
            if first is not None and f.revision not in first:
                first.append(f.revision)
            else:
                out.append((f, [f.revision]))
        return out

    def render(self, format: str = "text", *, color: bool = False, strict: bool = False) -> str:
        """The report as ``mcpwire probe --format FORMAT`` writes it:
        ``text``, ``json`` (JSON Lines), ``sarif``, ``junit``, ``github``
        or ``conformance``; each finding repeated at several revisions
        once, with them. ``strict``: warnings fail too."""
        if self._run is None:
            raise ValueError("this report was not made by pymcpwire.probe")
        text, _ = self._run.render(format, color=color, strict=strict)
        return text

    def failure_text(self) -> str:
        """The violations, each once with the revisions it was found at
        (what :meth:`assert_passed` raises with)."""
        lines = []
        for f, revisions in self.distinct():
            if f.fails:
                at = f" (at {', '.join(revisions)})" if len(revisions) > 1 else ""
                lines.append(f"{f}{at}")
        return f"the probe found {len(lines)} violation(s):\n" + "\n".join(lines)

    def assert_passed(self) -> None:
        """Raises ``AssertionError`` listing every violation, unless there
        is none."""
        if not self.passed:
            raise AssertionError(self.failure_text())


def _report(run: Any) -> ProbeReport:
    data = json.loads(run.json())
    findings = [ProbeFinding(**f) for f in data["findings"]]
    return ProbeReport(revisions=data["revisions"], findings=findings, _run=run)


def probe(
    command: Optional[Sequence[str]] = None,
    *,
    url: Optional[str] = None,
    revisions: Optional[Sequence[str]] = None,
    tools: str = "readonly",
    timeout: float = 10.0,
    deadline: float = 300.0,
    env: Optional[Mapping[str, str]] = None,
    headers: Optional[Mapping[str, str]] = None,
    transcript: Optional[str] = None,
    har: Optional[str] = None,
) -> ProbeReport:
    """Probes the MCP server ``command`` starts (program and arguments, over
    stdio; started afresh for each revision), or the one at ``url``
    (Streamable HTTP; HTTP+SSE for 2024-11-05), at ``revisions`` (every
    revision compiled in by default), and returns what it found.

    ``tools``: which tools are called (``"readonly"``: those annotated
    ``readOnlyHint: true``; ``"all"``; ``"none"``). ``timeout``: seconds to
    wait for each answer (the server's start included); ``deadline``:
    seconds for each revision's whole conversation. ``env``: variables for
    the server's process; ``headers``: HTTP headers sent with every request.
    ``transcript``: a file (stdio and HTTP) each revision's conversation is
    written to, where ``mcpwire check`` finds the same findings;
    ``har``: a HAR capture of the HTTP traffic.

    Raises :class:`McpwireError` for an unusable option or a server that
    cannot be started (reached) at the first revision.
    """
    if isinstance(command, (str, bytes)):
        raise TypeError("command must be a list (program, then its arguments), not a string")
    run = _mcpwire.probe(
        list(command) if command is not None else None,
        url=url,
        revisions=list(revisions) if revisions is not None else None,
        tools=tools,
        timeout=float(timeout),
        deadline=float(deadline),
        env=list(env.items()) if env else None,
        headers=list(headers.items()) if headers else None,
        transcript=str(transcript) if transcript is not None else None,
        har=str(har) if har is not None else None,
    )
    return _report(run)
