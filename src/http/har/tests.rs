use super::*;
use crate::http::exchange::{Body, End, Step};

#[test]
fn times() {
    assert_eq!(parse_time("1970-01-01T00:00:01.5Z"), Some(1500.0));
    assert_eq!(parse_time("1970-01-01T01:00:00+01:00"), Some(0.0));
    assert_eq!(
        parse_time("2026-12-01T08:00:00.000Z"),
        Some(1_796_112_000_000.0)
    );
    assert_eq!(parse_time("yesterday"), None);
}

/// A GET stream's notification and a POST on another connection: by
/// causality alone the notification goes first (right after its
/// stream opened); with `_mcpwireEvents` it goes where it arrived,
/// after the POST was answered.
#[test]
fn event_times_order_events() {
    let har = |events: &str| {
        format!(
            r#"{{"log":{{"entries":[
            {{"startedDateTime":"2026-12-01T08:00:00.000Z","time":100,"timings":{{"wait":1}},
              "request":{{"method":"GET","url":"http://h/mcp"}},
              "response":{{"status":200,"headers":[{{"name":"content-type","value":"text/event-stream"}}],
                "content":{{"text":"data: {{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}}\n\n"{events}}}}}}},
            {{"startedDateTime":"2026-12-01T08:00:00.010Z","time":5,
              "request":{{"method":"POST","url":"http://h/mcp","postData":{{"text":"{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}"}}}},
              "response":{{"status":200,"headers":[{{"name":"content-type","value":"application/json"}}],
                "content":{{"text":"{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{}}}}"}}}}}}]}}}}"#
        )
    };
    let order = |text: String| -> Vec<(u64, &'static str)> {
        let capture = read(text.as_bytes()).unwrap();
        steps(&capture, 1 << 20)
            .unwrap()
            .iter()
            .map(|s| match s {
                Step::Request { exchange, .. } => (*exchange, "request"),
                Step::Response { exchange, .. } => (*exchange, "response"),
                Step::Event { exchange, .. } => (*exchange, "event"),
                Step::Body { exchange, .. } => (*exchange, "body"),
                Step::End { exchange, .. } => (*exchange, "end"),
            })
            .collect()
    };
    let causal = order(har(""));
    assert_eq!(
        &causal[..3],
        [(1, "request"), (1, "response"), (1, "event")]
    );
    let timed = order(har(r#","_mcpwireEvents":[{"offset":0,"time":50.0}]"#));
    assert_eq!(
        timed,
        [
            (1, "request"),
            (1, "response"),
            (2, "request"),
            (2, "response"),
            (2, "body"),
            (2, "end"),
            (1, "event"),
            (1, "end")
        ]
    );
}

/// The shapes Playwright's `recordHar` writes from Chromium (our own
/// synthetic entries in them): a POST's SSE answer whole in `text`; a
/// `202` with no body as `"x-unknown"`, empty base64 text and a
/// `bodySize` counting the chunked framing; a GET stream the page
/// aborted with no `text` at all (`size: -1`).
#[test]
fn chromium_shapes() {
    let capture = read(
        br#"{"log":{"creator":{"name":"Playwright"},"entries":[
        {"startedDateTime":"2026-12-01T08:00:00.000Z","time":9,
          "request":{"method":"POST","url":"http://h/mcp","postData":{"mimeType":"application/json","text":"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}"}},
          "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/event-stream"}],
            "content":{"size":57,"mimeType":"text/event-stream","text":"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}\n\n"},"bodySize":57}},
        {"startedDateTime":"2026-12-01T08:00:00.010Z","time":3,
          "request":{"method":"POST","url":"http://h/mcp","postData":{"mimeType":"application/json","text":"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
          "response":{"status":202,"headers":[],"content":{"size":0,"mimeType":"x-unknown","text":"","encoding":"base64"},"bodySize":5}},
        {"startedDateTime":"2026-12-01T08:00:00.020Z","time":2,"timings":{"wait":2,"receive":-1},
          "request":{"method":"GET","url":"http://h/mcp"},
          "response":{"status":200,"headers":[{"name":"content-type","value":"text/event-stream"}],
            "content":{"size":-1,"mimeType":"text/event-stream"},"bodySize":-1}}]}}"#,
    )
    .unwrap();
    let all = steps(&capture, 1 << 20).unwrap();
    let events: Vec<u64> = all
        .iter()
        .filter_map(|s| match s {
            Step::Event { exchange, event } => {
                assert!(String::from_utf8_lossy(&event.data).contains("\"result\""));
                Some(*exchange)
            }
            _ => None,
        })
        .collect();
    assert_eq!(events, [1]);
    let bodies: Vec<(u64, &Body)> = all
        .iter()
        .filter_map(|s| match s {
            Step::Body { exchange, body } => Some((*exchange, body)),
            _ => None,
        })
        .collect();
    assert_eq!(bodies, [(2, &Body::new(Vec::new()))]);
    let ends: Vec<&End> = all
        .iter()
        .filter_map(|s| match s {
            Step::End { end, .. } => Some(end),
            _ => None,
        })
        .collect();
    assert_eq!(ends, [&End::Complete; 3]);
}

#[test]
fn detects_hars() {
    assert!(looks_like_har("x.HAR", b""));
    assert!(looks_like_har("x.json", b"\xEF\xBB\xBF {\n \"log\": {"));
    assert!(!looks_like_har("x.jsonl", b"{\"dir\":\"c2s\"}"));
}
