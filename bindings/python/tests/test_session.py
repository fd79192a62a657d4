"""pymcpwire.Session, validate and revisions, from the installed wheel."""

import json
import threading

import pytest

import pymcpwire

PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
# A tools/call result whose text content lacks `text`.
BROKEN = {"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text"}]}}
REV = "2025-11-25"


def fixed_session():
    s = pymcpwire.Session(REV)
    s.observe({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "t"}}, "client")
    return s


def test_revisions_are_listed_and_in_force():
    assert REV in pymcpwire.revisions()
    assert pymcpwire.Session(REV).revision == REV


def test_clean_message_has_no_findings_in_every_form():
    for form in (PING, json.dumps(PING), json.dumps(PING).encode()):
        assert pymcpwire.Session(REV).observe(form, "client") == []


def test_broken_result_is_a_violation_with_its_pointer():
    s = fixed_session()
    found = s.observe(BROKEN, "server")
    assert found, "a text content item without text must be reported"
    f = found[0]
    assert f.severity == "error" and f.fails
    assert f.pointer.startswith("/result/content/0"), f
    assert f.revision == REV
    assert f.definition and f.schema_pointer
    assert f.keyword
    assert s.summary().errors == len(found) and not s.summary().passed


def test_str_bytes_and_dict_give_the_same_findings():
    forms = [BROKEN, json.dumps(BROKEN), json.dumps(BROKEN).encode()]
    results = [fixed_session().observe(m, "s2c") for m in forms]
    assert results[0] == results[1] == results[2]


def test_expect_moves_violations_to_expected():
    s = fixed_session()
    s.expect(["/result/content/0"])
    found = s.observe(BROKEN, "server")
    assert found and all(f.expected and not f.fails for f in found)
    assert s.summary().errors == 0 and s.summary().expected == len(found)


def test_expect_unmet_is_a_violation():
    s = pymcpwire.Session(REV)
    found = s.observe(PING, "client", expect="invalid")
    assert [f for f in found if f.fails], found


def test_unanswered_lists_pending_requests():
    s = pymcpwire.Session(REV)
    s.observe(PING, "client")
    (u,) = s.unanswered()
    assert u["method"] == "ping" and u["id"] == 1
    s.observe({"jsonrpc": "2.0", "id": 1, "result": {}}, "server")
    assert s.unanswered() == []
    assert s.summary().messages == 2


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe{not utf-8",
        b'{"jsonrpc": "2.0", "id": 1, "method": ',
        b"[" * 100_000 + b"]" * 100_000,
        b"",
    ],
    ids=["non-utf8", "invalid-json", "deep", "empty"],
)
def test_unreadable_input_is_a_finding(text):
    found = pymcpwire.Session(REV).observe(text, "client")
    assert found and found[0].keyword == "input" and found[0].fails, found


def test_huge_message_over_the_limit_is_a_finding():
    big = json.dumps({**PING, "params": {"_meta": {"x": "a" * 2_000_000}}})
    found = pymcpwire.Session(REV, max_message_bytes=1_000_000).observe(big, "client")
    assert found and found[0].keyword == "input", found


def test_deep_dict_is_a_clear_exception():
    deep = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(pymcpwire.McpwireError):
        pymcpwire.Session(REV).observe({"jsonrpc": "2.0", "id": 1, "method": "x", "params": {"a": deep}}, "client")


def test_wrong_types_raise():
    s = pymcpwire.Session(REV)
    with pytest.raises(TypeError):
        s.observe(42, "client")
    with pytest.raises(TypeError):
        s.observe(PING, 3)
    with pytest.raises(pymcpwire.McpwireError, match="direction"):
        s.observe(PING, "up")
    with pytest.raises(TypeError):
        pymcpwire.Session(REV, max_depth="deep")


def test_unknown_revision_is_the_cli_message():
    with pytest.raises(pymcpwire.McpwireError) as e:
        pymcpwire.Session("1999-01-01")
    assert "1999-01-01" in str(e.value)


