"""Type stubs for the native module (answers are JSON text that the
``mcpwire`` package turns into objects)."""

from typing import Any, List, Optional, Tuple, Union

class McpwireError(ValueError):
    """A call mcpwire refused: an unknown revision or definition, bad
    options, unreadable input."""

def revisions() -> List[str]: ...
def validate(revision_name: str, definition: str, text: bytes) -> str: ...

class Session:
    def __init__(
        self,
        revision_name: str = "auto",
        *,
        fallback: Optional[str] = None,
        null_id_as_warning: Optional[bool] = None,
        max_depth: Optional[int] = None,
        max_message_bytes: Optional[int] = None,
        http_protocol_version: Optional[str] = None,
    ) -> None: ...
    def observe(
        self, text: bytes, direction_name: str = "auto", expect: Optional[str] = None
    ) -> Union[str, Tuple[int, str, Optional[str], str, Optional[str], Any, List[str]]]: ...
    def unanswered(self) -> str: ...
    @property
    def revision(self) -> str: ...
    @property
    def observed(self) -> int: ...

class ProbeRun:
    def json(self) -> str: ...
    def render(
        self, format_name: str, *, color: bool = False, strict: bool = False
    ) -> Tuple[str, int]: ...

def probe(
    command: Optional[List[str]] = None,
    *,
    url: Optional[str] = None,
    revisions: Optional[List[str]] = None,
    tools: str = "readonly",
    timeout: float = 10.0,
    deadline: float = 300.0,
    env: Optional[List[Tuple[str, str]]] = None,
    headers: Optional[List[Tuple[str, str]]] = None,
    transcript: Optional[str] = None,
    har: Optional[str] = None,
) -> ProbeRun: ...
