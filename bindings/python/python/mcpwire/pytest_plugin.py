"""The mcpwire pytest plugin (registered through the ``pytest11`` entry
point; it does nothing unless a test uses its fixture).

Fixture ``mcpwire``: a :class:`Wire` that judges every message between a
python-sdk client and server in-process. ``wire.transport(server)`` is a
transport for ``mcp.Client`` (the SDK's in-memory pair, observed);
``wire.wrap(read, write)`` observes any pair of client-side streams. A test
whose messages have failing findings fails at teardown with the findings
printed as ``mcpwire check`` prints them, and the transcript is written
where ``mcpwire check`` can read it again.

Marker ``@pytest.mark.mcpwire_expect(*pointers)``: the test sends
deliberate violations, at or below these JSON Pointers (none: any
violation). Those do not fail the test; none at all does.

Option ``--mcpwire-spec REVISION`` (default ``auto``): the revision every
session is judged at.
"""

from __future__ import annotations

import json
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


def pytest_configure(config: Any) -> None:
    config.addinivalue_line(
        "markers",
        "mcpwire_expect(*pointers): the test sends deliberate MCP violations at or below "
        "these JSON Pointers (none given: any violation); they do not fail it, their absence does",
    )


def _at_or_below(prefix: str, pointer: str) -> bool:
    return pointer == prefix or (pointer.startswith(prefix) and pointer[len(prefix)] == "/")


class Wire:
    """Every message of one test, judged by one :class:`mcpwire.Session`."""

    def __init__(self, revision: str = "auto") -> None:
        self.session = Session(revision)
        #: ``(direction, text)`` of every message observed, in order.
        self.messages: List[Tuple[str, bytes]] = []
        self._numbered: List[Tuple[int, Report]] = []

    def observe(self, message: Any, direction: str) -> List[Finding]:
        """Judges one message (``direction`` ``"c2s"`` or ``"s2c"``)."""
        data = _wire_bytes(message)
        before = len(self.session.reports)
        found = self.session.observe(data, direction)
        self.messages.append((direction, data))
        for r in self.session.reports[before:]:
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

    def transcript(self) -> str:
        """The messages as a transcript ``mcpwire check`` reads (JSON Lines,
        ``{"dir": …, "msg": …}``)."""
        lines = []
        for direction, data in self.messages:
            try:
                msg = json.loads(data)
            except ValueError:
                msg = data.decode("utf-8", "replace")
            lines.append(json.dumps({"dir": direction, "msg": msg}, ensure_ascii=False))
        return "".join(line + "\n" for line in lines)

    def report_text(self, file: str, show: Any) -> str:
        return _render.text(file, self._numbered, show)


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
    def __init__(self, inner: Any, wire: Wire) -> None:
        self._inner = inner
        self._wire = wire

    async def receive(self) -> Any:
        item = await self._inner.receive()
        if not isinstance(item, Exception):
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
        from mcp.client._memory import InMemoryTransport

        self._inner = InMemoryTransport(server, **kwargs)
        self._wire = wire

    async def __aenter__(self) -> Tuple[Any, Any]:
        read, write = await self._inner.__aenter__()
        return self._wire.wrap(read, write)

    async def __aexit__(self, *exc: Any) -> Optional[bool]:
        return await self._inner.__aexit__(*exc)


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

    failing = [f for f in wire.session.findings() if f.fails and not deliberate(f)]
    met = [f for f in wire.session.findings() if f.fails and deliberate(f)]
    if not failing and (expected is None or met):
        return
    path = tmp_path / "mcpwire-transcript.jsonl"
    path.write_text(wire.transcript(), encoding="utf-8")
    if failing:
        text = wire.report_text(str(path), lambda f: f.fails and not deliberate(f))
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
