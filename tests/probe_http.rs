//! `mcpwire probe --url`: the probe over HTTP, against real peers and
//! against small servers written here.
//!
//! - The pinned `@modelcontextprotocol/server-everything` (`tests/peers`,
//!   installed by `.ci/setup/40-npm-peers.sh`) in its Streamable HTTP mode
//!   and in its SSE mode (the 2024-11-05 HTTP+SSE transport, reached by the
//!   backwards-compatibility procedure), probed at every revision: what it
//!   must show, and nothing it does not deserve. Without the installed
//!   peers these tests say so and pass; under CI they fail (`real_peers`).
//! - A correct Streamable HTTP server of a few lines (std only): a clean run,
//!   so nothing the probe itself sends breaks an HTTP rule; the same server
//!   accepting a foreign `Origin`; and servers with one planted defect each
//!   (a wrong content type, a body that is no JSON, an SSE stream cut in
//!   an event, an `initialize` never answered, nothing listening): each a
//!   finding and a finished report, never a hang.
//!
//! Loopback only; every process started here is stopped by its pid.
#![cfg(all(
    feature = "proxy",
    feature = "v2024_11_05",
    feature = "v2025_03_26",
    feature = "v2025_06_18",
    feature = "v2025_11_25",
    feature = "v2026_07_28"
))]

mod real_peers;
mod support;

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::{TcpListener, TcpStream},
    path::Path,
    process::{Command, Output, Stdio},
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex,
    },
    thread,
    time::{Duration, Instant},
};

use serde_json::{json, Value};
use support::everything::ok;

/// The initialize-era revisions; the others are stateless.
const INITIALIZE_ERA: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

/// A probe run's JSON Lines output, split.
struct Run {
    tables: Vec<Value>,
    findings: Vec<Value>,
    summary: Value,
    status: Option<i32>,
    text: String,
}

impl Run {
    fn table(&self, revision: &str) -> &Value {
        self.tables
            .iter()
            .find(|t| t["offered"] == revision)
            .unwrap_or_else(|| panic!("no table for {revision}:\n{}", self.text))
    }

    fn keywords(&self) -> Vec<&str> {
        self.findings
            .iter()
            .map(|f| f["keyword"].as_str().unwrap())
            .collect()
    }
}

