"""The schemas a conversation carries (tool inputSchema/outputSchema),
judged by the installed wheel's Session: the same contract findings as the
command line, at the same pointers."""

import json

import pymcpwire

REV = "2025-11-25"

WEATHER = {
    "name": "weather",
    "inputSchema": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
    "outputSchema": {
        "type": "object",
        "properties": {"temp": {"type": "number"}},
        "required": ["temp"],
    },
}
LEGACY = {
    "name": "legacy",
    "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"},
}


def listed_session(*tools):
    """A session at REV that has seen the handshake and a tools/list."""
    s = pymcpwire.Session(REV)
    s.observe(
        {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": REV,
                "capabilities": {},
                "clientInfo": {"name": "c", "version": "1"},
            },
        },
        "client",
    )
    s.observe(
        {
            "jsonrpc": "2.0",
            "id": 0,
            "result": {
                "protocolVersion": REV,
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "s", "version": "1"},
            },
        },
        "server",
    )
    s.observe({"jsonrpc": "2.0", "method": "notifications/initialized"}, "client")
    s.observe({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, "client")
    listing = s.observe(
        {"jsonrpc": "2.0", "id": 1, "result": {"tools": list(tools)}}, "server"
    )
    return s, listing


def call(s, ident, arguments, structured):
    """A tools/call of `weather` and its result; the findings of both."""
    asked = s.observe(
        {
            "jsonrpc": "2.0",
            "id": ident,
            "method": "tools/call",
            "params": {"name": "weather", "arguments": arguments},
        },
        "client",
    )
    text = {"type": "text", "text": json.dumps(structured)}
    answered = s.observe(
        {
            "jsonrpc": "2.0",
            "id": ident,
            "result": {"content": [text], "structuredContent": structured},
        },
        "server",
    )
    return asked, answered


def rules(findings):
    return [(f.rule, f.pointer, f.severity) for f in findings]


def test_a_conforming_call_is_clean():
    s, listing = listed_session(WEATHER)
    assert listing == []
    assert call(s, 2, {"city": "Oslo"}, {"temp": 4.5}) == ([], [])


def test_arguments_and_structured_content_are_judged_against_the_listing():
    s, _ = listed_session(WEATHER)
    asked, answered = call(s, 2, {"city": 7}, {"temp": "warm"})
    assert rules(asked) == [("contract.arguments-schema", "/params/arguments/city", "error")]
    assert rules(answered) == [
        ("contract.structured-content-schema", "/result/structuredContent/temp", "error")
    ]
    f = answered[0]
    assert '"weather"' in f.message and "/properties/temp/type" in f.message, f.message
    assert f.spec == "Servers MUST provide structured results that conform to this schema."
    assert s.summary().errors == 2


def test_a_draft_07_schema_is_the_portability_warning():
    _, listing = listed_session(WEATHER, LEGACY)
    assert rules(listing) == [
        ("contract.dialect-not-2020-12", "/result/tools/1/inputSchema/$schema", "warning")
    ]


def test_an_invalid_schema_is_a_finding_and_judges_nothing():
    broken = dict(
        WEATHER,
        outputSchema={"type": "object", "properties": {"temp": {"type": "strin"}}},
    )
    s, listing = listed_session(broken)
    assert [f.rule for f in listing] == ["contract.schema-invalid"]
    assert listing[0].pointer.startswith("/result/tools/0/outputSchema"), listing[0]
    _, answered = call(s, 2, {"city": "Oslo"}, {"temp": 4.5})
    assert all(f.rule != "contract.structured-content-schema" for f in answered)
