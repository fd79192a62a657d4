//! One exchange: the request read, forwarded upstream and submitted, the
//! response head and body forwarded and submitted.

use std::{
    convert::Infallible,
    net::SocketAddr,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
};

use http_body_util::BodyExt;
use hyper::{
    body::Incoming, header, http::request::Parts, HeaderMap, Request, Response, StatusCode, Uri,
};
use mcpwire::http::{
    client as tls,
    har::out::{self as har_out, HarOut, Recording},
    Body, End, Headers, Redaction, RequestHead, ResponseHead, Step,
};

use super::{
    body::{full, prefixed, read_limited, ProxyBody, Read, Tap},
    in_flight::InFlight,
    open::Open,
    steps::Steps,
};

/// What every exchange shares: the upstream, the step sink, the HAR.
pub(super) struct Ctx {
    pub(super) scheme: String,
    pub(super) authority: String,
    pub(super) client: tls::Upstream,
    pub(super) steps: Steps,
    pub(super) har: Option<Arc<HarOut>>,
    pub(super) limit: usize,
    pub(super) next: AtomicU64,
    pub(super) listen: SocketAddr,
    pub(super) in_flight: Arc<InFlight>,
    pub(super) redaction: Redaction,
}

/// Hop-by-hop fields (RFC 9110 §7.6.1): not forwarded.
fn hop_by_hop(name: &str) -> bool {
    matches!(
        name,
        "connection"
            | "keep-alive"
            | "proxy-connection"
            | "proxy-authenticate"
            | "proxy-authorization"
            | "te"
            | "trailer"
            | "transfer-encoding"
            | "upgrade"
    )
}