fn probe(args: &[&str]) -> Run {
    let started = Instant::now();
    let out: Output = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("probe")
        .args(["--format", "json"])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    eprintln!(
        "probe {args:?}: {:.1} s, status {:?}\n{text}{}",
        started.elapsed().as_secs_f64(),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    Run {
        tables: lines
            .iter()
            .filter_map(|l| l.get("probe"))
            .cloned()
            .collect(),
        findings: lines
            .iter()
            .filter(|l| l.get("probe").is_none() && l.get("summary").is_none())
            .cloned()
            .collect(),
        summary: lines
            .iter()
            .find(|l| l.get("summary").is_some())
            .cloned()
            .unwrap_or(Value::Null),
        status: out.status.code(),
        text,
    }
}

// --- the real peer ---------------------------------------------------------
fn server_everything(dir: &Path, mode: &str) -> (support::everything::Server, u16) {
    let port = support::everything::free_port();
    (support::everything::start(dir, mode, port), port)
}

/// What server-everything must show at an initialize-era revision, over
/// either transport: negotiated as offered, every declared feature
/// exercised (as over stdio, tests/probe_peer.rs), its foreign-Origin
/// acceptance found.
fn everything_exercised(t: &Value, transport: &str, origin: &str) {
    support::everything::assert_fully_exercised(t);
    let offered = t["offered"].as_str().unwrap();
    assert_eq!(t["transport"], transport, "{t}");
    assert_eq!(ok(t, "resources/read"), 7, "{t}");
    assert_eq!(ok(t, "prompts/get"), 3, "{t}");
    // The long-running tool runs 1 s (the synthesiser's small end).
    assert_eq!(t["methods"]["tools/call"]["timed_out"], 0, "{t}");
    assert_eq!(t["origin_check"], origin, "{t}");
    // What it must show, checked by hand: the foreign Origin it serves
    // (its SDK transports validate Origin only when told to; a warning);
    // at 2024-11-05 and 2025-03-26 the `resource_link` content
    // `get-resource-links` returns (one: its count at the small end), a
    // content type those revisions do not define. Over Streamable HTTP,
    // its transport refuses a request whose session was DELETEd with 400,
    // not 404. As over stdio, an unknown resource answered -32602 where
    // these revisions say "Servers SHOULD return standard JSON-RPC errors
    // for common failure cases: … Resource not found: `-32002`"
    // (server/resources, Error Handling; a warning).
    let mut expected = json!({"probe-origin": 1, "probe-unknown-resource": 1});
    if transport == "streamable-http" {
        expected["probe-session-deleted"] = json!(1);
    }
    if ["2024-11-05", "2025-03-26"].contains(&offered) {
        expected["schema"] = json!(1);
    }
    support::everything::expect_draft_07_warnings(&t["findings"], offered, &mut expected);
    assert_eq!(t["findings"], expected, "{offered}: {t}");
}

/// Every finding of a server-everything run is one of the known ones, and
/// none is about what the probe sent.
fn only_known_findings(run: &Run, stateless_null_id: bool) {
    for f in &run.findings {
        let file = f["file"].as_str().unwrap();
        assert!(file.ends_with("<server>"), "{f}");
        let message = f["message"].as_str().unwrap();
        match f["keyword"].as_str().unwrap() {
            "probe-timeout" => {
                assert_eq!(f["severity"], "warning");
                assert!(message.contains("trigger-long-running-operation"), "{f}");
            }
            "probe-origin" => {
                assert_eq!(f["severity"], "violation");
                assert!(message.contains("Origin: http://evil.example"), "{f}");
                assert!(
                    message.contains("Servers MUST validate the `Origin` header"),
                    "{f}"
                );
            }
            "probe-session-deleted" => {
                assert_eq!(f["severity"], "violation");
                assert!(message.contains("DELETEd refused (HTTP 400)"), "{f}");
            }
            "contract.dialect-not-2020-12" => {
                assert_eq!(f["severity"], "warning");
                assert!(
                    message_of(f).contains("declares JSON Schema draft-07"),
                    "{f}"
                );
            }
            "probe-unknown-resource" => {
                assert_eq!(f["severity"], "warning");
                assert!(message.contains("error -32602"), "{f}");
            }
            "anyOf" => assert!(message.contains("resource_link"), "{f}"),
            // The SDK's transport answers a request before initialization
            // with 400 and an error whose id is null, which the stateless
            // revisions' RequestId (string | integer) does not allow.
            "type" if stateless_null_id => {
                assert!(message.contains("\"id\" is null"), "{f}");
                assert!(["2026-07-28", "draft"].contains(&f["revision"].as_str().unwrap()));
            }
            other => panic!("unexpected finding {other}: {f}"),
        }
    }
}

#[test]
fn server_everything_over_streamable_http_at_every_revision() {
    let Some(dir) = real_peers::installed("probe_http") else {
        return;
    };
    let (_server, port) = server_everything(&dir, "streamableHttp");
    let url = format!("http://127.0.0.1:{port}/mcp");
    // As tests/probe_peer.rs: a 3 s timeout for the 10 s tool.
    let run = probe(&["--timeout", "3s", "--url", &url]);
    assert_eq!(run.tables.len(), 6, "{}", run.text);
    for t in &run.tables {
        let offered = t["offered"].as_str().unwrap();
        if INITIALIZE_ERA.contains(&offered) {
            everything_exercised(
                t,
                "streamable-http",
                "a POST of 'initialize' served (HTTP 200)",
            );
        } else {
            // An initialize-era server: its transport refuses a request of
            // a session never initialized.
            assert!(t["negotiated"].is_null(), "{t}");
            assert!(
                t["note"]
                    .as_str()
                    .unwrap()
                    .contains("server/discover answered an error (-32000: Bad Request: Server not initialized)"),
                "{t}"
            );
            assert_eq!(t["findings"], json!({"schema": 1}), "{t}");
            assert!(t["origin_check"].is_null(), "{t}");
        }
    }
    only_known_findings(&run, true);
    // Every message both ways was judged: the stdio probe's messages plus
    // the server's roots/list request on the GET stream, the probe's
    // answer, the server's log notification about it and the Origin
    // check's initialize and result.
    assert!(
        run.summary["messages"].as_u64().unwrap() >= 4 * 60,
        "{}",
        run.summary
    );
    assert_eq!(run.status, Some(1), "the schema violations fail the run");
}

#[test]
fn server_everything_over_http_sse_at_every_revision() {
    let Some(dir) = real_peers::installed("probe_http") else {
        return;
    };
    let (_server, port) = server_everything(&dir, "sse");
    let url = format!("http://127.0.0.1:{port}/sse");
    let run = probe(&["--timeout", "3s", "--url", &url]);
    assert_eq!(run.tables.len(), 6, "{}", run.text);
    for t in &run.tables {
        let offered = t["offered"].as_str().unwrap();
        if INITIALIZE_ERA.contains(&offered) {
            // POST initialize → 404, then the GET's `endpoint` event.
            everything_exercised(t, "http+sse", "a GET of the SSE endpoint served (HTTP 200)");
        } else {
            // server/discover POSTed to the SSE endpoint: Express's 404
            // page, not a modern JSON-RPC error (2026-07-28 Backward
            // Compatibility: a server of the initialize era).
            assert!(t["negotiated"].is_null(), "{t}");
            assert!(t["note"].as_str().unwrap().contains("HTTP 404"), "{t}");
            assert_eq!(t["findings"], json!({}), "{t}");
        }
    }
    only_known_findings(&run, false);
    assert_eq!(run.status, Some(1), "the schema violations fail the run");
}

// --- servers written here -------------------------------------------------

/// What a test server does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flaw {
    /// None: a correct Streamable HTTP server that refuses a foreign Origin.
    None,
    /// Correct, but serves any Origin.
    OpenOrigin,
    /// `initialize` answered `text/plain`.
    WrongContentType,
    /// `initialize` answered `application/json` that is no JSON.
    NotJson,
    /// `ping` answered by an SSE stream cut inside its event.
    CutStream,
    /// `initialize` never answered.
    Hang,
    /// Serves any session id (none, made up, DELETEd).
    OpenSessions,
    /// Serves any `MCP-Protocol-Version`.
    AnyVersion,
    /// Refuses a request in a session without `MCP-Protocol-Version`.
    VersionRequired,
    /// Refuses a request without a session id with 404, and one whose
    /// session was DELETEd with 400 (the transport page says 400 and
    /// 404, the other way round).
    WrongStatuses,
    /// Refuses (401) any request without `Authorization: Bearer s3cret-token`
    /// and `X-Api-Key: k3y`.
    NeedsAuth,
    /// Ends a POST's SSE stream after the priming event (`retry: 10`); the
    /// response comes on a GET with `Last-Event-ID`.
    Polled,
    /// (Stateless revisions) Lists a second tool, `weather`, whose `region`
    /// parameter is mirrored into `Mcp-Param-Region`, and refuses a call
    /// without it (400, −32020); and a third, `forecast`, whose
    /// `x-mcp-header` annotation is on a `number` (invalid).
    ParamHeaders,
    /// As `Polled`, but a GET is answered 405: the stream cannot be
    /// resumed.
    PolledGone,
    /// (Stateless revisions) `subscriptions/listen` is never acknowledged;
    /// a `notifications/prompts/list_changed`, which the probe did not
    /// request, comes on it instead.
    ListenUnrequested,
}

