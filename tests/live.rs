//! `mcpwire::live`: queue order across producer threads, the budget
//! (unjudged counted, never blocking), the line splitter, HTTP metadata,
//! `sync` and the totals.
#![cfg(feature = "v2026_07_28")]

use std::{
    sync::{mpsc, Arc, Barrier, Mutex},
    thread,
};

use mcpwire::{
    live::{Config, Context, Http, Judged, Pipeline, Submitted, STDIO_NEWLINE_DELIMITED},
    Direction, Mode, Version, WarningKind,
};

/// What the consumer saw of one message.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    direction: Direction,
    line: Option<u64>,
    sequence: u64,
    text: String,
    warnings: Vec<String>,
    violations: usize,
    revision: Option<Version>,
    skipped_before: u64,
    input_error: Option<String>,
}

fn recorder() -> (
    Arc<Mutex<Vec<Seen>>>,
    impl FnMut(&Judged<'_>) + Send + 'static,
) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let out = Arc::clone(&seen);
    (seen, move |m: &Judged<'_>| {
        out.lock().unwrap().push(Seen {
            direction: m.context.direction,
            line: m.context.line,
            sequence: m.context.sequence,
            text: String::from_utf8_lossy(m.bytes).into_owned(),
            warnings: m
                .reports
                .iter()
                .flat_map(|r| &r.warnings)
                .map(|w| match w.rule {
                    Some(rule) => rule.id.to_string(),
                    None => format!("{:?}", w.kind),
                })
                .collect(),
            violations: m.violations(),
            revision: m.reports.first().and_then(|r| r.revision),
            skipped_before: m.skipped_before,
            input_error: m.reports.first().and_then(|r| r.input_error.clone()),
        })
    })
}

fn fixed() -> Config {
    Config {
        mode: Mode::Fixed(Version::V2026_07_28),
        ..Config::default()
    }
}

/// A "server" thread answers each request only after receiving it, as a
/// peer on a pipe does; the client submits before it "forwards". Whatever
/// the scheduling, every response is judged after its request.
#[test]
fn responses_are_judged_after_their_requests_across_threads() {
    for round in 0..200 {
        let (seen, consumer) = recorder();
        let pipeline = Pipeline::start(fixed(), consumer);
        let (wire, server_reads) = mpsc::channel::<u64>();
        let server = {
            let submitter = pipeline.submitter();
            thread::spawn(move || {
                for id in server_reads {
                    let response = format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{}}}}"#);
                    submitter.submit(
                        Context::new(Direction::ServerToClient),
                        response.into_bytes(),
                    );
                }
            })
        };
        let client = pipeline.submitter();
        for id in 0..20u64 {
            let request = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list"}}"#);
            assert_eq!(
                client.submit(
                    Context::new(Direction::ClientToServer),
                    request.into_bytes()
                ),
                Submitted::Queued
            );
            wire.send(id).unwrap(); // forward after submitting
        }
        drop(wire);
        server.join().unwrap();
        let finished = pipeline.finish();
        let seen = seen.lock().unwrap();
        assert_eq!(finished.totals.judged, 40);
        assert!(
            finished.totals.unanswered.is_empty(),
            "round {round}: {:?}",
            finished.totals
        );
        for s in seen.iter() {
            assert!(s.warnings.is_empty(), "round {round}: {s:?}");
        }
        let sequences: Vec<u64> = seen.iter().map(|s| s.sequence).collect();
        assert_eq!(sequences, (0..40).collect::<Vec<_>>());
    }
}

