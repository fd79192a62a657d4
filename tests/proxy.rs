//! `mcpwire proxy` against a scripted fake server (tests/proxy_fake): every
//! byte forwarded unchanged both ways (sha256), every message and SSE
//! event judged, every HTTP rule firing exactly where the script breaks it
//! and nowhere else — and the proxy's `--har` capture, checked with
//! `mcpwire check`, giving the same findings.

mod proxy_fake;

use std::{collections::BTreeMap, process::Command};

use proxy_fake::{
    run::{client, findings, send, Got, Proxy},
    sha, FakeServer, Piece, Received, Reply,
};

const ACCEPT: (&str, &str) = ("accept", "application/json, text/event-stream");
const JSON: (&str, &str) = ("content-type", "application/json");

fn init_result(v: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"{v}","capabilities":{{"tools":{{}},"logging":{{}}}},"serverInfo":{{"name":"fake","version":"1"}}}}}}"#
    )
}

fn init_request(v: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{v}","capabilities":{{"roots":{{"listChanged":true}}}},"clientInfo":{{"name":"test","version":"1"}}}}}}"#
    )
}

fn ping(id: u32) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#)
}

fn pong(id: u32) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{}}}}"#)
}

const META26: &str = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"test","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}"#;

/// The fake server's script, by the request's `x-test` tag.
fn script(r: &Received) -> Reply {
    let event = |id: &str, data: &str| format!("id: {id}\ndata: {data}\n\n");
    match r.tag.as_str() {
        // 2026-07-28, no sessions.
        "discover" => Reply::new(200).json(r#"{"jsonrpc":"2.0","id":"d1","result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake","version":"1"}},"ttlMs":0,"cacheScope":"private"}}"#),
        "name-mismatch" => Reply::new(200).sse(&[
            "data: {\"jsonrpc\":\"2.0\",\"id\":\"s9\",\"method\":\"ping\"}\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32020,\"message\":\"Header mismatch\"}}\n\n",
        ]),
        "no-headers-26" => Reply::new(400).json(r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32020,"message":"Header mismatch: MCP-Protocol-Version missing"}}"#),
        // 2025-11-25 with a session.
        "init" => Reply::new(200).header("mcp-session-id", "sess-A").json(&init_result("2025-11-25")),
        "initialized" | "pong" => Reply::new(202),
        "list-sse" => Reply::new(200).sse(&[
            "id: a0\r\ndata:\r",
            "\n\r\nid: a1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"listing\"}}\n\nid: a2\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,",
            "\"result\":{\"tools\":[]}}\n",
            "\n",
        ]),
        "call-cut" => Reply::new(200).sse(&["id: b0\ndata:\n\n"]),
        "resume" => {
            let done = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}]}}"#;
            Reply::new(200).sse(&[&event("b1", done), &event("b1", done)])
        }
        "get-stream" => Reply::new(200).sse(&[
            "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"ping\"}\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}\n\n",
        ]),
        "bad-accept" => Reply::new(200).json(&pong(3)),
        "no-pv" => Reply::new(200).json(&pong(4)),
        "wrong-pv" => Reply::new(200).json(&pong(5)),
        "no-session" => Reply::new(200).json(&pong(6)),
        "notif-200" => Reply::new(200),
        "notif-body" => Reply::new(202).header("content-type", "text/plain").chunks(&["accepted"]),
        "text-answer" => Reply::new(200).header("content-type", "text/plain").chunks(&["pong"]),
        "get-json" => Reply::new(200).header("content-type", "application/json"),
        "get-no-accept" => Reply::new(405),
        "sse-junk" => Reply::new(200).sse(&[
            "data: not json\n\n",
            "data: {}\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}\n\n",
        ]),
        "sse-cut" => Reply::new(200).sse(&["data: {\"jsonrpc\":\"2.0\",\"id\":9,\"res"]),
        "reset" => Reply::new(200).sse(&["id: r0\ndata:\n\n"]).piece(Piece::Reset),
        "bad-request" => Reply::new(400).json(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}"#),
        "oversized" => Reply::new(200).json(&pong(12)),
        "delete" => Reply::new(200),
        "init-b" => Reply::new(200).header("mcp-session-id", "bad id").json(&init_result("2025-11-25")),
        // 2024-11-05 HTTP+SSE.
        "sse-open" => Reply::new(200)
            .header("content-type", "text/event-stream")
            .chunks(&["event: endpoint\ndata: /message?sessionId=L1\n\n"])
            .piece(Piece::Feed("legacy".into())),
        "legacy-init" => Reply::new(202).chunks(&["Accepted"]).push(
            "legacy",
            &format!("event: message\ndata: {}\n\n", init_result("2024-11-05")),
        ),
        "legacy-initialized" => Reply::new(202).chunks(&["Accepted"]),
        "legacy-list" => Reply::new(202)
            .chunks(&["Accepted"])
            .push("legacy", "event: weird\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n")
            .close("legacy"),
        "sse-broken" => Reply::new(200).sse(&[
            "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"x\"}}\n\n",
        ]),
        other => Reply::new(500).chunks(&[&format!("no script for {other:?}")]),
    }
}