/// The sessions the test servers issued and not yet ended, and those
/// ended by DELETE (ids are unique across servers).
static SESSIONS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static DELETED: Mutex<Vec<String>> = Mutex::new(Vec::new());
static NEXT_SESSION: AtomicU64 = AtomicU64::new(1);

/// The session rules of the transport page, for a request other than
/// `initialize` (`flaw` may relax them); `Some(status)`: refused.
fn session_refusal(req: &Req, flaw: Flaw) -> Option<&'static str> {
    if flaw == Flaw::OpenSessions {
        return version_refusal(req, flaw);
    }
    let Some(id) = req.header("mcp-session-id") else {
        // "Servers that require a session ID SHOULD respond to requests
        // without an Mcp-Session-Id header (other than initialization)
        // with HTTP 400 Bad Request."
        if flaw == Flaw::WrongStatuses {
            return Some("404 Not Found");
        }
        return Some("400 Bad Request");
    };
    if !SESSIONS.lock().unwrap().iter().any(|s| s == id) {
        if flaw == Flaw::WrongStatuses && DELETED.lock().unwrap().iter().any(|s| s == id) {
            return Some("400 Bad Request");
        }
        return Some("404 Not Found");
    }
    version_refusal(req, flaw)
}

/// "If the server receives a request with an invalid or unsupported
/// MCP-Protocol-Version, it MUST respond with 400 Bad Request."
fn version_refusal(req: &Req, flaw: Flaw) -> Option<&'static str> {
    match req.header("mcp-protocol-version") {
        Some(v) if !INITIALIZE_ERA.contains(&v) && flaw != Flaw::AnyVersion => {
            Some("400 Bad Request")
        }
        None if flaw == Flaw::VersionRequired => Some("400 Bad Request"),
        _ => None,
    }
}

/// One request as the server read it.
struct Req {
    method: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Req {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn read_request(stream: &TcpStream) -> Option<Req> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let method = line.split_whitespace().next()?.to_string();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        reader.read_line(&mut h).ok()?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (n, v) = h.split_once(':')?;
        headers.push((n.trim().to_string(), v.trim().to_string()));
    }
    let len: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).ok()?;
    Some(Req {
        method,
        headers,
        body,
    })
}

fn respond(mut stream: &TcpStream, status: &str, headers: &[(&str, &str)], body: &[u8]) {
    let mut head = format!("HTTP/1.1 {status}\r\nconnection: close\r\n");
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str(&format!("content-length: {}\r\n\r\n", body.len()));
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
}

/// An SSE response whose body is `events` (written as they are), then the
/// connection closes.
fn respond_sse(mut stream: &TcpStream, events: &str) {
    let head = "HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: text/event-stream\r\n\r\n";
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(events.as_bytes());
}

fn json_response(stream: &TcpStream, value: &Value, extra: &[(&str, &str)]) {
    let mut headers = vec![("content-type", "application/json")];
    headers.extend_from_slice(extra);
    respond(stream, "200 OK", &headers, value.to_string().as_bytes());
}