fn headers_of(map: &HeaderMap) -> Headers {
    Headers(
        map.iter()
            .map(|(n, v)| {
                (
                    n.as_str().to_string(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect(),
    )
}

fn plain(status: StatusCode, text: String) -> Response<ProxyBody> {
    let mut r = Response::new(full(text));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// Ends `open` as failed (`why`) and answers the client 502.
fn fail(open: Open, why: String) -> Response<ProxyBody> {
    eprintln!("mcpwire proxy: exchange {}: {why}", open.exchange);
    open.end(End::Failed(why.clone()));
    plain(StatusCode::BAD_GATEWAY, format!("mcpwire proxy: {why}\n"))
}

/// hyper's service: each exchange runs as a task of its own. hyper drops
/// this future when the client's connection closes (a client that got its
/// answer on another stream need not wait for the POST's `202`); the task
/// goes on, so the exchange still ends — judged, and in the HAR — as the
/// upstream answered it.
pub(super) async fn handle(
    req: Request<Incoming>,
    ctx: Arc<Ctx>,
) -> Result<Response<ProxyBody>, Infallible> {
    let entered = InFlight::enter(&ctx.in_flight);
    let task = tokio::spawn(async move {
        let _entered = entered;
        exchange(req, ctx).await
    });
    Ok(task.await.unwrap_or_else(|e| {
        plain(
            StatusCode::BAD_GATEWAY,
            format!("mcpwire proxy: the exchange failed: {e}\n"),
        )
    }))
}

/// One exchange, from the request to the response head (a streamed body
/// goes on in its [`Tap`]).
async fn exchange(req: Request<Incoming>, ctx: Arc<Ctx>) -> Response<ProxyBody> {
    let exchange = ctx.next.fetch_add(1, Ordering::Relaxed) + 1;
    let (parts, body) = req.into_parts();
    let (open, target, upstream_body) = match submit_request(&ctx, exchange, &parts, body).await {
        Ok(submitted) => submitted,
        Err(refused) => return refused,
    };
    let upstream_req = match upstream_request(&ctx, parts, &target, upstream_body) {
        Ok(r) => r,
        Err(why) => return fail(open, why),
    };
    let resp = match ctx.client.request(upstream_req).await {
        Ok(r) => r,
        Err(e) => {
            return fail(
                open,
                format!("upstream request failed: {}", with_causes(&e)),
            )
        }
    };
    respond(&ctx, open, exchange, resp).await
}

/// The request's step: its head (credentials redacted) and body read,
/// recorded and submitted. Returns the exchange opened, the request
/// target and the body to forward; or, when the body broke off, the
/// response refusing it.
async fn submit_request(
    ctx: &Ctx,
    exchange: u64,
    parts: &Parts,
    body: Incoming,
) -> Result<(Open, String, ProxyBody), Response<ProxyBody>> {
    let arrived = ctx.har.as_ref().map(|_| har_out::arrived());
    let target = parts
        .uri
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "/".into());
    // What is judged and recorded has its credentials redacted; what is
    // forwarded (`parts.headers`) is unchanged.
    let mut head = RequestHead {
        method: parts.method.as_str().to_string(),
        target: ctx.redaction.target(&target),
        headers: headers_of(&parts.headers),
    };
    ctx.redaction.apply(&mut head.headers);
    let limit = ctx.limit;
    let (upstream_body, judged, sent) = read_request_body(body, limit, exchange).await?;
    let record = arrived.map(|arrived| {
        let mut r = Recording::new(
            exchange,
            arrived,
            &head,
            format!("http://{}{}", ctx.listen, head.target),
            limit,
        );
        r.request_body(&judged.bytes, sent);
        r
    });
    let mut open = Open::new(exchange, ctx.steps.clone(), record, ctx.har.clone());
    open.submit(Step::Request {
        exchange,
        head,
        body: judged,
    });
    Ok((open, target, upstream_body))
}

/// The upstream's response: its head (credentials redacted) recorded and
/// submitted, then forwarded without the hop-by-hop fields, with its body
/// streamed through a [`Tap`] (an event stream) or read by
/// [`response_body`].
async fn respond(
    ctx: &Ctx,
    mut open: Open,
    exchange: u64,
    resp: Response<Incoming>,
) -> Response<ProxyBody> {
    let (rparts, rbody) = resp.into_parts();
    let mut rhead = ResponseHead {
        status: rparts.status.as_u16(),
        headers: headers_of(&rparts.headers),
    };
    ctx.redaction.apply(&mut rhead.headers);
    if let Some(r) = open.record() {
        r.response(&rhead, rparts.status.canonical_reason().unwrap_or(""));
    }
    let sse = rhead.is_sse();
    open.submit(Step::Response {
        exchange,
        head: rhead,
    });
    let mut out = Response::builder().status(rparts.status);
    for (n, v) in rparts.headers.iter() {
        if !hop_by_hop(n.as_str()) {
            out = out.header(n, v);
        }
    }
    let body = if sse {
        Tap::new(rbody, Some(ctx.limit), open, 0).boxed()
    } else {
        match response_body(rbody, ctx.limit, open, exchange).await {
            Ok(body) => body,
            Err(failed) => return failed,
        }
    };
    out.body(body)
        .unwrap_or_else(|e| plain(StatusCode::BAD_GATEWAY, format!("{e}\n")))
}

/// Reads the client's request body up to `limit`: the body to forward,
/// the body to judge (empty, its size noted, when over the limit) and the
/// bytes read; or, when it broke off, the response refusing it.
async fn read_request_body(
    body: Incoming,
    limit: usize,
    exchange: u64,
) -> Result<(ProxyBody, Body, u64), Response<ProxyBody>> {
    match read_limited(body, limit).await {
        Ok(Read::Whole(b)) => {
            let n = b.len() as u64;
            Ok((full(b.clone()), Body::new(b), n))
        }
        Ok(Read::Over(prefix, rest)) => {
            let n = prefix.len() as u64;
            Ok((
                prefixed(prefix, rest),
                Body {
                    bytes: Vec::new(),
                    oversized: Some(n),
                },
                n,
            ))
        }
        Err(e) => {
            eprintln!(
                "mcpwire proxy: exchange {exchange}: the client's request body broke off: {e}"
            );
            Err(plain(
                StatusCode::BAD_REQUEST,
                "request body incomplete\n".into(),
            ))
        }
    }
}

/// The request forwarded upstream: the client's method, `target` on the
/// upstream, the client's headers but the hop-by-hop ones and `Host`
/// (the upstream's), and `body`; or why it cannot be built.
fn upstream_request(
    ctx: &Ctx,
    parts: Parts,
    target: &str,
    body: ProxyBody,
) -> Result<Request<ProxyBody>, String> {
    let uri: Uri = format!("{}://{}{}", ctx.scheme, ctx.authority, target)
        .parse()
        .map_err(|e| format!("bad target {:?}: {e}", ctx.redaction.target(target)))?;
    let mut builder = Request::builder().method(parts.method).uri(uri);
    for (n, v) in parts.headers.iter() {
        if !hop_by_hop(n.as_str()) && n != header::HOST {
            builder = builder.header(n, v);
        }
    }
    builder = builder.header(header::HOST, ctx.authority.as_str());
    builder
        .body(body)
        .map_err(|e| format!("cannot build the upstream request: {e}"))
}

/// An error and its chain of causes, `: `-separated.
fn with_causes(e: &(dyn std::error::Error + 'static)) -> String {
    let mut why = e.to_string();
    let mut src = e.source();
    while let Some(s) = src {
        why.push_str(": ");
        why.push_str(&s.to_string());
        src = s.source();
    }
    why
}

/// A response body that is not an event stream: read whole and judged
/// when within `limit` (the exchange then ends), else forwarded as it
/// comes through a [`Tap`]; or, when it broke off, the failure response.
async fn response_body(
    rbody: Incoming,
    limit: usize,
    mut open: Open,
    exchange: u64,
) -> Result<ProxyBody, Response<ProxyBody>> {
    match read_limited(rbody, limit).await {
        Ok(Read::Whole(b)) => {
            if let Some(r) = open.record() {
                r.response_bytes(&b);
            }
            open.submit(Step::Body {
                exchange,
                body: Body::new(b.clone()),
            });
            open.end(End::Complete);
            Ok(full(b))
        }
        Ok(Read::Over(prefix, rest)) => {
            if let Some(r) = open.record() {
                r.response_bytes(&prefix);
            }
            let n = prefix.len() as u64;
            let tap = Tap::new(rest, None, open, n);
            Ok(prefixed(prefix, tap))
        }
        Err(e) => Err(fail(
            open,
            format!("the upstream response body broke off: {e}"),
        )),
    }
}
