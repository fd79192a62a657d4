"""Findings as the ``mcpwire`` command's text output words them (the
headline and location lines; the source excerpt needs the transcript
file, which ``mcpwire check`` prints)."""

from __future__ import annotations

import json
from typing import Iterable, List, Optional, Sequence, Tuple

from . import Finding, Report


def _describe(r: Report) -> Optional[str]:
    """``request 'tools/call' (id 3)``, ``result of 'tools/call' (id 3)``
    (the command line's words)."""
    named = f" '{r.method}'" if r.method is not None else ""
    of = f" of '{r.method}'" if r.method is not None else ""
    ident = f" (id {json.dumps(r.id, separators=(',', ':'), ensure_ascii=False)})" if r.id is not None else ""
    batch = f" [batch element {r.batch_index}]" if r.batch_index is not None else ""
    text = {
        "request": f"request{named}{ident}",
        "notification": f"notification{named}",
        "result": f"result{of}{ident}",
        "error": f"error{of}{ident}",
        "unknown": "not a JSON-RPC message",
    }.get(r.kind)
    return None if text is None else text + batch


#: How much of an unreadable message a report quotes.
QUOTE_CHARS = 200


def quote(data: bytes) -> str:
    """``   | text`` of an unreadable message: its first
    :data:`QUOTE_CHARS` characters on one line (bytes that are not UTF-8
    escaped)."""
    text = data.decode("utf-8", "backslashreplace").replace("\r", "\\r").replace("\n", "\\n")
    cut = text[:QUOTE_CHARS] + (f" … ({len(data)} bytes)" if len(text) > QUOTE_CHARS else "")
    return "   | " + cut


def block(
    file: str, line: int, report: Report, findings: List[Finding], data: Optional[bytes] = None
) -> str:
    """One message's findings: ``violation[keyword]: pointer: message``,
    then ``--> file:line · direction · kind 'method' · revision`` and
    ``= definition … · schema …``; for unreadable input (keyword
    ``input``) with ``data``, the message quoted."""
    out = []
    for f in findings:
        if f.expected:
            label = f"expected[{f.keyword}]"
        elif f.severity == "error":
            label = f"violation[{f.rule or f.keyword}]"
        else:
            label = f"warning[{f.rule or f.keyword}]"
        at = f.pointer
        if not at and report.kind != "unreadable":
            at = "(message)"
        out.append(f"{label}: {at}: {f.message}" if at else f"{label}: {f.message}")
    place = [f"{file}:{line}", report.direction]
    what = _describe(report)
    if what is not None:
        place.append(what)
    if report.revision:
        place.append(report.revision)
    out.append("  --> " + " · ".join(place))
    detail = []
    first = findings[0]
    if first.definition:
        detail.append(f"definition {first.definition}")
    schemas: List[str] = []
    for f in findings:
        if f.schema_pointer and f.schema_pointer not in schemas:
            schemas.append(f.schema_pointer)
    if schemas:
        detail.append("schema " + ", ".join(schemas))
    if detail:
        out.append("   = " + " · ".join(detail))
    if data is not None and any(f.keyword == "input" for f in findings):
        out.append(quote(data))
    for f in findings:
        if f.spec:
            out.append(f"   = spec ({f.spec_source}): {f.spec}")
    return "\n".join(out) + "\n"


def text(
    file: str,
    numbered: Iterable[Tuple[int, Report]],
    show,
    messages: Optional[Sequence[Tuple[str, bytes]]] = None,
) -> str:
    """Every report with findings ``show`` keeps, numbered by transcript
    line; ``messages``: the ``(direction, text)`` of each line, to quote
    unreadable ones."""
    parts = []
    for line, r in numbered:
        kept = [f for f in r.findings if show(f)]
        if kept:
            data = messages[line - 1][1] if messages is not None and 0 < line <= len(messages) else None
            parts.append(block(file, line, r, kept, data))
    return "\n".join(parts)