fn serve(stream: TcpStream, flaw: Flaw) {
    let Some(req) = read_request(&stream) else {
        return;
    };
    if flaw != Flaw::OpenOrigin && req.header("origin").is_some() {
        // "If the Origin header is present and invalid, servers MUST
        // respond with HTTP 403 Forbidden."
        return respond(&stream, "403 Forbidden", &[], b"");
    }
    let authorized = req.header("authorization") == Some("Bearer s3cret-token")
        && req.header("x-api-key") == Some("k3y");
    if flaw == Flaw::NeedsAuth && !authorized {
        return respond(&stream, "401 Unauthorized", &[], b"");
    }
    match req.method.as_str() {
        "GET" if flaw == Flaw::Polled && req.header("last-event-id").is_some() => {
            return resume(&stream, &req)
        }
        "GET" => return respond(&stream, "405 Method Not Allowed", &[], b""),
        "DELETE" => {
            let id = req.header("mcp-session-id").unwrap_or_default().to_string();
            let mut sessions = SESSIONS.lock().unwrap();
            let before = sessions.len();
            sessions.retain(|s| *s != id);
            if sessions.len() == before {
                return respond(&stream, "404 Not Found", &[], b"");
            }
            DELETED.lock().unwrap().push(id);
            return respond(&stream, "200 OK", &[], b"");
        }
        _ => {}
    }
    let Ok(msg) = serde_json::from_slice::<Value>(&req.body) else {
        return respond(&stream, "400 Bad Request", &[], b"");
    };
    let stateless = req
        .header("mcp-protocol-version")
        .is_some_and(|v| ["2026-07-28", "draft"].contains(&v));
    if msg["method"] != "initialize" && !stateless {
        if let Some(status) = session_refusal(&req, flaw) {
            return respond(&stream, status, &[], b"");
        }
    }
    let (Some(id), Some(method)) = (msg.get("id"), msg["method"].as_str()) else {
        // A notification or a response.
        return respond(&stream, "202 Accepted", &[], b"");
    };
    let result = |r: Value| json!({"jsonrpc": "2.0", "id": id, "result": r});
    if let Some(version) = req
        .header("mcp-protocol-version")
        .filter(|v| ["2026-07-28", "draft"].contains(v))
    {
        return serve_stateless(&stream, &req, &msg, version, flaw);
    }
    match method {
        "initialize" => {
            match flaw {
                Flaw::WrongContentType => {
                    let body = result(json!({})).to_string();
                    return respond(
                        &stream,
                        "200 OK",
                        &[("content-type", "text/plain")],
                        body.as_bytes(),
                    );
                }
                Flaw::NotJson => {
                    let body = br#"{"jsonrpc": "2.0", "id": 1, "result": {"#;
                    return respond(
                        &stream,
                        "200 OK",
                        &[("content-type", "application/json")],
                        body,
                    );
                }
                Flaw::Hang => {
                    thread::sleep(Duration::from_secs(30));
                    return;
                }
                _ => {}
            }
            let offered = msg["params"]["protocolVersion"]
                .as_str()
                .unwrap_or_default();
            let version = if INITIALIZE_ERA.contains(&offered) {
                offered
            } else {
                "2025-11-25"
            };
            let session = format!("session-{}", NEXT_SESSION.fetch_add(1, Ordering::SeqCst));
            SESSIONS.lock().unwrap().push(session.clone());
            json_response(
                &stream,
                &result(json!({
                    "protocolVersion": version,
                    "capabilities": {"tools": {}},
                    "serverInfo": {"name": "loopback-test-server", "version": "1.0.0"}
                })),
                &[("mcp-session-id", &session)],
            );
        }
        "ping" if flaw == Flaw::CutStream => {
            respond_sse(
                &stream,
                "id: p0\ndata:\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":",
            );
        }
        "ping" if matches!(flaw, Flaw::Polled | Flaw::PolledGone) => {
            // The priming event, then the connection closes; the response
            // waits for the GET that resumes after `ping-<id>-0`.
            respond_sse(&stream, &format!("id: ping-{id}-0\nretry: 10\ndata:\n\n"));
        }
        "ping" => json_response(&stream, &result(json!({})), &[]),
        "tools/list" => json_response(
            &stream,
            &result(json!({"tools": [{"name": "echo", "inputSchema": {"type": "object"}}]})),
            &[],
        ),
        "tools/call" if msg.pointer("/params/name") != Some(&json!("echo")) => {
            // "Protocol Errors: Standard JSON-RPC errors for issues like:
            // Unknown tools" (server/tools, Error Handling).
            let error = json!({"jsonrpc": "2.0", "id": id,
                "error": {"code": -32602, "message": "Unknown tool"}});
            json_response(&stream, &error, &[]);
        }
        "tools/call" => {
            // A priming event, a request of the server's own before the
            // response (the probe answers it by POST), the response.
            let roots = json!({"jsonrpc": "2.0", "id": "server-1", "method": "roots/list"});
            let answer = result(json!({"content": [{"type": "text", "text": "echoed"}]}));
            respond_sse(
                &stream,
                &format!("id: e0\ndata:\n\nid: e1\ndata: {roots}\n\nid: e2\ndata: {answer}\n\n"),
            );
        }
        _ => json_response(
            &stream,
            &json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}}),
            &[],
        ),
    }
}

/// A GET with `Last-Event-ID: ping-<id>-0` (Flaw::Polled): the rest of
/// that stream, the ping's response.
fn resume(stream: &TcpStream, req: &Req) {
    let last = req.header("last-event-id").unwrap_or_default();
    let Some(id) = last
        .strip_prefix("ping-")
        .and_then(|r| r.strip_suffix("-0"))
        .and_then(|r| r.parse::<u64>().ok())
    else {
        return respond(stream, "400 Bad Request", &[], b"");
    };
    let answer = json!({"jsonrpc": "2.0", "id": id, "result": {}});
    respond_sse(stream, &format!("id: ping-{id}-1\ndata: {answer}\n\n"));
}