struct Sent {
    tag: &'static str,
    body: Vec<u8>,
    got: Got,
}

/// Plays the client's side; returns every exchange in order.
async fn play(base: std::net::SocketAddr) -> Vec<Sent> {
    let c = client();
    let mut sent = Vec::new();
    macro_rules! x {
        ($tag:expr, $method:expr, $path:expr, [$($h:expr),*], $body:expr) => {{
            let body: Vec<u8> = $body.into();
            let mut headers = vec![("x-test", $tag)];
            $(headers.push($h);)*
            eprintln!("-> {}", $tag);
            let got = send(&c, base, $method, $path, &headers, &body).await;
            sent.push(Sent { tag: $tag, body, got });
        }};
    }
    let s = ("mcp-session-id", "sess-A");
    let pv = ("mcp-protocol-version", "2025-11-25");
    let sse = ("accept", "text/event-stream");
    // 2026-07-28: exchanges 1-3.
    let pv26 = ("mcp-protocol-version", "2026-07-28");
    x!(
        "discover",
        "POST",
        "/mcp",
        [ACCEPT, JSON, pv26, ("mcp-method", "server/discover")],
        format!(
            r#"{{"jsonrpc":"2.0","id":"d1","method":"server/discover","params":{{{META26}}}}}"#
        )
    );
    x!(
        "name-mismatch",
        "POST",
        "/mcp",
        [
            ACCEPT,
            JSON,
            pv26,
            ("mcp-method", "tools/call"),
            ("mcp-name", "=?base64?d3Jvbmc=?=")
        ],
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"right","arguments":{{}},{META26}}}}}"#
        )
    );
    x!(
        "no-headers-26",
        "POST",
        "/mcp",
        [ACCEPT, JSON],
        format!(r#"{{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{{{META26}}}}}"#)
    );
    // 2025-11-25: exchanges 4-25.
    x!(
        "init",
        "POST",
        "/mcp",
        [ACCEPT, JSON],
        init_request("2025-11-25")
    );
    x!(
        "initialized",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
    );
    x!(
        "list-sse",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#
    );
    x!(
        "call-cut",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}"#
    );
    x!(
        "resume",
        "GET",
        "/mcp",
        [sse, s, pv, ("last-event-id", "b0")],
        ""
    );
    x!("get-stream", "GET", "/mcp", [sse, s, pv], "");
    x!(
        "pong",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","id":"srv-1","result":{}}"#
    );
    x!(
        "bad-accept",
        "POST",
        "/mcp",
        [("accept", "application/json"), JSON, s, pv],
        ping(3)
    );
    x!("no-pv", "POST", "/mcp", [ACCEPT, JSON, s], ping(4));
    x!(
        "wrong-pv",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, ("mcp-protocol-version", "2025-06-18")],
        ping(5)
    );
    x!("no-session", "POST", "/mcp", [ACCEPT, JSON, pv], ping(6));
    x!(
        "notif-200",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#
    );
    x!(
        "notif-body",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#
    );
    x!(
        "text-answer",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        ping(7)
    );
    x!("get-json", "GET", "/mcp", [sse, s, pv], "");
    x!("get-no-accept", "GET", "/mcp", [s, pv], "");
    x!("sse-junk", "POST", "/mcp", [ACCEPT, JSON, s, pv], ping(8));
    x!("sse-cut", "POST", "/mcp", [ACCEPT, JSON, s, pv], ping(9));
    x!("reset", "POST", "/mcp", [ACCEPT, JSON, s, pv], ping(10));
    x!(
        "bad-request",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        r#"{"jsonrpc":"2.0","id":11,"method":"tools/call""#
    );
    let pad = "x".repeat(100_000);
    x!(
        "oversized",
        "POST",
        "/mcp",
        [ACCEPT, JSON, s, pv],
        format!(
            r#"{{"jsonrpc":"2.0","id":12,"method":"ping","params":{{"_meta":{{"pad":"{pad}"}}}}}}"#
        )
    );
    x!("delete", "DELETE", "/mcp", [s, pv], "");
    // A second session whose id is not visible ASCII: exchange 26.
    x!(
        "init-b",
        "POST",
        "/mcp",
        [ACCEPT, JSON],
        init_request("2025-11-25")
    );
    // 2024-11-05 HTTP+SSE: the SSE endpoint held open (27) while the
    // client posts to the message endpoint it announced (28-30).
    let c2 = c.clone();
    let stream = tokio::spawn(async move {
        send(
            &c2,
            base,
            "GET",
            "/sse",
            &[("x-test", "sse-open"), ("accept", "text/event-stream")],
            b"",
        )
        .await
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    x!(
        "legacy-init",
        "POST",
        "/message?sessionId=L1",
        [JSON],
        init_request("2024-11-05")
    );
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    x!(
        "legacy-initialized",
        "POST",
        "/message?sessionId=L1",
        [JSON],
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
    );
    x!(
        "legacy-list",
        "POST",
        "/message?sessionId=L1",
        [JSON],
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#
    );
    let got = stream.await.unwrap();
    sent.insert(
        26,
        Sent {
            tag: "sse-open",
            body: Vec::new(),
            got,
        },
    );
    // An SSE endpoint whose first event is not `endpoint`: 31.
    x!("sse-broken", "GET", "/sse-broken", [sse], "");
    sent
}

/// (exchange, keyword) of every finding the script provokes.
fn expected() -> Vec<(u64, String)> {
    let mut e: Vec<(u64, &str)> = vec![
        // 2: Mcp-Name decodes to "wrong", not "right"; the server let it
        // through (200), sent a request on the response stream, and the
        // -32020 error on an SSE stream (status 200).
        (2, "http.mcp-name-header"),
        (2, "http.header-mismatch-rejected"),
        (2, "http.no-requests-on-response-stream"),
        (2, "http.status-400-for-header-errors"),
        // … and that request (2026-07-28 has no server-to-client `ping`)
        // is never answered.
        (2, "method_not_in_revision"),
        (2, "unanswered"),
        // (Judged at 2026-07-28 without an assumption: no `initialize` in
        // this conversation, but its request's MCP-Protocol-Version header
        // names the revision.)
        // 3: no MCP-Protocol-Version, no Mcp-Method (answered 400: fine).
        (3, "http.protocol-version-every-post"),
        (3, "http.mcp-method-header"),
        // 9: a response on the GET stream (no Last-Event-ID), to no request.
        (9, "http.get-stream-no-response"),
        (9, "unknown_response"),
        // 8: the resumed stream replays the response twice.
        (8, "duplicate_response"),
        (11, "http.post-accept"),
        (12, "http.protocol-version-header"),
        (13, "http.protocol-version-negotiated"),
        (14, "http.session-id-required"),
        (15, "http.accepted-status-202"),
        (16, "http.accepted-no-body"),
        // 17: text/plain to a request: the rule, and ping 7 never answered.
        (17, "http.post-response-content-type"),
        (17, "unanswered"),
        (18, "http.get-response-content-type"),
        (19, "http.get-accept"),
        // 20: non-JSON data, then `{}`; the stream opens without the
        // 2025-11-25 priming event.
        (20, "http.sse-priming-event"),
        (20, "input"),
        (20, "required"),
        (20, "required"),
        // 21: cut inside an event; ping 9 unanswered.
        (21, "input"),
        (21, "unanswered"),
        // 22: upstream reset; ping 10 unanswered.
        (22, "transport"),
        (22, "unanswered"),
        // 23: cut JSON request; the parse error's null id.
        (23, "input"),
        (23, "type"),
        // 24: the request over the limit; its answer then matches nothing.
        (24, "input"),
        (24, "unknown_response"),
        (26, "http.session-id-visible-ascii"),
        // The `weird` event travels on the SSE endpoint's stream.
        (27, "http.legacy-message-event"),
        (31, "http.legacy-endpoint-event"),
        (31, "assumption"),
    ];
    e.sort();
    e.into_iter().map(|(n, k)| (n, k.to_string())).collect()
}

#[test]
fn proxy_forwards_unchanged_and_judges_every_rule_where_scripted() {
    let server = FakeServer::start(script);
    let dir = tempfile::tempdir().unwrap();
    let transcript = dir.path().join("transcript.jsonl");
    let (proxy, report, har) = Proxy::recording(
        &format!("http://{}/mcp", server.addr),
        dir.path(),
        "",
        &[
            "--transcript",
            transcript.to_str().unwrap(),
            "--max-message-bytes",
            "64KiB",
        ],
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let sent = rt.block_on(play(proxy.addr));
    let stderr = proxy.stderr.clone();
    let code = proxy.stop();
    let stderr = stderr.lock().unwrap().clone();

    // Bytes: what the client sent is what the server received, and what
    // the server sent is what the client received.
    let received: BTreeMap<String, Received> = server
        .received()
        .into_iter()
        .map(|r| (r.tag.clone(), r))
        .collect();
    assert_eq!(
        received.len(),
        sent.len(),
        "every request reached the server"
    );
    for s in &sent {
        let r = &received[s.tag];
        assert_eq!(
            sha(&r.body),
            sha(&s.body),
            "{}: request body changed",
            s.tag
        );
        assert_eq!(
            sha(&server.sent(s.tag)),
            sha(&s.got.body),
            "{}: response body changed",
            s.tag
        );
        assert_eq!(s.got.broken, s.tag == "reset", "{}: broken stream", s.tag);
    }
    assert_eq!(
        received["init"]
            .headers
            .iter()
            .find(|(n, _)| n == "host")
            .map(|h| h.1.clone()),
        Some(server.addr.to_string()),
        "Host is the upstream's"
    );

    let report = std::fs::read_to_string(&report).unwrap();
    let got = findings(&report);
    assert_eq!(
        got,
        expected(),
        "proxy findings\n{report}\nstderr:\n{stderr}"
    );
    assert_eq!(code, Some(1), "violations: exit 1");
    let summary: serde_json::Value = serde_json::from_str(report.lines().last().unwrap()).unwrap();
    assert!(
        summary["dropped"].is_null(),
        "nothing went unjudged: {summary}"
    );
    // Every message was judged: 31 request bodies (the GETs' and DELETE's
    // empty bodies are not messages: 24), 8 JSON response bodies, 16 SSE
    // events carrying data (priming events, `endpoint` and the cut event
    // are not messages).
    assert_eq!(summary["messages"], 48, "{summary}");

    // The capture gives the same findings, and so does the transcript
    // (JSON Lines records with an `http` member).
    let check = |file: &std::path::Path, what: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
            .args(["check", "--format", "json", "--max-message-bytes", "64KiB"])
            .arg(file)
            .output()
            .unwrap();
        let checked = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(
            findings(&checked),
            expected(),
            "check on the {what}\n{checked}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        checked
    };
    check(&har, "HAR");
    let har: serde_json::Value = serde_json::from_slice(&std::fs::read(&har).unwrap()).unwrap();
    assert_eq!(har["log"]["entries"].as_array().unwrap().len(), sent.len());

    let checked = check(&transcript, "transcript");
    let checked: serde_json::Value = serde_json::from_str(checked.lines().last().unwrap()).unwrap();
    assert_eq!(checked["messages"], 48, "{checked}");
    let text = std::fs::read_to_string(&transcript).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Every record names its exchange and step; message records are
    // ordinary transcript records (`dir`, `msg`) too.
    assert!(records.iter().all(|r| r["http"]["exchange"].is_u64()));
    let init = records
        .iter()
        .find(|r| r["http"]["step"] == "request" && r["msg"]["method"] == "initialize")
        .unwrap();
    assert_eq!(init["dir"], "c2s");
    assert_eq!(init["http"]["method"], "POST");
    assert_eq!(init["http"]["target"], "/mcp");
    let resumed = records
        .iter()
        .find(|r| r["http"]["step"] == "event" && r["http"]["id"] == "b1")
        .unwrap();
    assert_eq!(resumed["dir"], "s2c");
    assert_eq!(resumed["msg"]["id"], 2);
    // A body that is no JSON text travels as `body`.
    assert!(records
        .iter()
        .any(|r| r["http"]["body"] == r#"{"jsonrpc":"2.0","id":11,"method":"tools/call""#));
}

/// A CA and a certificate for 127.0.0.1 it signed, made for this run:
/// (the CA's PEM, the server's TLS configuration).
fn private_ca() -> (String, std::sync::Arc<rustls::ServerConfig>) {
    use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair, KeyUsagePurpose};
    let mut ca = CertificateParams::new(Vec::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    ca.distinguished_name
        .push(rcgen::DnType::CommonName, "mcpwire test CA");
    let ca_key = KeyPair::generate().unwrap();
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca, ca_key);
    let mut leaf = CertificateParams::new(vec!["127.0.0.1".to_string()]).unwrap();
    leaf.use_authority_key_identifier_extension = true;
    let leaf_key = KeyPair::generate().unwrap();
    let leaf_cert = leaf.signed_by(&leaf_key, &issuer).unwrap();
    let config = rustls::ServerConfig::builder_with_provider(std::sync::Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(
        vec![leaf_cert.der().clone()],
        rustls_pki_types::PrivateKeyDer::Pkcs8(leaf_key.serialize_der().into()),
    )
    .unwrap();
    (ca_cert.pem(), std::sync::Arc::new(config))
}

/// An HTTPS upstream whose certificate a private CA signed: told to trust
/// that CA (`--upstream-ca`), the proxy forwards every byte unchanged and
/// judges every message (a JSON answer, an SSE stream, a scripted
/// violation); without it, the TLS handshake fails, the client gets a 502
/// and the failure is a `transport` finding.
#[test]
fn https_upstream_with_a_private_ca() {
    let (ca_pem, tls) = private_ca();
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("ca.pem");
    std::fs::write(&ca, &ca_pem).unwrap();
    let server = FakeServer::start_tls(
        |r: &Received| match r.tag.as_str() {
            "init" => Reply::new(200)
                .header("mcp-session-id", "T")
                .json(&init_result("2025-11-25")),
            // A tool without its inputSchema: one violation.
            "list" => Reply::new(200).sse(&[
                "id: t0\ndata:\n\n",
                "id: t1\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,",
                "\"result\":{\"tools\":[{\"name\":\"t\"}]}}\n\n",
            ]),
            _ => Reply::new(202),
        },
        tls,
    );
    let upstream = format!("https://127.0.0.1:{}/mcp", server.addr.port());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let s = ("mcp-session-id", "T");
    let pv = ("mcp-protocol-version", "2025-11-25");
    type Headers<'a> = Vec<(&'a str, &'a str)>;
    let exchanges: Vec<(&str, Headers, String)> = vec![
        ("init", vec![ACCEPT, JSON], init_request("2025-11-25")),
        (
            "initialized",
            vec![ACCEPT, JSON, s, pv],
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.into(),
        ),
        (
            "list",
            vec![ACCEPT, JSON, s, pv],
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.into(),
        ),
    ];

    let report = dir.path().join("report.jsonl");
    let proxy = Proxy::start(
        &upstream,
        &[
            "--upstream-ca",
            ca.to_str().unwrap(),
            "--format",
            "json",
            "--report",
            report.to_str().unwrap(),
        ],
    );
    let c = client();
    for (tag, headers, body) in &exchanges {
        let mut h = vec![("x-test", *tag)];
        h.extend(headers.iter().copied());
        let got = rt.block_on(send(&c, proxy.addr, "POST", "/mcp", &h, body.as_bytes()));
        assert_eq!(got.status, if *tag == "initialized" { 202 } else { 200 });
        assert_eq!(
            sha(&got.body),
            sha(&server.sent(tag)),
            "{tag}: response body"
        );
    }
    assert_eq!(proxy.stop(), Some(1), "a violation: exit 1");
    for (r, (tag, _, body)) in server.received().iter().zip(&exchanges) {
        assert_eq!(&r.tag, tag);
        assert_eq!(sha(&r.body), sha(body.as_bytes()), "{tag}: request body");
    }
    let text = std::fs::read_to_string(&report).unwrap();
    assert_eq!(
        findings(&text),
        [(3, "required".to_string())],
        "the tool without inputSchema, judged over TLS\n{text}"
    );
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    // 3 POST bodies, the initialize result, one SSE event with data.
    assert_eq!(summary["messages"], 5, "{summary}");

    // Without the CA: the handshake fails, nothing reaches the server.
    let before = server.received().len();
    let report = dir.path().join("untrusted.jsonl");
    let proxy = Proxy::start(
        &upstream,
        &["--format", "json", "--report", report.to_str().unwrap()],
    );
    let (tag, headers, body) = &exchanges[0];
    let mut h = vec![("x-test", *tag)];
    h.extend(headers.iter().copied());
    let got = rt.block_on(send(&c, proxy.addr, "POST", "/mcp", &h, body.as_bytes()));
    assert_eq!(got.status, 502);
    let stderr = proxy.stderr.clone();
    proxy.stop();
    assert_eq!(server.received().len(), before, "no request got through");
    let text = std::fs::read_to_string(&report).unwrap();
    assert_eq!(
        findings(&text),
        [(1, "transport".to_string()), (1, "unanswered".to_string())],
        "the failure, and the initialize it left unanswered\n{text}"
    );
    assert!(text.contains("UnknownIssuer"), "{text}");
    let stderr = stderr.lock().unwrap().clone();
    assert!(
        stderr.to_lowercase().contains("certificate"),
        "says why: {stderr}"
    );
}

/// One request of a short script: its `x-test` tag, its headers (besides
/// `Accept`, `Content-Type` and `MCP-Protocol-Version: 2026-07-28`), its
/// body.
type Step26 = (&'static str, Vec<(&'static str, String)>, String);

/// Plays `steps` through a proxy in front of `script`, in order, one
/// exchange each (numbered from 1); returns the proxy's findings and
/// those of `check` on its HAR, which must be the same, and the exit code.
fn play_2026(
    script: fn(&Received) -> Reply,
    steps: Vec<Step26>,
) -> (Vec<(u64, String)>, Option<i32>) {
    let server = FakeServer::start(script);
    let dir = tempfile::tempdir().unwrap();
    let (proxy, report, har) =
        Proxy::recording(&format!("http://{}/mcp", server.addr), dir.path(), "", &[]);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let c = client();
        for (tag, extra, body) in &steps {
            let mut headers: Vec<(&str, &str)> = vec![
                ("x-test", tag),
                ACCEPT,
                JSON,
                ("mcp-protocol-version", "2026-07-28"),
            ];
            headers.extend(extra.iter().map(|(n, v)| (*n, v.as_str())));
            send(&c, proxy.addr, "POST", "/mcp", &headers, body.as_bytes()).await;
        }
    });
    let code = proxy.stop();
    let live = std::fs::read_to_string(&report).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "json"])
        .arg(&har)
        .output()
        .unwrap();
    let checked = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        findings(&checked),
        findings(&live),
        "check on the HAR\n{checked}\nlive\n{live}"
    );
    (findings(&live), code)
}