def test_validate_definitions_and_suggestions():
    assert pymcpwire.validate(REV, "Implementation", {"name": "x", "version": "1"}) == []
    (v,) = pymcpwire.validate(REV, "Implementation", {"name": "x"})
    assert v.keyword == "required" and v.pointer == ""
    # A str is a JSON string, not JSON text.
    assert pymcpwire.validate(REV, "Implementation", json.dumps({"name": "x", "version": "1"}))
    with pytest.raises(pymcpwire.McpwireError, match="CallToolResult"):
        pymcpwire.validate(REV, "CallToolReslt", {})
    with pytest.raises(pymcpwire.McpwireError):
        pymcpwire.validate(REV, "Implementation", b"{")


def test_large_messages_from_threads():
    # Judged without the GIL: threads with their own sessions all finish
    # with the same findings.
    big = json.dumps({**BROKEN, "result": {"content": [{"type": "text"}], "_meta": {"x": "a" * 100_000}}})
    out = []

    def run():
        out.append(len(fixed_session().observe(big, "server")))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(out) == 4 and len(set(out)) == 1 and out[0] > 0


def test_clean_reports_carry_the_message_facts():
    s = pymcpwire.Session(REV)
    s.observe({"jsonrpc": "2.0", "id": "a-1", "method": "ping"}, "client")
    r = s.reports[-1]
    assert (r.id, r.method, r.kind, r.direction, r.revision, r.valid) == ("a-1", "ping", "request", "c2s", REV, True)
    assert r.definitions, r
    s.observe({"jsonrpc": "2.0", "id": "a-1", "result": {}}, "server")
    assert (s.reports[-1].kind, s.reports[-1].method, s.reports[-1].id) == ("result", "ping", "a-1")
    s.observe({"jsonrpc": "2.0", "id": 2**70, "method": "ping"}, "client")
    assert s.reports[-1].id == 2**70


def test_ten_megabyte_messages_are_judged():
    pad = "a" * (10 * 1024 * 1024)
    clean = json.dumps({**PING, "params": {"_meta": {"x": pad}}}).encode()
    assert len(clean) > 10 * 1024 * 1024
    assert pymcpwire.Session(REV).observe(clean, "client") == []
    broken = json.dumps({**BROKEN, "result": {"content": [{"type": "text"}], "_meta": {"x": pad}}})
    found = fixed_session().observe(broken, "server")
    assert [f.pointer for f in found if f.fails] == ["/result/content/0"], found
    assert pymcpwire.validate(REV, "Implementation", {"name": pad, "version": "1"}) == []


def test_lone_surrogate_str_is_an_input_finding():
    found = pymcpwire.Session(REV).observe('{"jsonrpc":"2.0","id":1,"method":"\ud800"}', "client")
    assert found and found[0].keyword == "input", found


def test_validate_unreadable_bytes_are_a_clear_exception():
    for text in (b"\xff\xfe{", b'{"name": ', b"[" * 100_000 + b"]" * 100_000):
        with pytest.raises(pymcpwire.McpwireError):
            pymcpwire.validate(REV, "Implementation", text)


def test_wrong_python_types_are_clear_exceptions():
    with pytest.raises(TypeError):
        pymcpwire.Session(2025)
    with pytest.raises(TypeError):
        pymcpwire.validate(REV, 7, {})
    with pytest.raises(pymcpwire.McpwireError, match="JSON-serializable"):
        pymcpwire.validate(REV, "Implementation", object())
    with pytest.raises(pymcpwire.McpwireError, match="JSON-serializable"):
        pymcpwire.Session(REV).observe({"jsonrpc": "2.0", "id": 1, "method": "x", "params": {"a": {1, 2}}}, "client")
    with pytest.raises(TypeError, match="expect"):
        pymcpwire.Session(REV).observe(PING, "client", expect=5)
    with pytest.raises(TypeError):
        pymcpwire.Session(REV).expect([1, 2])