/// A request at a stateless revision (2026-07-28 on): its headers checked
/// against its body (a mismatch answered 400, −32020), then answered with
/// `resultType` and the caching fields; an unknown method is a 404 with
/// −32601 (basic/transports/streamable-http, Request Metadata).
fn serve_stateless(stream: &TcpStream, req: &Req, msg: &Value, version: &str, flaw: Flaw) {
    let id = &msg["id"];
    let method = msg["method"].as_str().unwrap_or_default();
    let meta = msg
        .pointer("/params/_meta/io.modelcontextprotocol~1protocolVersion")
        .and_then(Value::as_str);
    let name = msg.pointer("/params/name").and_then(Value::as_str);
    let name_ok = method != "tools/call" || req.header("mcp-name") == name;
    // "Any server that processes the message body MUST validate that
    // encoded header values … match the corresponding values in the
    // request body."
    let region = msg
        .pointer("/params/arguments/region")
        .and_then(Value::as_str);
    let param_ok = name != Some("weather") || req.header("mcp-param-region") == region;
    if meta != Some(version) || req.header("mcp-method") != Some(method) || !name_ok || !param_ok {
        let error = json!({"jsonrpc": "2.0", "id": id,
            "error": {"code": -32020, "message": "Header mismatch"}});
        let body = error.to_string();
        return respond(
            stream,
            "400 Bad Request",
            &[("content-type", "application/json")],
            body.as_bytes(),
        );
    }
    let result = |r: Value| json!({"jsonrpc": "2.0", "id": id, "result": r});
    let cached = |mut r: Value| {
        r["resultType"] = json!("complete");
        r["ttlMs"] = json!(0);
        r["cacheScope"] = json!("private");
        r
    };
    match method {
        "server/discover" => json_response(
            stream,
            &result(cached(json!({
                "supportedVersions": [version],
                "capabilities": {"tools": {"listChanged": true}},
                "_meta": {"io.modelcontextprotocol/serverInfo":
                    {"name": "loopback-test-server", "version": "1.0.0"}}
            }))),
            &[],
        ),
        "tools/list" => {
            let mut tools = vec![json!({"name": "echo", "inputSchema": {"type": "object"}})];
            if flaw == Flaw::ParamHeaders {
                tools.push(json!({"name": "weather", "inputSchema": {
                    "type": "object",
                    "properties": {"region": {"type": "string", "enum": ["us-west1"],
                        "x-mcp-header": "Region"}},
                    "required": ["region"]
                }}));
                // Invalid: `number` is not a primitive type the page allows.
                tools.push(json!({"name": "forecast", "inputSchema": {
                    "type": "object",
                    "properties": {"ratio": {"type": "number", "x-mcp-header": "Ratio"}}
                }}));
            }
            json_response(stream, &result(cached(json!({"tools": tools}))), &[])
        }
        "subscriptions/listen" => {
            // The acknowledgement (2026-07-28 basic/patterns/subscriptions),
            // then the stream stays open until the client closes it.
            let sub = json!({"io.modelcontextprotocol/subscriptionId": id});
            let event = if flaw == Flaw::ListenUnrequested {
                json!({"jsonrpc": "2.0", "method": "notifications/prompts/list_changed",
                    "params": {"_meta": sub}})
            } else {
                json!({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                    "params": {"_meta": sub, "notifications": {"toolsListChanged": true}}})
            };
            let mut out = stream;
            let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\
                        cache-control: no-cache\r\nconnection: close\r\n\r\n";
            let _ = out.write_all(format!("{head}data: {event}\n\n").as_bytes());
            let _ = out.flush();
            let mut rest = [0u8; 64];
            let _ = stream.set_read_timeout(Some(std::time::Duration::from_secs(5)));
            while matches!(out.read(&mut rest), Ok(n) if n > 0) {}
        }
        "tools/call" if !matches!(name, Some("echo" | "weather")) => {
            // "Unknown tool" is a protocol error; its example answers
            // -32602 (server/tools, Error Handling).
            let error = json!({"jsonrpc": "2.0", "id": id,
                "error": {"code": -32602, "message": "Unknown tool"}});
            json_response(stream, &error, &[]);
        }
        "tools/call" if name == Some("weather") && region.is_none() => {
            // "Input validation errors" are "Reported in tool results with
            // `isError: true`" (server/tools, Error Handling).
            let answer = result(json!({"resultType": "complete", "isError": true,
                "content": [{"type": "text", "text": "region is required"}]}));
            json_response(stream, &answer, &[]);
        }
        "tools/call" => {
            let answer = result(json!({"resultType": "complete",
                "content": [{"type": "text", "text": "echoed"}]}));
            respond_sse(stream, &format!("data: {answer}\n\n"));
        }
        _ => {
            let error = json!({"jsonrpc": "2.0", "id": id,
                "error": {"code": -32601, "message": "Method not found"}});
            let body = error.to_string();
            respond(
                stream,
                "404 Not Found",
                &[("content-type", "application/json")],
                body.as_bytes(),
            );
        }
    }
}

/// A server with `flaw` on a loopback port; its URL.
fn server(flaw: Flaw) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            thread::spawn(move || serve(stream, flaw));
        }
    });
    format!("http://{addr}/mcp")
}

#[test]
fn a_correct_server_is_clean_at_every_revision() {
    let url = server(Flaw::None);
    let run = probe(&["--tools", "all", "--url", &url]);
    assert_eq!(run.tables.len(), 6, "{}", run.text);
    for t in &run.tables {
        let offered = t["offered"].as_str().unwrap();
        if INITIALIZE_ERA.contains(&offered) {
            assert_eq!(t["negotiated"], offered, "{t}");
            assert_eq!(t["transport"], "streamable-http", "{t}");
            for m in ["initialize", "ping", "tools/list", "tools/call"] {
                assert_eq!(ok(t, m), 1, "{offered}: {m}: {t}");
            }
            assert_eq!(
                t["origin_check"], "a POST of 'initialize' refused (HTTP 403)",
                "{t}"
            );
        } else {
            // server/discover and the per-request headers.
            assert_eq!(t["negotiated"], offered, "{t}");
            // subscriptions/listen: it declares `tools.listChanged`.
            for m in [
                "server/discover",
                "tools/list",
                "tools/call",
                "subscriptions/listen",
            ] {
                assert_eq!(ok(t, m), 1, "{offered}: {m}: {t}");
            }
            assert_eq!(
                t["origin_check"], "a POST of 'server/discover' refused (HTTP 403)",
                "{t}"
            );
        }
        assert_eq!(
            t["methods"]["mcpwire/probe-unknown-method"]["error"], 1,
            "{t}"
        );
        // The full exercise: the unknown tool answered -32602.
        assert_eq!(t["methods"]["tools/call (unknown tool)"]["error"], 1, "{t}");
        assert_eq!(t["findings"], json!({}), "{offered}: {t}");
    }
    // Nothing the probe sent broke a rule (headers, session id, protocol
    // version, its answer to the server's roots/list), and nothing else.
    assert_eq!(run.keywords(), Vec::<&str>::new(), "{}", run.text);
    // Per initialize-era revision: 7 requests and their answers
    // (initialize, ping, tools/list, the unknown method, the unknown tool,
    // the cancelled ping, tools/call), the initialized notification, the
    // cancellation, roots/list and its answer, and the Origin check's
    // initialize (refused, no JSON answer); per stateless one: 5 requests
    // and their answers (server/discover, tools/list, the unknown method,
    // the unknown tool, tools/call; no ping, no cancellation: closing the
    // stream is the cancellation there), subscriptions/listen and its
    // acknowledgement, and the Origin check's server/discover.
    assert_eq!(run.summary["messages"], 4 * 19 + 2 * 13, "{}", run.summary);
    assert_eq!(run.status, Some(0));
}