/// Auto mode: a message submitted after the initialize result is judged
/// at the negotiated revision.
#[test]
fn revision_follows_queue_order() {
    let (seen, consumer) = recorder();
    let pipeline = Pipeline::start(Config::default(), consumer);
    let s = pipeline.submitter();
    let c2s = || Context::new(Direction::ClientToServer);
    s.submit(c2s(), br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#.to_vec());
    s.submit(Context::new(Direction::ServerToClient), br#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}"#.to_vec());
    s.submit(
        c2s(),
        br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_vec(),
    );
    drop(pipeline.finish());
    let seen = seen.lock().unwrap();
    let revisions: Vec<_> = seen.iter().map(|s| s.revision).collect();
    assert_eq!(revisions, [Some(Version::V2025_06_18); 3]);
}

/// Over the message budget, submissions return at once as unjudged, are
/// counted, and the next judged message says how many it follows.
#[test]
fn over_budget_is_counted_not_blocking() {
    let gate = Arc::new(Barrier::new(2));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let consumer = {
        let (gate, seen) = (Arc::clone(&gate), Arc::clone(&seen));
        let mut first = true;
        move |m: &Judged<'_>| {
            if first {
                first = false;
                gate.wait(); // the judge is busy until the test says so
            }
            seen.lock()
                .unwrap()
                .push((m.context.sequence, m.skipped_before));
        }
    };
    let pipeline = Pipeline::start(
        Config {
            max_queued_messages: 2,
            ..fixed()
        },
        consumer,
    );
    let s = pipeline.submitter();
    let ping = || br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_vec();
    let c2s = || Context::new(Direction::ClientToServer);
    assert_eq!(s.submit(c2s(), ping()), Submitted::Queued);
    assert_eq!(s.submit(c2s(), ping()), Submitted::Queued);
    // The judge holds the first two (being judged / queued): no room.
    for _ in 0..5 {
        assert_eq!(s.submit(c2s(), ping()), Submitted::Unjudged);
    }
    assert_eq!(s.unjudged(), 5);
    gate.wait();
    s.sync();
    assert_eq!(s.submit(c2s(), ping()), Submitted::Queued);
    let finished = pipeline.finish();
    assert_eq!(finished.totals.judged, 3);
    assert_eq!(finished.totals.unjudged, 5);
    assert_eq!(*seen.lock().unwrap(), [(0, 0), (1, 0), (2, 5)]);
}

/// The byte budget: a message larger than the budget is judged when the
/// queue is empty; one that does not fit behind others is not.
#[test]
fn byte_budget() {
    let (seen, consumer) = recorder();
    let gate = Arc::new(Barrier::new(2));
    let consumer = {
        let gate = Arc::clone(&gate);
        let mut consumer = consumer;
        let mut first = true;
        move |m: &Judged<'_>| {
            if first {
                first = false;
                gate.wait();
            }
            consumer(m)
        }
    };
    let pipeline = Pipeline::start(
        Config {
            max_queued_bytes: 100,
            ..fixed()
        },
        consumer,
    );
    let s = pipeline.submitter();
    let big = format!(
        r#"{{"jsonrpc":"2.0","method":"x","params":{{"p":"{}"}}}}"#,
        "a".repeat(200)
    );
    let c2s = || Context::new(Direction::ClientToServer);
    assert_eq!(s.submit_slice(c2s(), big.as_bytes()), Submitted::Queued);
    assert_eq!(s.submit_slice(c2s(), b"{}"), Submitted::Unjudged);
    gate.wait();
    let finished = pipeline.finish();
    assert_eq!((finished.totals.judged, finished.totals.unjudged), (1, 1));
    assert_eq!(seen.lock().unwrap()[0].text, big);
}

