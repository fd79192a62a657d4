//! The listener, the per-request handler and shutdown.

use std::{
    convert::Infallible,
    net::SocketAddr,
    path::PathBuf,
    sync::{
        atomic::{AtomicU64, AtomicUsize, Ordering},
        Arc,
    },
    time::Duration,
};

use http_body_util::BodyExt;
use hyper::{
    body::Incoming, header, server::conn::http1, service::service_fn, HeaderMap, Request, Response,
    StatusCode, Uri,
};
use hyper_util::rt::TokioIo;
use mcpwire::{
    http::{Body, End, Headers, Redaction, RequestHead, ResponseHead, Step},
    live::{self, Pipeline},
    Mode, Options,
};
use tokio::{net::TcpListener, sync::Notify};

use super::{
    body::{full, prefixed, read_limited, ProxyBody, Read, Tap},
    har_out::{self, HarOut, Recording},
    open::Open,
    steps::Steps,
    tls,
};
use crate::{
    http_judge::HttpFindings,
    http_transcript::TranscriptOut,
    output::{Outputs, Summary},
    Failure,
};

/// Steps waiting to be judged, at most (besides `--queue-bytes`).
const QUEUE_STEPS: usize = 65_536;

/// What `proxy` needs to know.
pub struct ProxyConfig {
    /// The server's URL (`http://127.0.0.1:3001/mcp`, `https://…`).
    pub upstream: String,
    /// Where to listen.
    pub listen: SocketAddr,
    /// Fixed revision or auto.
    pub mode: Mode,
    /// How the session judges: limits (also the cap on a body read
    /// whole), `--null-id-as-warning`.
    pub options: Options,
    /// Bytes of steps waiting for judging before steps go unjudged.
    pub queue_bytes: usize,
    /// Stack of a judge thread.
    pub stack: usize,
    /// Write a HAR 1.2 capture here.
    pub har: Option<PathBuf>,
    /// Extra trusted CA certificates (PEM) for an HTTPS upstream.
    pub upstream_ca: Option<PathBuf>,
    /// Write the steps as an HTTP transcript here.
    pub transcript: Option<PathBuf>,
    /// The header fields whose values are replaced before anything is
    /// judged, recorded or written ([`mcpwire::http::redact`]).
    pub redaction: Redaction,
}

struct Ctx {
    scheme: String,
    authority: String,
    client: tls::Upstream,
    steps: Steps,
    har: Option<Arc<HarOut>>,
    limit: usize,
    next: AtomicU64,
    listen: SocketAddr,
    in_flight: Arc<InFlight>,
    redaction: Redaction,
}

/// How long a stopping proxy waits for the exchanges still waiting on the
/// upstream (each then ends as the upstream answered it, or as cut off).
const DRAIN: Duration = Duration::from_secs(2);

/// The exchanges whose tasks are running (streamed bodies not counted:
/// they end when the runtime stops).
#[derive(Default)]
struct InFlight {
    running: AtomicUsize,
    idle: Notify,
}

/// One running exchange task, counted until dropped.
struct Entered(Arc<InFlight>);

impl InFlight {
    fn enter(this: &Arc<InFlight>) -> Entered {
        this.running.fetch_add(1, Ordering::SeqCst);
        Entered(Arc::clone(this))
    }

