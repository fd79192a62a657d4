//! A scripted fake MCP server over HTTP for the proxy tests (hyper on
//! tokio, loopback): each request is answered by the script by its
//! `x-test` tag; every body received and sent is hashed (sha256) so the
//! tests can show the proxy changed no byte. Streams can be split into
//! chunks, cut off mid-event, reset, or held open and fed later (the
//! HTTP+SSE transport's GET stream, fed by the POSTs).

#![allow(dead_code)]

pub mod run;

use std::{
    collections::HashMap,
    convert::Infallible,
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::Duration,
};

use bytes::Bytes;
use http_body_util::{BodyExt, StreamBody};
use hyper::{body::Frame, server::conn::http1, service::service_fn, Request, Response};
use hyper_util::rt::TokioIo;
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;

/// What the server got.
#[derive(Clone, Debug)]
pub struct Received {
    pub tag: String,
    pub method: String,
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// One piece of a scripted body.
#[derive(Clone, Debug)]
pub enum Piece {
    /// Send these bytes as one frame.
    Bytes(Vec<u8>),
    /// Fail the body here (the connection is cut without a proper end).
    Reset,
    /// Wait for bytes pushed to the named stream until it is closed.
    Feed(String),
}

/// A scripted answer.
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<Piece>,
    /// Bytes to push onto a held-open stream when this request arrives.
    pub push: Vec<(String, Vec<u8>)>,
    /// Close these held-open streams after pushing.
    pub close: Vec<String>,
    /// Wait this long (after pushing) before sending the head.
    pub delay: Duration,
}

impl Reply {
    pub fn new(status: u16) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: Vec::new(),
            push: Vec::new(),
            close: Vec::new(),
            delay: Duration::ZERO,
        }
    }
    pub fn header(mut self, n: &str, v: &str) -> Reply {
        self.headers.push((n.into(), v.into()));
        self
    }
    pub fn json(self, body: &str) -> Reply {
        self.header("content-type", "application/json")
            .chunks(&[body])
    }
    pub fn sse(self, chunks: &[&str]) -> Reply {
        self.header("content-type", "text/event-stream")
            .chunks(chunks)
    }
    pub fn chunks(mut self, chunks: &[&str]) -> Reply {
        self.body
            .extend(chunks.iter().map(|c| Piece::Bytes(c.as_bytes().to_vec())));
        self
    }
    pub fn piece(mut self, p: Piece) -> Reply {
        self.body.push(p);
        self
    }
    pub fn push(mut self, stream: &str, bytes: &str) -> Reply {
        self.push.push((stream.into(), bytes.as_bytes().to_vec()));
        self
    }
    pub fn close(mut self, stream: &str) -> Reply {
        self.close.push(stream.into());
        self
    }
    /// Sends the head only after `ms` milliseconds (pushes go at once).
    pub fn after(mut self, ms: u64) -> Reply {
        self.delay = Duration::from_millis(ms);
        self
    }
}

type Script = dyn Fn(&Received) -> Reply + Send + Sync;

#[derive(Default)]
struct State {
    received: Vec<Received>,
    /// sha256 of each complete body sent, by tag; bytes sent, by tag.
    sent: HashMap<String, Vec<u8>>,
    feeds: HashMap<String, mpsc::UnboundedSender<Option<Vec<u8>>>>,
    waiting: HashMap<String, mpsc::UnboundedReceiver<Option<Vec<u8>>>>,
}

/// The running server.
pub struct FakeServer {
    pub addr: SocketAddr,
    state: Arc<Mutex<State>>,
    _runtime: tokio::runtime::Runtime,
}

pub fn sha(b: &[u8]) -> String {
    Sha256::digest(b)
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

impl FakeServer {
    /// Starts serving `script` on 127.0.0.1 (a port of its own).
    pub fn start(script: impl Fn(&Received) -> Reply + Send + Sync + 'static) -> FakeServer {
        FakeServer::start_with(script, None)
    }

    /// The same over TLS (rustls), with `tls`'s certificate.
    pub fn start_tls(
        script: impl Fn(&Received) -> Reply + Send + Sync + 'static,
        tls: Arc<rustls::ServerConfig>,
    ) -> FakeServer {
        FakeServer::start_with(script, Some(tokio_rustls::TlsAcceptor::from(tls)))
    }

    fn start_with(
        script: impl Fn(&Received) -> Reply + Send + Sync + 'static,
        tls: Option<tokio_rustls::TlsAcceptor>,
    ) -> FakeServer {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let state = Arc::new(Mutex::new(State::default()));
        let script: Arc<Script> = Arc::new(script);
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let st = Arc::clone(&state);
        runtime.spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                // No Nagle: a head and body written apart would wait for a
                // delayed ACK (40 ms) and swamp any latency figure.
                let _ = stream.set_nodelay(true);
                let st = Arc::clone(&st);
                let script = Arc::clone(&script);
                let tls = tls.clone();
                tokio::spawn(async move {
                    let service =
                        service_fn(move |req| serve(req, Arc::clone(&st), Arc::clone(&script)));
                    match tls {
                        None => {
                            let _ = http1::Builder::new()
                                .serve_connection(TokioIo::new(stream), service)
                                .await;
                        }
                        Some(acceptor) => {
                            let Ok(stream) = acceptor.accept(stream).await else {
                                return; // the client refused the certificate
                            };
                            let _ = http1::Builder::new()
                                .serve_connection(TokioIo::new(stream), service)
                                .await;
                        }
                    }
                });
            }
        });
        FakeServer {
            addr,
            state,
            _runtime: runtime,
        }
    }

    /// The requests received, in order.
    pub fn received(&self) -> Vec<Received> {
        self.state.lock().unwrap().received.clone()
    }

    /// The bytes sent for `tag` so far.
    pub fn sent(&self, tag: &str) -> Vec<u8> {
        self.state
            .lock()
            .unwrap()
            .sent
            .get(tag)
            .cloned()
            .unwrap_or_default()
    }
}