#[test]
fn splitter_lines_limits_and_unterminated_last_line() {
    let (seen, consumer) = recorder();
    let mut config = fixed();
    config.options.limits.max_bytes = 64;
    let pipeline = Pipeline::start(config, consumer);
    let mut lines = pipeline
        .submitter()
        .splitter(Context::new(Direction::ServerToClient));
    let long = format!(r#"{{"jsonrpc":"2.0","method":"{}"}}"#, "m".repeat(100));
    for chunk in [
        &b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_"[..],
        b"changed\"}\r\n  \n",
        long.as_bytes(),
        b"\nnot json\n\xff\xfe\n",
        b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}",
    ] {
        lines.feed(chunk);
    }
    assert_eq!(lines.partial_len(), 61);
    lines.finish();
    let finished = pipeline.finish();
    let seen = seen.lock().unwrap();
    let lines: Vec<_> = seen.iter().map(|s| s.line.unwrap()).collect();
    assert_eq!(lines, [1, 3, 4, 5, 6]);
    assert_eq!(
        seen[0].text,
        r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#
    );
    assert_eq!((seen[0].violations, seen[0].warnings.len()), (0, 0));
    assert_eq!(
        seen[1].input_error.as_deref(),
        Some(
            format!(
                "message of {} bytes exceeds the limit of 64 bytes",
                long.len()
            )
            .as_str()
        )
    );
    assert!(seen[1].text.is_empty());
    assert!(seen[2]
        .input_error
        .as_deref()
        .unwrap()
        .starts_with("invalid JSON"));
    assert!(seen[3].input_error.as_deref().unwrap().contains("UTF-8"));
    assert_eq!(seen[4].warnings, [STDIO_NEWLINE_DELIMITED.id]);
    assert_eq!(seen[4].violations, 0);
    assert_eq!(finished.totals.judged, 5);
}

/// `Http::protocol_version` is applied before the message is judged.
#[test]
fn http_protocol_version_header_sets_the_revision() {
    let (seen, consumer) = recorder();
    let pipeline = Pipeline::start(Config::default(), consumer);
    let mut context = Context::new(Direction::ClientToServer);
    context.http = Some(Box::new(Http {
        protocol_version: Some("2025-03-26".into()),
        status: None,
        ..Http::default()
    }));
    pipeline.submitter().submit(
        context,
        br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.to_vec(),
    );
    let finished = pipeline.finish();
    assert_eq!(seen.lock().unwrap()[0].revision, Some(Version::V2025_03_26));
    let pending = &finished.totals.unanswered;
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].method, "ping");
    assert_eq!(pending[0].id, Some(serde_json::json!(1)));
}

/// Unanswered requests keep where they were sent, also after pruning.
#[test]
fn unanswered_requests_keep_their_lines() {
    let pipeline = Pipeline::start(fixed(), |_: &Judged<'_>| {});
    let mut c2s = pipeline
        .submitter()
        .splitter(Context::new(Direction::ClientToServer));
    let mut s2c = pipeline
        .submitter()
        .splitter(Context::new(Direction::ServerToClient));
    for id in 0..1000 {
        c2s.feed(
            format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"tools/list\"}}\n").as_bytes(),
        );
        if id != 500 {
            s2c.feed(format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{{}}}}\n").as_bytes());
        }
    }
    drop((c2s, s2c));
    let totals = pipeline.finish().totals;
    assert_eq!(totals.judged, 1999);
    assert_eq!(totals.unanswered.len(), 1);
    assert_eq!(totals.unanswered[0].line, Some(501));
    assert_eq!(totals.unanswered[0].id, Some(serde_json::json!(500)));
    // The revision it was judged at (tap's `unanswered` warning carries it).
    assert_eq!(totals.unanswered[0].revision, Some(Version::V2026_07_28));
}