/// `(exchange, keyword)` pairs, sorted.
fn pairs(p: &[(u64, &str)]) -> Vec<(u64, String)> {
    let mut v: Vec<(u64, String)> = p.iter().map(|(n, k)| (*n, k.to_string())).collect();
    v.sort();
    v
}

/// A request of `method` at 2026-07-28 with `params` (the `_meta` added).
fn request26(id: u32, method: &str, params: &str) -> String {
    let comma = if params.is_empty() { "" } else { "," };
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{{{params}{comma}{META26}}}}}"#
    )
}

/// The fake server of [`proxy_checks_mirrored_tool_parameters`]: a
/// 2026-07-28 `tools/list` naming a tool whose `region` argument is
/// mirrored (`x-mcp-header: Region`) and one whose annotation is invalid,
/// then a successful result to every call — even those whose headers the
/// server must reject.
fn params_script(r: &Received) -> Reply {
    let id = serde_json::from_slice::<serde_json::Value>(&r.body).unwrap()["id"].clone();
    match r.tag.as_str() {
        "list" => Reply::new(200).json(&format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"complete","ttlMs":0,"cacheScope":"private","tools":[
                {{"name":"sql","inputSchema":{{"type":"object","properties":{{"region":{{"type":"string","x-mcp-header":"Region"}},"query":{{"type":"string"}}}}}}}},
                {{"name":"bad","inputSchema":{{"type":"object","properties":{{"ratio":{{"type":"number","x-mcp-header":"Ratio"}}}}}}}}]}}}}"#
        )),
        "refused" => Reply::new(400).json(&format!(
            r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32020,"message":"Header mismatch"}}}}"#
        )),
        _ => Reply::new(200).json(&format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"complete","content":[]}}}}"#
        )),
    }
}