    /// Returns once no exchange task runs.
    async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.running.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
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
async fn handle(req: Request<Incoming>, ctx: Arc<Ctx>) -> Result<Response<ProxyBody>, Infallible> {
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
    let arrived = ctx.har.as_ref().map(|_| har_out::arrived());
    let (parts, body) = req.into_parts();
    let target = parts
        .uri
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "/".into());
    // What is judged and recorded has its credentials redacted; what is
    // forwarded (`parts.headers`) is unchanged.
    let mut head = RequestHead {
        method: parts.method.as_str().to_string(),
        target: target.clone(),
        headers: headers_of(&parts.headers),
    };
    ctx.redaction.apply(&mut head.headers);
    let limit = ctx.limit;
    let (upstream_body, judged, sent) = match read_request_body(body, limit, exchange).await {
        Ok(read) => read,
        Err(refused) => return refused,
    };
    let record = arrived.map(|arrived| {
        let mut r = Recording::new(
            exchange,
            arrived,
            &head,
            format!("http://{}{}", ctx.listen, target),
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
        Tap::new(rbody, Some(limit), open, 0).boxed()
    } else {
        match response_body(rbody, limit, open, exchange).await {
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
    parts: hyper::http::request::Parts,
    target: &str,
    body: ProxyBody,
) -> Result<Request<ProxyBody>, String> {
    let uri: Uri = format!("{}://{}{}", ctx.scheme, ctx.authority, target)
        .parse()
        .map_err(|e| format!("bad target {target:?}: {e}"))?;
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

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the proxy until SIGINT or SIGTERM; then drains the judges and
/// writes the summary. Returns the exit status (0 clean, 1 findings that
/// fail the run).
pub fn run(config: ProxyConfig, sink: Outputs) -> Result<u8, Failure> {
    let uri: Uri = config
        .upstream
        .parse()
        .map_err(|e| Failure::Usage(format!("--upstream {:?}: {e}", config.upstream)))?;
    let scheme = match uri.scheme_str() {
        Some(s @ ("http" | "https")) => s.to_string(),
        _ => {
            return Err(Failure::Usage(format!(
                "--upstream {:?}: use an http:// or https:// URL",
                config.upstream
            )))
        }
    };
    let authority = uri
        .authority()
        .map(|a| a.as_str().to_string())
        .ok_or_else(|| Failure::Usage(format!("--upstream {:?} has no host", config.upstream)))?;
    let client = tls::client(config.upstream_ca.as_deref()).map_err(Failure::Usage)?;
    let har = match &config.har {
        Some(p) => Some(Arc::new(HarOut::create(p).map_err(|e| {
            Failure::Input(format!("cannot create {}: {e}", p.display()))
        })?)),
        None => None,
    };
    let transcript = match &config.transcript {
        Some(p) => Some(Arc::new(TranscriptOut::create(p).map_err(|e| {
            Failure::Input(format!("cannot create {}: {e}", p.display()))
        })?)),
        None => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::Input(format!("cannot start the runtime: {e}")))?;
    let mut sink = sink;
    // Findings appear as they are judged, not when the proxy stops.
    sink.flush_each = true;
    // The live traffic is the run's one input, as `tap`'s stream is.
    let summary = Summary {
        summary: true,
        files: 1,
        ..Summary::default()
    };
    let pipeline = Pipeline::start(
        live::Config {
            mode: config.mode,
            options: config.options,
            max_queued_bytes: config.queue_bytes,
            max_queued_messages: QUEUE_STEPS,
            stack_size: Some(config.stack),
        },
        HttpFindings::new("proxy", (sink, summary)),
    );
    let listen = config.listen;
    let served = runtime.block_on(async {
        let listener = TcpListener::bind(listen)
            .await
            .map_err(|e| Failure::Input(format!("cannot listen on {listen}: {e}")))?;
        let local = listener
            .local_addr()
            .map_err(|e| Failure::Input(e.to_string()))?;
        let ctx = Arc::new(Ctx {
            scheme,
            authority,
            client,
            steps: Steps {
                submitter: pipeline.submitter(),
                transcript: transcript.clone(),
            },
            har: har.clone(),
            limit: config.options.limits.max_bytes,
            next: AtomicU64::new(0),
            listen: local,
            in_flight: Arc::default(),
            redaction: config.redaction.clone(),
        });
        eprintln!(
            "mcpwire proxy: listening on http://{local} (upstream {})",
            config.upstream
        );
        let shutdown = shutdown_signal();
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                accepted = listener.accept() => {
                    let Ok((stream, _)) = accepted else { continue };
                    let _ = stream.set_nodelay(true);
                    let ctx = Arc::clone(&ctx);
                    tokio::spawn(async move {
                        let service = service_fn(move |req| handle(req, Arc::clone(&ctx)));
                        let _ = http1::Builder::new()
                            .serve_connection(TokioIo::new(stream), service)
                            .await;
                    });
                }
                _ = &mut shutdown => break,
            }
        }
        let _ = tokio::time::timeout(DRAIN, ctx.in_flight.idle()).await;
        Ok::<(), Failure>(())
    });
    // Exchanges still waiting on the upstream after the drain, and open
    // streams, end here (dropped, each submits its end), then the judges
    // drain.
    runtime.shutdown_timeout(Duration::from_secs(2));
    let finished = pipeline.finish();
    if let Some(h) = &har {
        h.close().map_err(Failure::Output)?;
    }
    if let Some(t) = &transcript {
        t.close().map_err(Failure::Output)?;
    }
    served?;
    let ((mut sink, mut summary), error) = finished.consumer.into_parts();
    if let Some(e) = error {
        return Err(Failure::Output(e));
    }
    if finished.totals.unjudged > 0 {
        summary.dropped = Some(usize::try_from(finished.totals.unjudged).unwrap_or(usize::MAX));
    }
    sink.finish(&summary).map_err(Failure::Output)?;
    Ok(sink.verdict.exit_code(&summary))
}
