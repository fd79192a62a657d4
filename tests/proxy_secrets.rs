//! Credentials stay out of everything `mcpwire proxy` writes: a request's
//! `Authorization`, `Cookie` and a `--redact-header` field, a response's
//! `Set-Cookie`, and the URL's `api_key` and a `--redact-query` parameter,
//! reach the other side unchanged but appear in the HAR, the HTTP
//! transcript, every report and standard error only as `<redacted:LENGTH>`;
//! `--keep-secrets` records them in clear and says so.

mod proxy_fake;

use proxy_fake::{
    run::{client, send, Proxy},
    FakeServer, Received, Reply,
};

const TOKEN: &str = "Bearer sekrit-4711";
const COOKIE: &str = "sid=cookie-4712";
const SET_COOKIE: &str = "sid=setcookie-4713; HttpOnly";
const API_KEY: &str = "apikey-4714";
/// The request target: `api_key` is redacted by default, `profile` with
/// `--redact-query profile`.
const TARGET: &str = "/mcp?api_key=qkey-4715&profile=prof-4716&page=1";

fn script(r: &Received) -> Reply {
    match r.tag.as_str() {
        "init" => Reply::new(200)
            .header("mcp-session-id", "S1")
            .header("set-cookie", SET_COOKIE)
            .json(r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"fake","version":"1"}}}"#),
        // A POST without Accept: a finding about this very request.
        _ => Reply::new(200).json(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#),
    }
}

/// Runs the session through a proxy started with `args`; returns every
/// file the proxy wrote (HAR, transcript, json and text reports) and its
/// standard error, plus what the server received.
fn run(args: &[&str]) -> (Vec<(String, String)>, String, Vec<Received>) {
    let server = FakeServer::start(script);
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let (har, transcript, json, text, sarif) = (
        path("c.har"),
        path("t.jsonl"),
        path("r.jsonl"),
        path("r.txt"),
        path("r.sarif"),
    );
    let mut all = vec!["--har", &har, "--transcript", &transcript];
    let outputs = [
        format!("json={json}"),
        format!("text={text}"),
        format!("sarif={sarif}"),
    ];
    for o in &outputs {
        all.push("--output");
        all.push(o);
    }
    all.extend_from_slice(args);
    let proxy = Proxy::start(
        &format!("http://{}/mcp?api_key=upkey-4717", server.addr),
        &all,
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let c = client();
        let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
        let creds = [
            ("authorization", TOKEN),
            ("cookie", COOKIE),
            ("x-api-key", API_KEY),
            ("content-type", "application/json"),
        ];
        let mut h = vec![
            ("x-test", "init"),
            ("accept", "application/json, text/event-stream"),
        ];
        h.extend_from_slice(&creds);
        send(&c, proxy.addr, "POST", TARGET, &h, init.as_bytes()).await;
        let mut h = vec![
            ("x-test", "ping"),
            ("mcp-session-id", "S1"),
            ("mcp-protocol-version", "2025-11-25"),
        ];
        h.extend_from_slice(&creds);
        send(&c, proxy.addr, "POST", TARGET, &h, br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#).await;
    });
    let stderr = proxy.stderr.clone();
    proxy.stop();
    let mut files = Vec::new();
    for p in [&har, &transcript, &json, &text, &sarif] {
        files.push((p.clone(), std::fs::read_to_string(p).unwrap()));
    }
    let checked = std::process::Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "text"])
        .arg(&har)
        .output()
        .unwrap();
    files.push((
        "check on the HAR".into(),
        String::from_utf8_lossy(&checked.stdout).into_owned(),
    ));
    let stderr = stderr.lock().unwrap().clone();
    (files, stderr, server.received())
}

const SECRETS: [&str; 6] = [
    "sekrit-4711",
    "cookie-4712",
    "setcookie-4713",
    "apikey-4714",
    "qkey-4715",
    "prof-4716",
];