#[test]
fn a_correct_server_passes_the_session_and_version_checks() {
    let url = server(Flaw::None);
    let run = probe(&[
        "--tools",
        "none",
        "--spec",
        "2025-03-26,2025-11-25",
        "--url",
        &url,
    ]);
    let t = run.table("2025-11-25");
    assert_eq!(
        t["http_checks"],
        json!({
            "session-missing": "a POST of 'ping' without Mcp-Session-Id refused (HTTP 400)",
            "session-made-up": "a POST of 'ping' with a made-up Mcp-Session-Id refused (HTTP 404)",
            "session-deleted": "a POST of 'ping' with the Mcp-Session-Id of a session DELETEd refused (HTTP 404)",
            "version-missing": "a POST of 'ping' without MCP-Protocol-Version served (HTTP 200)",
            "version-unsupported": "a POST of 'ping' with MCP-Protocol-Version: 1999-01-01 refused (HTTP 400)",
        }),
        "{t}"
    );
    // 2025-03-26 defines no MCP-Protocol-Version header.
    let old = run.table("2025-03-26");
    let checks: Vec<&String> = old["http_checks"].as_object().unwrap().keys().collect();
    assert_eq!(
        checks,
        ["session-deleted", "session-made-up", "session-missing"],
        "{old}"
    );
    assert_eq!(run.keywords(), Vec::<&str>::new(), "{}", run.text);
    assert_eq!(run.status, Some(0));
}

/// The findings of a run at 2025-11-25 against a server with `flaw`.
fn checked(flaw: Flaw) -> Run {
    let url = server(flaw);
    probe(&["--tools", "none", "--spec", "2025-11-25", "--url", &url])
}

#[test]
fn a_server_that_serves_any_session_id_is_found() {
    let run = checked(Flaw::OpenSessions);
    let t = run.table("2025-11-25");
    assert_eq!(
        t["findings"],
        json!({"probe-session-made-up": 1, "probe-session-deleted": 1}),
        "{t}"
    );
    // Served without a session id: it does not require one, which the
    // sentence allows.
    assert_eq!(
        t["http_checks"]["session-missing"],
        "a POST of 'ping' without Mcp-Session-Id served (HTTP 200)"
    );
    let deleted = run
        .findings
        .iter()
        .find(|f| f["keyword"] == "probe-session-deleted")
        .unwrap();
    assert_eq!(deleted["severity"], "violation", "{deleted}");
    assert!(deleted["message"]
        .as_str()
        .unwrap()
        .contains("MUST respond to requests containing that session ID with HTTP 404 Not Found"));
    assert_eq!(run.status, Some(1));
}

#[test]
fn session_refusals_with_the_wrong_status_are_found() {
    let run = checked(Flaw::WrongStatuses);
    let t = run.table("2025-11-25");
    assert_eq!(
        t["findings"],
        json!({"probe-session-missing": 1, "probe-session-deleted": 1}),
        "{t}"
    );
    let missing = run
        .findings
        .iter()
        .find(|f| f["keyword"] == "probe-session-missing")
        .unwrap();
    assert_eq!(missing["severity"], "warning", "{missing}");
    assert_eq!(run.status, Some(1));
}

#[test]
fn protocol_version_header_checks_fire() {
    let run = checked(Flaw::AnyVersion);
    let t = run.table("2025-11-25");
    assert_eq!(
        t["findings"],
        json!({"probe-version-unsupported": 1}),
        "{t}"
    );
    assert!(run.findings[0]["message"]
        .as_str()
        .unwrap()
        .contains("it MUST respond with 400 Bad Request"));
    let run = checked(Flaw::VersionRequired);
    let t = run.table("2025-11-25");
    assert_eq!(t["findings"], json!({"probe-version-missing": 1}), "{t}");
    assert_eq!(run.findings[0]["severity"], "warning");
    assert_eq!(run.status, Some(0), "a warning does not fail the run");
}