#[test]
fn after_finish_submissions_are_unjudged() {
    let pipeline = Pipeline::start(fixed(), |_: &Judged<'_>| {});
    let s = pipeline.submitter();
    let finished = pipeline.finish();
    assert_eq!(finished.totals.unjudged, 0);
    assert_eq!(
        s.submit(Context::new(Direction::ClientToServer), b"{}".to_vec()),
        Submitted::Unjudged
    );
    s.sync(); // returns: the judge is gone
    let _ = WarningKind::Rule;
}

/// Everything a consumer hears, as text, in order.
#[cfg(all(feature = "v2025_06_18", feature = "v2025_11_25"))]
#[derive(Default)]
struct Heard(Vec<String>);

#[cfg(all(feature = "v2025_06_18", feature = "v2025_11_25"))]
impl mcpwire::live::Consumer for Heard {
    fn judged(&mut self, m: &Judged<'_>) {
        let http = m.context.http.as_deref().unwrap();
        self.0.push(format!(
            "message c{} x{} {:?} {} violations={} at {:?} event={:?}",
            http.conversation.unwrap(),
            http.exchange.unwrap(),
            m.context.direction,
            String::from_utf8_lossy(m.bytes),
            m.violations(),
            m.revision,
            http.event_id,
        ));
    }
    fn http(&mut self, f: &mcpwire::http::HttpFinding, context: &Context) {
        let http = context.http.as_deref().unwrap();
        self.0.push(format!(
            "http c{} x{} {}",
            http.conversation.unwrap(),
            f.exchange,
            f.keyword()
        ));
    }
    fn finished(&mut self, totals: &mcpwire::live::Totals) {
        for p in &totals.unanswered {
            self.0
                .push(format!("unanswered {} x{:?}", p.method, p.exchange));
        }
    }
}

/// Two MCP sessions over HTTP as steps: each HTTP rule and each message
/// reaches the consumer in queue order, each session is judged by its own
/// `Session` (one negotiated 2025-11-25, the other 2025-06-18), and the
/// pipeline gives exactly what a `Replay` of the same steps gives.
#[cfg(all(feature = "v2025_06_18", feature = "v2025_11_25"))]
#[test]
fn http_steps_are_routed_ruled_and_judged_in_queue_order() {
    use mcpwire::http::{sse, Body, End, Headers, RequestHead, ResponseHead, Step};
    use mcpwire::live::Replay;

    let head = |method: &str, headers: &[(&str, &str)]| RequestHead {
        method: method.into(),
        target: "/mcp".into(),
        headers: Headers(
            headers
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
        ),
    };
    let accept = ("accept", "application/json, text/event-stream");
    let response = |status: u16, headers: &[(&str, &str)]| ResponseHead {
        status,
        headers: Headers(
            headers
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
        ),
    };
    let init = |v: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{v}","capabilities":{{}},"clientInfo":{{"name":"t","version":"1"}}}}}}"#
        )
    };
    let result = |v: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"{v}","capabilities":{{}},"serverInfo":{{"name":"s","version":"1"}}}}}}"#
        )
    };
    let json = ("content-type", "application/json");
    let mut steps = Vec::new();
    for (x, v, id) in [(1u64, "2025-11-25", "A"), (2, "2025-06-18", "B")] {
        steps.push(Step::Request {
            exchange: x,
            head: head("POST", &[accept, json]),
            body: Body::new(init(v).into_bytes()),
        });
        steps.push(Step::Response {
            exchange: x,
            head: response(200, &[json, ("mcp-session-id", id)]),
        });
        steps.push(Step::Body {
            exchange: x,
            body: Body::new(result(v).into_bytes()),
        });
        steps.push(Step::End {
            exchange: x,
            end: End::Complete,
        });
    }
    // Session A: a ping without MCP-Protocol-Version, answered on an SSE
    // stream with an event id; session B: a ping never answered.
    steps.push(Step::Request {
        exchange: 3,
        head: head("POST", &[accept, json, ("mcp-session-id", "A")]),
        body: Body::new(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.to_vec()),
    });
    steps.push(Step::Request {
        exchange: 4,
        head: head(
            "POST",
            &[
                accept,
                json,
                ("mcp-session-id", "B"),
                ("mcp-protocol-version", "2025-06-18"),
            ],
        ),
        body: Body::new(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.to_vec()),
    });
    steps.push(Step::Response {
        exchange: 3,
        head: response(200, &[("content-type", "text/event-stream")]),
    });
    steps.push(Step::Event {
        exchange: 3,
        event: sse::Event {
            id: Some("e1".into()),
            data: br#"{"jsonrpc":"2.0","id":1,"result":{}}"#.to_vec(),
            has_data: true,
            ..sse::Event::default()
        },
    });
    steps.push(Step::End {
        exchange: 3,
        end: End::Complete,
    });

    let pipeline = Pipeline::start(Config::default(), Heard::default());
    let submitter = pipeline.submitter();
    for (n, step) in steps.iter().enumerate() {
        assert_eq!(
            submitter.submit_step(step.clone()),
            (Submitted::Queued, n as u64)
        );
    }
    let finished = pipeline.finish();
    let live = finished.consumer.0;

    let mut replayed = Heard::default();
    let mut replay = Replay::new(Config::default());
    for step in steps {
        replay.step(step, &mut replayed);
    }
    let totals = replay.finish(&mut replayed);
    assert_eq!(live, replayed.0, "pipeline and replay agree");
    assert_eq!(totals.judged, finished.totals.judged);

    let c2s = "ClientToServer";
    let s2c = "ServerToClient";
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let expected = [
        format!(
            "message c0 x1 {c2s} {} violations=0 at V2025_11_25 event=None",
            init("2025-11-25")
        ),
        format!(
            "message c0 x1 {s2c} {} violations=0 at V2025_11_25 event=None",
            result("2025-11-25")
        ),
        format!(
            "message c1 x2 {c2s} {} violations=0 at V2025_06_18 event=None",
            init("2025-06-18")
        ),
        format!(
            "message c1 x2 {s2c} {} violations=0 at V2025_06_18 event=None",
            result("2025-06-18")
        ),
        format!("message c0 x3 {c2s} {ping} violations=0 at V2025_11_25 event=None"),
        "http c0 x3 http.protocol-version-header".to_string(),
        format!("message c1 x4 {c2s} {ping} violations=0 at V2025_06_18 event=None"),
        // The stream opens without the 2025-11-25 priming event.
        "http c0 x3 http.sse-priming-event".to_string(),
        format!(
            r#"message c0 x3 {s2c} {{"jsonrpc":"2.0","id":1,"result":{{}}}} violations=0 at V2025_11_25 event=Some("e1")"#
        ),
        "unanswered ping xSome(4)".to_string(),
    ];
    assert_eq!(live, expected);
}