fn feed(state: &Mutex<State>, name: &str) -> mpsc::UnboundedSender<Option<Vec<u8>>> {
    let mut s = state.lock().unwrap();
    if let Some(tx) = s.feeds.get(name) {
        return tx.clone();
    }
    let (tx, rx) = mpsc::unbounded_channel();
    s.feeds.insert(name.into(), tx.clone());
    s.waiting.insert(name.into(), rx);
    tx
}

async fn serve(
    req: Request<hyper::body::Incoming>,
    state: Arc<Mutex<State>>,
    script: Arc<Script>,
) -> Result<Response<http_body_util::combinators::BoxBody<Bytes, std::io::Error>>, Infallible> {
    let (parts, body) = req.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes().to_vec())
        .unwrap_or_default();
    let got = Received {
        tag: parts
            .headers
            .get("x-test")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
        method: parts.method.to_string(),
        target: parts
            .uri
            .path_and_query()
            .map(|p| p.to_string())
            .unwrap_or_default(),
        headers: parts
            .headers
            .iter()
            .map(|(n, v)| {
                (
                    n.to_string(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect(),
        body,
    };
    state.lock().unwrap().received.push(got.clone());
    let reply = script(&got);
    for (name, bytes) in &reply.push {
        let _ = feed(&state, name).send(Some(bytes.clone()));
    }
    for name in &reply.close {
        let _ = feed(&state, name).send(None);
    }
    tokio::time::sleep(reply.delay).await;
    let (tx, rx) = mpsc::channel::<Result<Frame<Bytes>, std::io::Error>>(16);
    let tag = got.tag.clone();
    let st = Arc::clone(&state);
    let pieces = reply.body.clone();
    tokio::spawn(async move {
        let n = pieces.len();
        for (i, piece) in pieces.into_iter().enumerate() {
            match piece {
                Piece::Bytes(b) => {
                    st.lock()
                        .unwrap()
                        .sent
                        .entry(tag.clone())
                        .or_default()
                        .extend_from_slice(&b);
                    if tx.send(Ok(Frame::data(Bytes::from(b)))).await.is_err() {
                        return;
                    }
                    // Separate frames arrive as separate reads.
                    if i + 1 < n {
                        tokio::time::sleep(Duration::from_millis(3)).await;
                    }
                }
                Piece::Reset => {
                    let _ = tx.send(Err(std::io::Error::other("scripted reset"))).await;
                    return;
                }
                Piece::Feed(name) => {
                    feed(&st, &name);
                    let rx = st.lock().unwrap().waiting.remove(&name);
                    let Some(mut rx) = rx else { return };
                    while let Some(Some(b)) = rx.recv().await {
                        st.lock()
                            .unwrap()
                            .sent
                            .entry(tag.clone())
                            .or_default()
                            .extend_from_slice(&b);
                        if tx.send(Ok(Frame::data(Bytes::from(b)))).await.is_err() {
                            return;
                        }
                    }
                }
            }
        }
    });
    let stream = tokio_stream(rx);
    let mut resp = Response::builder().status(reply.status);
    for (n, v) in &reply.headers {
        resp = resp.header(n, v);
    }
    Ok(resp.body(BodyExt::boxed(StreamBody::new(stream))).unwrap())
}

/// An mpsc receiver as a `Stream` of frames.
fn tokio_stream(
    rx: mpsc::Receiver<Result<Frame<Bytes>, std::io::Error>>,
) -> impl futures_core::Stream<Item = Result<Frame<Bytes>, std::io::Error>> {
    struct S(mpsc::Receiver<Result<Frame<Bytes>, std::io::Error>>);
    impl futures_core::Stream for S {
        type Item = Result<Frame<Bytes>, std::io::Error>;
        fn poll_next(
            mut self: std::pin::Pin<&mut Self>,
            cx: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Self::Item>> {
            self.0.poll_recv(cx)
        }
    }
    S(rx)
}