#[test]
fn credentials_are_redacted_everywhere_but_forwarded_unchanged() {
    let (files, stderr, received) =
        run(&["--redact-header", "X-API-Key", "--redact-query", "profile"]);
    // The upstream got them (and the client got Set-Cookie: the proxy
    // forwards every byte).
    let init = received.iter().find(|r| r.tag == "init").unwrap();
    let got = |n: &str| init.headers.iter().find(|h| h.0 == n).map(|h| h.1.as_str());
    assert_eq!(got("authorization"), Some(TOKEN));
    assert_eq!(got("cookie"), Some(COOKIE));
    assert_eq!(got("x-api-key"), Some(API_KEY));
    assert_eq!(init.target, TARGET);
    for (name, text) in &files {
        for s in SECRETS {
            assert!(!text.contains(s), "{s} in {name}:\n{text}");
        }
    }
    assert!(!stderr.contains("sekrit"), "{stderr}");
    assert!(
        !stderr.contains("upkey-4717") && stderr.contains("api_key=<redacted:10>"),
        "{stderr}"
    );
    // The reports still say what they found: the ping POST had no Accept.
    assert!(files[2].1.contains("http.post-accept"), "{}", files[2].1);
    // Live findings name their exchange and its request line (the entry
    // is known only once the HAR is written).
    let accept: serde_json::Value = files[2]
        .1
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["keyword"] == "http.post-accept")
        .unwrap();
    assert_eq!(accept["exchange"], 2, "{accept}");
    assert!(accept.get("entry").is_none(), "{accept}");
    assert_eq!(
        accept["http"]["url"], "/mcp?api_key=<redacted:9>&profile=<redacted:9>&page=1",
        "{accept}"
    );
    // The live traffic is one input.
    let summary: serde_json::Value =
        serde_json::from_str(files[2].1.lines().last().unwrap()).unwrap();
    assert_eq!(summary["files"], 1, "{summary}");
    // The HAR keeps the fields, as `<redacted:LENGTH>`.
    let har: serde_json::Value = serde_json::from_str(&files[0].1).unwrap();
    let entries = har["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    let value = |headers: &serde_json::Value, n: &str| {
        headers
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["name"] == n)
            .map(|h| h["value"].as_str().unwrap().to_string())
    };
    for e in entries {
        let req = &e["request"]["headers"];
        assert_eq!(
            value(req, "authorization").as_deref(),
            Some("<redacted:18>")
        );
        assert_eq!(value(req, "cookie").as_deref(), Some("<redacted:15>"));
        assert_eq!(value(req, "x-api-key").as_deref(), Some("<redacted:11>"));
        assert_eq!(
            value(req, "accept").is_some(),
            e["request"]["postData"]["text"]
                .as_str()
                .unwrap()
                .contains("initialize")
        );
    }
    let set = entries
        .iter()
        .find_map(|e| value(&e["response"]["headers"], "set-cookie"));
    assert_eq!(set.as_deref(), Some("<redacted:28>"));
    assert!(
        files[1].1.contains(r#"["authorization","<redacted:18>"]"#),
        "{}",
        files[1].1
    );
}

#[test]
fn keep_secrets_records_them_and_warns() {
    let (files, stderr, _) = run(&["--keep-secrets"]);
    assert!(files[0].1.contains("sekrit-4711") && files[0].1.contains("setcookie-4713"));
    assert!(files[1].1.contains("cookie-4712"));
    assert!(files[0].1.contains("qkey-4715"), "{}", files[0].1);
    assert!(
        stderr.contains("warning: --keep-secrets"),
        "the opt-out is said on standard error: {stderr}"
    );
}

/// `mcpwire proxy` with `flag value` refuses to start: exit 2, and its
/// standard error says `why`.
fn refused(flag: &str, value: &str, why: &str) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["proxy", "--upstream", "http://127.0.0.1:1/mcp", flag, value])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(why), "{stderr}");
}

#[test]
fn a_field_the_rules_read_cannot_be_redacted() {
    refused("--redact-header", "Accept", "judges this field");
}

#[test]
fn the_session_parameter_cannot_be_redacted() {
    // The router reads the 2024-11-05 message endpoint's `sessionId`.
    refused("--redact-query", "sessionId", "reads this parameter");
}