#[test]
fn headers_are_sent_everywhere_and_redacted_in_every_output() {
    // A key in the URL's query too (hosted servers take `api_key` there).
    let url = format!("{}?api_key=qk-4719", server(Flaw::NeedsAuth));
    let dir = std::env::temp_dir().join(format!("mcpwire-probe-header-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (har, transcript, sarif) = (
        dir.join("probe.har"),
        dir.join("probe.jsonl"),
        dir.join("probe.sarif"),
    );
    let sarif_out = format!("sarif={}", sarif.display());
    let run = probe(&[
        "--tools",
        "all",
        "--spec",
        "2025-11-25",
        "--header",
        "Authorization: Bearer s3cret-token",
        "--header",
        "X-Api-Key: k3y",
        "--har",
        har.to_str().unwrap(),
        "--transcript",
        transcript.to_str().unwrap(),
        "--output",
        &sarif_out,
        "--url",
        &url,
    ]);
    let t = run.table("2025-11-25");
    // Every request carried them: the exercise, the checks, the Origin
    // check (refused for its Origin, not for want of credentials).
    assert_eq!(ok(t, "tools/call"), 1, "{t}");
    assert_eq!(t["findings"], json!({}), "{t}");
    assert_eq!(
        t["origin_check"], "a POST of 'initialize' refused (HTTP 403)",
        "{t}"
    );
    assert_eq!(t["http_checks"].as_object().unwrap().len(), 5, "{t}");
    for file in [&har, &transcript, &sarif] {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(
            !text.contains("s3cret") && !text.contains("k3y\"") && !text.contains("qk-4719"),
            "{}: {text}",
            file.display()
        );
    }
    let har_text = std::fs::read_to_string(&har).unwrap();
    assert!(har_text.contains("<redacted:19>"), "{har_text}");
    assert!(har_text.contains("<redacted:3>"), "{har_text}");
    assert!(har_text.contains("api_key=<redacted:7>"), "{har_text}");
    assert!(
        !run.text.contains("s3cret") && !run.text.contains("qk-4719"),
        "{}",
        run.text
    );
    // Without them the server refuses everything.
    let bare = probe(&["--spec", "2025-11-25", "--url", &url]);
    assert!(bare.table("2025-11-25")["negotiated"].is_null());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Findings by keyword, without the probe's own (which only a client that
/// drives the server can see).
fn by_keyword(findings: &[Value]) -> std::collections::BTreeMap<String, usize> {
    let mut m = std::collections::BTreeMap::new();
    for f in findings {
        let k = f["keyword"].as_str().unwrap_or_default();
        if !k.starts_with("probe-") {
            *m.entry(k.to_string()).or_default() += 1;
        }
    }
    m
}

/// `mcpwire check FILE --format json`: its findings.
fn check_file(path: &Path) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|l| l.get("summary").is_none() && l.get("keyword").is_some())
        .collect()
}