/// A 403 to a request with a foreign `Origin`, as uvicorn sends it (no
/// Content-Type, the text "Invalid Origin header"), is an error page, not
/// a message: no `input` finding ("The HTTP response body **MAY** comprise
/// a JSON-RPC _error response_ that has no `id`", 2025-11-25
/// basic/transports). The same status without a Content-Type and with a
/// JSON body is still judged as a message.
#[cfg(all(feature = "v2025_06_18", feature = "v2025_11_25"))]
#[test]
fn an_error_status_without_content_type_and_no_json_is_not_a_message() {
    use mcpwire::http::{Body, End, Headers, RequestHead, ResponseHead, Step};
    use mcpwire::live::Replay;

    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    let steps = |body: &[u8]| {
        vec![
            Step::Request {
                exchange: 1,
                head: RequestHead {
                    method: "POST".into(),
                    target: "/mcp".into(),
                    headers: Headers(vec![
                        (
                            "accept".into(),
                            "application/json, text/event-stream".into(),
                        ),
                        ("content-type".into(), "application/json".into()),
                        ("origin".into(), "http://evil.example".into()),
                    ]),
                },
                body: Body::new(init.as_bytes().to_vec()),
            },
            Step::Response {
                exchange: 1,
                head: ResponseHead {
                    status: 403,
                    headers: Headers(vec![("content-length".into(), body.len().to_string())]),
                },
            },
            Step::Body {
                exchange: 1,
                body: Body::new(body.to_vec()),
            },
            Step::End {
                exchange: 1,
                end: End::Complete,
            },
        ]
    };
    let heard = |body: &[u8]| {
        let mut heard = Heard::default();
        let mut replay = Replay::new(Config::default());
        for step in steps(body) {
            replay.step(step, &mut heard);
        }
        replay.finish(&mut heard);
        heard.0
    };
    let page = heard(b"Invalid Origin header");
    assert!(
        page.iter().all(|h| !h.contains("ServerToClient")),
        "{page:#?}"
    );
    let error = br#"{"jsonrpc":"2.0","error":{"code":-32600,"message":"Forbidden"}}"#;
    let json = heard(error);
    assert!(
        json.iter()
            .any(|h| h.starts_with("message") && h.contains("ServerToClient")),
        "{json:#?}"
    );
}
