//! The listener and shutdown: `run` checks the upstream, opens the output
//! files, starts the live pipeline, accepts connections until a signal,
//! then drains the exchanges and the judges and writes the summary.

use std::{
    net::SocketAddr,
    path::PathBuf,
    sync::{atomic::AtomicU64, Arc},
    time::Duration,
};

use hyper::{server::conn::http1, service::service_fn, Uri};
use hyper_util::rt::TokioIo;
use mcpwire::{
    http::{client as tls, har::out::HarOut, transcript::TranscriptOut, Redaction},
    live::{self, Pipeline},
    Mode, Options,
};
use tokio::net::TcpListener;

use super::{
    exchange::{handle, Ctx},
    steps::Steps,
};
use crate::{
    http_judge::HttpFindings,
    output::{Outputs, Summary},
    Failure,
};

/// How long a stopping proxy waits for the exchanges still waiting on the
/// upstream (each then ends as the upstream answered it, or as cut off).
const DRAIN: Duration = Duration::from_secs(2);

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
    let (scheme, authority) = upstream_parts(&config.upstream)?;
    let client = tls::client(config.upstream_ca.as_deref()).map_err(Failure::Usage)?;
    let files = Files::create(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::Input(format!("cannot start the runtime: {e}")))?;
    let pipeline = start_pipeline(&config, sink);
    let served = runtime.block_on(async {
        let listener = TcpListener::bind(config.listen)
            .await
            .map_err(|e| Failure::Input(format!("cannot listen on {}: {e}", config.listen)))?;
        let local = listener
            .local_addr()
            .map_err(|e| Failure::Input(e.to_string()))?;
        let ctx = Arc::new(Ctx {
            scheme,
            authority,
            client,
            steps: Steps {
                submitter: pipeline.submitter(),
                transcript: files.transcript.clone(),
            },
            har: files.har.clone(),
            limit: config.options.limits.max_bytes,
            next: AtomicU64::new(0),
            listen: local,
            in_flight: Arc::default(),
            redaction: config.redaction.clone(),
        });
        eprintln!(
            "mcpwire proxy: listening on http://{local} (upstream {})",
            config.redaction.target(&config.upstream)
        );
        serve(listener, ctx).await;
        Ok::<(), Failure>(())
    });
    // Exchanges still waiting on the upstream after the drain, and open
    // streams, end here (dropped, each submits its end), then the judges
    // drain.
    runtime.shutdown_timeout(Duration::from_secs(2));
    finish(pipeline, &files, served)
}

/// The upstream URL's scheme (`http` or `https`) and authority.
fn upstream_parts(upstream: &str) -> Result<(String, String), Failure> {
    // Usage messages show the URL with its credentials redacted.
    let shown = mcpwire::http::Redaction::default().target(upstream);
    let uri: Uri = upstream
        .parse()
        .map_err(|e| Failure::Usage(format!("--upstream {shown:?}: {e}")))?;
    let scheme = match uri.scheme_str() {
        Some(s @ ("http" | "https")) => s.to_string(),
        _ => {
            return Err(Failure::Usage(format!(
                "--upstream {shown:?}: use an http:// or https:// URL"
            )))
        }
    };
    let authority = uri
        .authority()
        .map(|a| a.as_str().to_string())
        .ok_or_else(|| Failure::Usage(format!("--upstream {shown:?} has no host")))?;
    Ok((scheme, authority))
}

/// The files the proxy writes besides the findings.
struct Files {
    har: Option<Arc<HarOut>>,
    transcript: Option<Arc<TranscriptOut>>,
}

impl Files {
    fn create(config: &ProxyConfig) -> Result<Files, Failure> {
        let cannot = |p: &PathBuf, e| Failure::Input(format!("cannot create {}: {e}", p.display()));
        let har = match &config.har {
            Some(p) => Some(Arc::new(HarOut::create(p).map_err(|e| cannot(p, e))?)),
            None => None,
        };
        let transcript = match &config.transcript {
            Some(p) => Some(Arc::new(
                TranscriptOut::create(p).map_err(|e| cannot(p, e))?,
            )),
            None => None,
        };
        Ok(Files { har, transcript })
    }
}

/// The live pipeline, writing findings to `sink` as they are judged.
fn start_pipeline(
    config: &ProxyConfig,
    sink: Outputs,
) -> Pipeline<HttpFindings<(Outputs, Summary)>> {
    let mut sink = sink;
    // Findings appear as they are judged, not when the proxy stops.
    sink.flush_each = true;
    // The live traffic is the run's one input, as `tap`'s stream is.
    let summary = Summary {
        summary: true,
        files: 1,
        ..Summary::default()
    };
    Pipeline::start(
        live::Config {
            mode: config.mode,
            options: config.options,
            max_queued_bytes: config.queue_bytes,
            max_queued_messages: QUEUE_STEPS,
            stack_size: Some(config.stack),
        },
        HttpFindings::new("proxy", (sink, summary)),
    )
}

/// Accepts connections until SIGINT or SIGTERM, then waits up to
/// [`DRAIN`] for the running exchanges.
async fn serve(listener: TcpListener, ctx: Arc<Ctx>) {
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
}

/// Drains the judges, closes the files and writes the summary; the exit
/// status.
fn finish(
    pipeline: Pipeline<HttpFindings<(Outputs, Summary)>>,
    files: &Files,
    served: Result<(), Failure>,
) -> Result<u8, Failure> {
    let finished = pipeline.finish();
    if let Some(h) = &files.har {
        h.close().map_err(Failure::Output)?;
    }
    if let Some(t) = &files.transcript {
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