#[test]
fn a_har_and_a_transcript_of_the_probe_check_the_same() {
    let url = server(Flaw::WrongContentType);
    let dir = std::env::temp_dir().join(format!("mcpwire-probe-har-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (har, transcript) = (dir.join("probe.har"), dir.join("probe.jsonl"));
    let run = probe(&[
        "--spec",
        "2025-11-25",
        "--har",
        har.to_str().unwrap(),
        "--transcript",
        transcript.to_str().unwrap(),
        "--url",
        &url,
    ]);
    let mut probed = by_keyword(&run.findings);
    assert_eq!(
        probed,
        [("http.post-response-content-type".to_string(), 1)].into(),
        "{}",
        run.text
    );
    // A request the probe reports as `probe-no-response` (answered, but
    // without a JSON-RPC response) is, to a reader of the capture, a
    // request never answered.
    let no_response = run
        .keywords()
        .iter()
        .filter(|k| **k == "probe-no-response")
        .count();
    assert_eq!(no_response, 1, "{}", run.text);
    probed.insert("unanswered".into(), no_response);
    for file in [&har, &transcript] {
        let text = std::fs::read_to_string(file).unwrap();
        assert_eq!(by_keyword(&check_file(file)), probed, "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stream_closed_after_its_priming_event_is_resumed() {
    let url = server(Flaw::Polled);
    let run = probe(&["--tools", "none", "--spec", "2025-11-25", "--url", &url]);
    let t = run.table("2025-11-25");
    assert_eq!(ok(t, "ping"), 1, "{t}");
    assert_eq!(t["findings"], json!({}), "{t}");
    assert_eq!(run.keywords(), Vec::<&str>::new(), "{}", run.text);
    // Where the stream cannot be resumed, no response came.
    let url = server(Flaw::PolledGone);
    let run = probe(&["--tools", "none", "--spec", "2025-11-25", "--url", &url]);
    let t = run.table("2025-11-25");
    assert_eq!(t["methods"]["ping"]["error"], 1, "{t}");
    assert_eq!(t["findings"], json!({"probe-no-response": 1}), "{t}");
    let f = &run.findings[0];
    assert!(
        f["message"].as_str().unwrap().contains(
            "the SSE stream ended without the response; resuming it with a GET with \
             Last-Event-ID: ping-2-0 was answered HTTP 405"
        ),
        "{f}"
    );
}

#[test]
fn tool_parameters_are_mirrored_into_mcp_param_headers() {
    let url = server(Flaw::ParamHeaders);
    let run = probe(&["--tools", "all", "--spec", "2026-07-28", "--url", &url]);
    let t = run.table("2026-07-28");
    // Both calls served: the server refuses `weather` without a matching
    // Mcp-Param-Region.
    assert_eq!(ok(t, "tools/call"), 2, "{t}");
    assert_eq!(t["findings"], json!({}), "{t}");
    // `forecast` is excluded: not called, and listed with the constraint
    // it breaks.
    let skipped = t["not_called"].to_string();
    assert!(skipped.contains("tools/call forecast"), "{skipped}");
    assert!(
        skipped.contains("MUST only be applied to parameters with primitive types"),
        "{skipped}"
    );
    assert_eq!(run.status, Some(0));
}

#[test]
fn a_listen_stream_without_acknowledgement_is_found() {
    let url = server(Flaw::ListenUnrequested);
    let run = probe(&["--tools", "all", "--spec", "2026-07-28", "--url", &url]);
    let t = run.table("2026-07-28");
    assert_eq!(t["methods"]["subscriptions/listen"]["timed_out"], 1, "{t}");
    // The prompts notification came unacknowledged and unrequested (the
    // probe asked for toolsListChanged only); the session also finds it
    // from a server that declares no `prompts.listChanged`.
    assert_eq!(
        t["findings"],
        json!({"probe-listen-before-ack": 1, "probe-listen-unrequested": 1,
            "probe-listen-unacknowledged": 1,
            "capability.prompts-list-changed-undeclared": 1}),
        "{t}"
    );
    let text = run.text.as_str();
    assert!(
        text.contains("notifications/prompts/list_changed"),
        "{text}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn a_server_that_serves_a_foreign_origin_is_a_violation() {
    let url = server(Flaw::OpenOrigin);
    let run = probe(&["--spec", "2025-11-25", "--url", &url]);
    let t = run.table("2025-11-25");
    assert_eq!(t["findings"], json!({"probe-origin": 1}), "{t}");
    assert_eq!(
        t["origin_check"],
        "a POST of 'initialize' served (HTTP 200)"
    );
    assert_eq!(run.keywords(), ["probe-origin"]);
    assert_eq!(run.findings[0]["severity"], "violation");
    assert!(run.findings[0]["message"]
        .as_str()
        .unwrap()
        .contains("servers MUST respond with HTTP 403 Forbidden"));
    assert_eq!(run.status, Some(1), "a violation fails the run");
}

#[test]
fn initialize_answered_with_a_wrong_content_type() {
    let url = server(Flaw::WrongContentType);
    let run = probe(&["--spec", "2025-11-25", "--url", &url]);
    let t = run.table("2025-11-25");
    assert!(t["negotiated"].is_null(), "{t}");
    assert_eq!(
        t["findings"],
        json!({"http.post-response-content-type": 1, "probe-no-response": 1, "probe-no-handshake": 1}),
        "{t}"
    );
    let f = &run.findings[0];
    assert_eq!(f["keyword"], "http.post-response-content-type", "{f}");
    assert_eq!(f["file"], "2025-11-25 <server>");
    assert!(
        f["message"].as_str().unwrap().contains("\"text/plain\""),
        "{f}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn initialize_answered_with_a_body_that_is_no_json() {
    let url = server(Flaw::NotJson);
    let run = probe(&["--spec", "2025-06-18", "--url", &url]);
    let t = run.table("2025-06-18");
    assert_eq!(
        t["findings"],
        json!({"input": 1, "probe-no-response": 1, "probe-no-handshake": 1}),
        "{t}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn an_sse_stream_cut_inside_an_event_and_the_probe_goes_on() {
    let url = server(Flaw::CutStream);
    let run = probe(&["--tools", "all", "--spec", "2025-11-25", "--url", &url]);
    let t = run.table("2025-11-25");
    assert_eq!(t["methods"]["ping"]["error"], 1, "{t}");
    // The rest was exercised all the same.
    assert_eq!(ok(t, "tools/call"), 1, "{t}");
    assert_eq!(
        t["findings"],
        // The cancelled ping's stream is cut the same way.
        json!({"input": 2, "probe-no-response": 1}),
        "{t}"
    );
    let cut = run
        .findings
        .iter()
        .find(|f| f["keyword"] == "input")
        .unwrap();
    assert!(
        cut["message"]
            .as_str()
            .unwrap()
            .contains("the SSE stream ended inside an event"),
        "{cut}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn an_initialize_never_answered_times_out() {
    let url = server(Flaw::Hang);
    let started = Instant::now();
    let run = probe(&["--timeout", "1s", "--spec", "2025-03-26", "--url", &url]);
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    let t = run.table("2025-03-26");
    assert_eq!(t["methods"]["initialize"]["timed_out"], 1, "{t}");
    assert_eq!(
        t["findings"],
        json!({"probe-timeout": 1, "probe-no-handshake": 1, "unanswered": 1}),
        "{t}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn nothing_listening_is_a_finding_not_a_crash() {
    let port = support::everything::free_port(); // bound, then released: nothing listens there
    let url = format!("http://127.0.0.1:{port}/mcp");
    let run = probe(&["--spec", "2025-11-25", "--url", &url]);
    let t = run.table("2025-11-25");
    assert!(t["negotiated"].is_null(), "{t}");
    assert_eq!(
        t["findings"],
        json!({"probe-server-closed": 1, "probe-no-handshake": 1, "transport": 1, "unanswered": 1}),
        "{t}"
    );
    let closed = run
        .findings
        .iter()
        .find(|f| f["keyword"] == "probe-server-closed")
        .unwrap();
    assert!(
        closed["message"]
            .as_str()
            .unwrap()
            .contains("the server could not be reached"),
        "{closed}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn url_usage_errors() {
    for args in [
        vec!["--url", "ftp://127.0.0.1/mcp"],
        vec!["--url", "http://127.0.0.1:1/mcp", "--", "true"],
        vec!["--url", "http://127.0.0.1:1/mcp", "--env", "A=b"],
        vec![
            "--url",
            "http://127.0.0.1:1/mcp",
            "--header",
            "Authorization Bearer x",
        ],
        vec![
            "--url",
            "http://127.0.0.1:1/mcp",
            "--header",
            "Mcp-Session-Id: x",
        ],
        vec!["--header", "Authorization: Bearer x", "--", "true"],
        vec!["--har", "x.har", "--", "true"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
            .arg("probe")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

fn message_of(f: &Value) -> &str {
    f["message"].as_str().unwrap_or_default()
}
