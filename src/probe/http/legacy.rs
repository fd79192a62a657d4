//! The 2024-11-05 HTTP+SSE fallback transport: opening the GET stream,
//! learning the POST endpoint, and listening for server messages.

use super::*;

/// The path and query of an `endpoint` event's URI, resolved against the
/// URL; `None` when it names another origin.
pub(super) fn endpoint_of(shared: &Shared, data: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(data).ok()?.trim();
    if text.contains("://") {
        if !text.starts_with(&shared.base) {
            return None;
        }
        return endpoint_target(data);
    }
    if text.starts_with('/') {
        return Some(text.to_string());
    }
    // Relative to the URL's directory.
    let path = shared.target.split('?').next().unwrap_or("/");
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    Some(format!("{}{text}", if dir.is_empty() { "/" } else { dir }))
}

/// The 2024-11-05 HTTP+SSE transport: GETs the URL, expecting an SSE
/// stream whose first event is `endpoint`; keeps reading the stream (the
/// server's messages arrive on it) and sets the endpoint.
pub(super) async fn open_legacy(shared: &Arc<Shared>, deadline: Instant) -> Result<(), String> {
    let headers = vec![("accept".to_string(), "text/event-stream".to_string())];
    let target = shared.target.clone();
    let (exchange, head, response) =
        match send(shared, "GET", &target, headers, Vec::new(), deadline).await {
            Ok(x) => x,
            Err(SendError::Stopped) => return Err("no answer in time".into()),
            Err(SendError::Failed(why)) => return Err(why),
        };
    if !(200..300).contains(&head.status) || !head.is_sse() {
        read_body(shared, exchange, response, deadline).await;
        return Err(format!(
            "the GET answered HTTP {} ({})",
            head.status,
            media(&head)
        ));
    }
    let mut events = Events::new(exchange, response, shared.limit);
    let first = loop {
        match events.next(shared, Some(deadline)).await {
            Next::Event(e) if !e.carries_data() && e.event.is_none() => continue,
            Next::Event(e) => break e,
            Next::Ended(_) => return Err("the SSE stream ended before any event".into()),
            Next::Stopped => return Err("no event in time".into()),
        }
    };
    if first.kind() != "endpoint" {
        return Err(format!(
            "the first event is {:?}, not \"endpoint\"",
            first.kind()
        ));
    }
    let Some(endpoint) = endpoint_of(shared, &first.data) else {
        return Err(format!(
            "the endpoint event names {:?}, not a URI of this server",
            String::from_utf8_lossy(&first.data)
        ));
    };
    shared.state().endpoint = Some(endpoint);
    let s = Arc::clone(shared);
    spawn(shared, async move {
        let end = read_events(&s, events, None, None).await;
        if end.is_some() && !s.closing() {
            // Every answer travels on this stream: without it nothing
            // more is answered.
            s.state()
                .gone
                .get_or_insert_with(|| "the server ended the HTTP+SSE stream".into());
            let keys: Vec<String> = s.waiting().keys().cloned().collect();
            for k in keys {
                s.deliver(&k, Reply::Closed);
            }
        }
    });
    Ok(())
}

/// The standalone GET stream (Streamable HTTP): its messages are routed
/// (the server's requests answered) until the link closes.
pub(super) async fn listen(shared: Arc<Shared>) {
    let headers = shared.headers(None, "text/event-stream");
    let target = shared.target.clone();
    let deadline = Instant::now() + shared.timeout;
    let Ok((exchange, head, response)) =
        send(&shared, "GET", &target, headers, Vec::new(), deadline).await
    else {
        return;
    };
    if (200..300).contains(&head.status) && head.is_sse() {
        read_events(
            &shared,
            Events::new(exchange, response, shared.limit),
            None,
            None,
        )
        .await;
    } else {
        read_body(&shared, exchange, response, deadline).await;
    }
}