/// `http.mcp-param-header`: each `tools/call` of a listed tool is checked
/// against the `x-mcp-header` annotations its listing gave — a missing,
/// different or unencoded `Mcp-Param-Region` is the client's violation
/// (and the server's, when it serves the call anyway), a header for an
/// absent argument the client's only; a correct one (Base64 form
/// included), a tool with an invalid annotation (the client drops it) and
/// a refused call are clean. Live, and from the proxy's HAR.
#[test]
fn proxy_checks_mirrored_tool_parameters() {
    let call = |tag: &'static str, id: u32, arguments: &str, region: Option<&str>| -> Step26 {
        let mut headers = vec![
            ("mcp-method", "tools/call".to_string()),
            ("mcp-name", "sql".to_string()),
        ];
        headers.extend(region.map(|r| ("mcp-param-region", r.to_string())));
        let params = format!(r#""name":"sql","arguments":{arguments}"#);
        (tag, headers, request26(id, "tools/call", &params))
    };
    let steps = vec![
        // 1: the listing.
        (
            "list",
            vec![("mcp-method", "tools/list".to_string())],
            request26(1, "tools/list", ""),
        ),
        // 2: right; 3: right, Base64 form.
        call(
            "ok",
            2,
            r#"{"region":"us-west1","query":"q"}"#,
            Some("us-west1"),
        ),
        call(
            "ok-b64",
            3,
            r#"{"region":" padded ","query":"q"}"#,
            Some("=?base64?IHBhZGRlZCA=?="),
        ),
        // 4: missing; 5: different; 6: not encoded (HTTP drops the
        // trailing tab); all served: the server's violation too.
        call("missing", 4, r#"{"region":"us-west1","query":"q"}"#, None),
        call(
            "different",
            5,
            r#"{"region":"us-west1","query":"q"}"#,
            Some("eu-west1"),
        ),
        call(
            "unencoded",
            6,
            r#"{"region":"us-west1\t","query":"q"}"#,
            Some("us-west1\t"),
        ),
        // 7: a header for a null argument (the server need not reject).
        call(
            "extra",
            7,
            r#"{"region":null,"query":"q"}"#,
            Some("us-west1"),
        ),
        // 8: missing, and refused as the page says: the client's only.
        call("refused", 8, r#"{"region":"us-west1","query":"q"}"#, None),
        // 9: the tool with an invalid annotation, without its header.
        (
            "bad",
            vec![
                ("mcp-method", "tools/call".to_string()),
                ("mcp-name", "bad".to_string()),
            ],
            request26(9, "tools/call", r#""name":"bad","arguments":{"ratio":0.5}"#),
        ),
    ];
    let (got, code) = play_2026(params_script, steps);
    assert_eq!(
        got,
        pairs(&[
            (4, "http.mcp-param-header"),
            (4, "http.header-mismatch-rejected"),
            (5, "http.mcp-param-header"),
            (5, "http.header-mismatch-rejected"),
            (6, "http.mcp-param-header"),
            (6, "http.header-mismatch-rejected"),
            // The null `region` breaks the tool's `inputSchema` too.
            (7, "contract.arguments-schema"),
            (7, "http.mcp-param-header"),
            (8, "http.mcp-param-header"),
        ])
    );
    assert_eq!(code, Some(1), "violations: exit 1");
}

/// The fake server of [`proxy_judges_the_other_stateless_rules`].
fn stateless_script(r: &Received) -> Reply {
    match r.tag.as_str() {
        "meta" => Reply::new(400).json(r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"Header mismatch: MCP-Protocol-Version"}}"#),
        "response" => Reply::new(202),
        "capability" => Reply::new(200).json(r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32021,"message":"Missing required client capability","data":{"requiredCapabilities":{"sampling":{}}}}}"#),
        "capability-400" => Reply::new(400).json(r#"{"jsonrpc":"2.0","id":4,"error":{"code":-32021,"message":"Missing required client capability","data":{"requiredCapabilities":{"sampling":{}}}}}"#),
        "version" => Reply::new(200).sse(&[
            "id: v0\ndata:\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32022,\"message\":\"Unsupported protocol version\",\"data\":{\"requested\":\"2026-07-28\",\"supported\":[\"2025-11-25\"]}}}\n\n",
        ]),
        "version-400" => Reply::new(400).json(r#"{"jsonrpc":"2.0","id":6,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"requested":"2026-07-28","supported":["2025-11-25"]}}}"#),
        other => Reply::new(500).chunks(&[&format!("no script for {other:?}")]),
    }
}

/// The stateless revisions' rules no other script breaks, each at its
/// exchange whatever the status code: `MCP-Protocol-Version` disagreeing
/// with the body's `_meta` (1; refused, as it must be), a JSON-RPC
/// response POSTed by the client (2), and the −32021 and −32022 errors on
/// a 200 — a JSON body (3) and an SSE stream (5) — where the page asks
/// for `400 Bad Request`, with their 400 twins (4, 6) clean.
#[test]
fn proxy_judges_the_other_stateless_rules() {
    let list = |tag: &'static str, id: u32| -> Step26 {
        (
            tag,
            vec![("mcp-method", "tools/list".to_string())],
            request26(id, "tools/list", ""),
        )
    };
    let draft_meta = META26.replace("2026-07-28", "draft");
    let steps = vec![
        (
            "meta",
            vec![("mcp-method", "tools/list".to_string())],
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{draft_meta}}}}}"#
            ),
        ),
        (
            "response",
            Vec::new(),
            r#"{"jsonrpc":"2.0","id":"s1","result":{"resultType":"complete"}}"#.to_string(),
        ),
        list("capability", 3),
        list("capability-400", 4),
        list("version", 5),
        list("version-400", 6),
    ];
    let (got, code) = play_2026(stateless_script, steps);
    assert_eq!(
        got,
        pairs(&[
            (1, "http.protocol-version-matches-meta"),
            (2, "http.no-client-responses"),
            (2, "unknown_response"),
            (3, "http.status-400-for-missing-capability"),
            (5, "http.status-400-for-unsupported-version"),
        ])
    );
    assert_eq!(code, Some(1), "violations: exit 1");
}
