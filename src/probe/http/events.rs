//! Reading answers: SSE event streams and JSON bodies, and dispatching
//! each message to the request waiting for it or to the server's own.

use super::*;

/// An SSE response body, event by event.
pub(super) struct Events {
    exchange: u64,
    body: Incoming,
    parser: sse::Parser,
    queue: VecDeque<sse::Event>,
    /// The id of the last event that set one (what a resuming GET sends
    /// as `Last-Event-ID`).
    pub last_id: Option<String>,
    /// The last `retry` field (milliseconds).
    pub retry: Option<u64>,
}

/// The next thing on an SSE stream.
pub(super) enum Next {
    /// An event (already submitted).
    Event(sse::Event),
    /// The stream ended (its end submitted): cut inside an event, broken
    /// off, or complete.
    Ended(End),
    /// The probe stopped reading (deadline, or the link is closing).
    Stopped,
}

impl Events {
    pub(super) fn new(exchange: u64, body: Incoming, limit: usize) -> Events {
        Events {
            exchange,
            body,
            parser: sse::Parser::new(limit),
            queue: VecDeque::new(),
            last_id: None,
            retry: None,
        }
    }

    pub(super) async fn next(&mut self, shared: &Shared, deadline: Option<Instant>) -> Next {
        let exchange = self.exchange;
        let mut closing = shared.closing.clone();
        loop {
            if let Some(event) = self.queue.pop_front() {
                if let Some(id) = event.id.as_ref().filter(|i| !i.is_empty()) {
                    self.last_id = Some(id.clone());
                }
                if event.retry.is_some() {
                    self.retry = event.retry;
                }
                shared.submit(Step::Event {
                    exchange,
                    event: event.clone(),
                });
                return Next::Event(event);
            }
            let stop = async {
                match deadline {
                    Some(d) => tokio::time::sleep_until(d).await,
                    None => std::future::pending().await,
                }
            };
            let frame = tokio::select! {
                f = self.body.frame() => Some(f),
                () = stop => None,
                _ = closing.wait_for(|c| *c) => None,
            };
            let Some(frame) = frame else {
                shared.submit(Step::End {
                    exchange,
                    end: End::Complete,
                });
                return Next::Stopped;
            };
            match frame {
                None => {
                    let end = match self.parser.finish() {
                        Some(u) => End::Unterminated(u),
                        None => End::Complete,
                    };
                    shared.submit(Step::End {
                        exchange,
                        end: end.clone(),
                    });
                    return Next::Ended(end);
                }
                Some(Err(e)) => {
                    let end = End::Failed(error_chain(&e));
                    shared.submit(Step::End {
                        exchange,
                        end: end.clone(),
                    });
                    return Next::Ended(end);
                }
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        shared.record_bytes(exchange, &data);
                        let queue = &mut self.queue;
                        self.parser.feed(&data, |e| queue.push_back(e));
                    }
                }
            }
        }
    }
}

/// The messages of one JSON text (a batch's elements, or the one).
pub(super) fn messages(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    }
}

/// Routes what the server sent: a response to the request waiting for it
/// (`own`: the key of the request whose POST this came on, which an
/// error with `"id": null` answers), a request answered by POST (not at
/// the stateless revisions, whose clients "MUST NOT send JSON-RPC
/// responses"), notifications left to the judge.
pub(super) fn dispatch(shared: &Arc<Shared>, value: &Value, own: Option<&str>) {
    for m in messages(value) {
        shared.watch.see(m);
        let Some(object) = m.as_object() else {
            continue;
        };
        let id = object.get("id");
        match (object.get("method").and_then(Value::as_str), id) {
            (Some(method), Some(id)) => {
                if shared.stateless {
                    continue;
                }
                let answer = answers::answer(method, object.get("params"), shared.offered);
                let mut response = json!({"jsonrpc": "2.0", "id": id});
                match answer {
                    Ok(result) => response["result"] = result,
                    Err((code, text)) => {
                        response["error"] = json!({"code": code, "message": text});
                    }
                }
                let s = Arc::clone(shared);
                spawn(shared, async move {
                    let deadline = Instant::now() + s.timeout;
                    post_other(&s, &response, deadline).await;
                });
            }
            (None, Some(id)) => {
                let key = if id.is_null() {
                    match own {
                        Some(k) => k.to_string(),
                        None => continue,
                    }
                } else {
                    id.to_string()
                };
                let reply = if let Some(result) = object.get("result") {
                    Reply::Result(result.clone())
                } else if let Some(error) = object.get("error") {
                    Reply::of_error(error)
                } else {
                    Reply::Failed("the response has neither result nor error".into())
                };
                if let Reply::Result(r) = &reply {
                    learn_param_headers(shared, &key, r);
                }
                // An initialize result fixes the protocol version header
                // before anything else is sent.
                let is_initialize = shared
                    .waiting()
                    .get(&key)
                    .is_some_and(|(m, _)| m == "initialize");
                if is_initialize {
                    if let Reply::Result(r) = &reply {
                        let negotiated = r
                            .get("protocolVersion")
                            .and_then(Value::as_str)
                            .and_then(|v| v.parse::<Version>().ok());
                        if let Some(v) = negotiated {
                            if http_rules::PROTOCOL_VERSION_HEADER.applies(v) {
                                shared.state().protocol_version = Some(v.as_str().to_string());
                            }
                        }
                    }
                }
                shared.deliver(&key, reply);
            }
            _ => {}
        }
    }
}

/// (Stateless revisions) A `tools/list` page's `x-mcp-header`
/// parameters, for the headers of later `tools/call`s.
fn learn_param_headers(shared: &Shared, key: &str, result: &Value) {
    let is_list = shared
        .waiting()
        .get(key)
        .is_some_and(|(m, _)| m == "tools/list");
    if !is_list || !shared.stateless {
        return;
    }
    let tools = result.get("tools").and_then(Value::as_array);
    let mut state = shared.state();
    for tool in tools.into_iter().flatten() {
        let (Some(name), Some(schema)) = (
            tool.get("name").and_then(Value::as_str),
            tool.get("inputSchema"),
        ) else {
            continue;
        };
        let params = param_headers_of(schema);
        if !params.is_empty() {
            state.param_headers.insert(name.to_string(), params);
        }
    }
}

/// Routes the JSON messages of an SSE event.
pub(super) fn dispatch_event(shared: &Arc<Shared>, event: &sse::Event, own: Option<&str>) {
    if !event.carries_data() || event.kind() == "endpoint" {
        return;
    }
    if let Ok(v) = serde_json::from_slice::<Value>(&event.data) {
        dispatch(shared, &v, own);
    }
}

/// Reads an SSE stream to its end (or `deadline`), routing its messages.
/// How it ended; `None`: the probe stopped reading.
pub(super) async fn read_events(
    shared: &Arc<Shared>,
    mut events: Events,
    own: Option<&str>,
    deadline: Option<Instant>,
) -> Option<End> {
    read_stream(shared, &mut events, own, deadline).await
}

/// [`read_events`], leaving the stream's last id and `retry` to read.
pub(super) async fn read_stream(
    shared: &Arc<Shared>,
    events: &mut Events,
    own: Option<&str>,
    deadline: Option<Instant>,
) -> Option<End> {
    loop {
        match events.next(shared, deadline).await {
            Next::Event(e) => dispatch_event(shared, &e, own),
            Next::Ended(end) => return Some(end),
            Next::Stopped => return None,
        }
    }
}

/// The media type of a response, for messages.
pub(super) fn media(head: &ResponseHead) -> String {
    head.headers
        .media_type()
        .unwrap_or_else(|| "(none)".to_string())
}
