//! Bodies through the proxy: request bodies read whole up to the limit
//! (then streamed), and the response body tap that splits SSE events as
//! frames pass, submitting each before forwarding the frame that completes
//! it.

use std::{
    pin::Pin,
    task::{Context, Poll},
};

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Body as HttpBody, Frame, Incoming, SizeHint};
use mcpwire::http::{sse, Body, End, Step};

use super::open::Open;

pub use mcpwire::http::client::{full, BoxError, ClientBody as ProxyBody};

/// A body read up to `limit` bytes: whole, or the part read and the rest.
pub enum Read {
    /// All of it.
    Whole(Vec<u8>),
    /// Over the limit: what was read and the remaining stream.
    Over(Vec<u8>, Incoming),
}

/// Reads `body` until its end or past `limit` bytes.
pub async fn read_limited(mut body: Incoming, limit: usize) -> Result<Read, hyper::Error> {
    let mut buf = Vec::new();
    while let Some(frame) = body.frame().await {
        if let Ok(data) = frame?.into_data() {
            buf.extend_from_slice(&data);
            if buf.len() > limit {
                return Ok(Read::Over(buf, body));
            }
        }
    }
    Ok(Read::Whole(buf))
}

/// What was read first, then the rest of the stream.
pub fn prefixed<B>(prefix: Vec<u8>, rest: B) -> ProxyBody
where
    B: HttpBody<Data = Bytes> + Send + Sync + Unpin + 'static,
    B::Error: Into<BoxError>,
{
    Prefixed {
        prefix: Some(Bytes::from(prefix)),
        rest,
    }
    .boxed()
}

struct Prefixed<B> {
    prefix: Option<Bytes>,
    rest: B,
}

impl<B> HttpBody for Prefixed<B>
where
    B: HttpBody<Data = Bytes> + Unpin,
    B::Error: Into<BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        if let Some(p) = self.prefix.take() {
            return Poll::Ready(Some(Ok(Frame::data(p))));
        }
        Pin::new(&mut self.rest).poll_frame(cx).map_err(Into::into)
    }
}

/// A response body passing through: SSE is split as it goes; anything
/// else (a body over the limit) is counted and reported as too large.
pub struct Tap {
    inner: Incoming,
    parser: Option<sse::Parser>,
    passed: u64,
    open: Option<Open>,
    events: Vec<sse::Event>,
}

impl Tap {
    /// Taps `inner`, taking `open` over until the body ends; `sse`: split
    /// it into events, else it is an oversized JSON body whose first
    /// `already` bytes were forwarded.
    pub fn new(inner: Incoming, sse: Option<usize>, open: Open, already: u64) -> Tap {
        Tap {
            inner,
            parser: sse.map(sse::Parser::new),
            passed: already,
            open: Some(open),
            events: Vec::new(),
        }
    }

    fn finish(&mut self, end: Option<End>) {
        let Some(mut open) = self.open.take() else {
            return;
        };
        let end = match (end, self.parser.as_mut()) {
            (Some(e), _) => e,
            (None, Some(p)) => match p.finish() {
                Some(u) => End::Unterminated(u),
                None => End::Complete,
            },
            (None, None) => {
                open.submit(Step::Body {
                    exchange: open.exchange,
                    body: Body {
                        bytes: Vec::new(),
                        oversized: Some(self.passed),
                    },
                });
                End::Complete
            }
        };
        open.end(end);
    }
}

impl HttpBody for Tap {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.passed += data.len() as u64;
                    if let Some(open) = this.open.as_mut() {
                        if let Some(r) = open.record() {
                            r.response_bytes(data);
                        }
                        if let Some(p) = this.parser.as_mut() {
                            let events = &mut this.events;
                            p.feed(data, |e| events.push(e));
                            let exchange = open.exchange;
                            for event in this.events.drain(..) {
                                open.submit(Step::Event { exchange, event });
                            }
                        }
                    }
                }
                // hyper stops polling once the body says it has ended.
                if this.inner.is_end_stream() {
                    this.finish(None);
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(e))) => {
                this.finish(Some(End::Failed(format!(
                    "the response body broke off: {e}"
                ))));
                Poll::Ready(Some(Err(Box::new(e))))
            }
            Poll::Ready(None) => {
                this.finish(None);
                Poll::Ready(None)
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for Tap {
    fn drop(&mut self) {
        if self.open.is_some() && self.inner.is_end_stream() {
            self.finish(None);
        }
        if let Some(e) = self.open.as_ref() {
            eprintln!(
                "mcpwire proxy: exchange {}: the client closed the response stream",
                e.exchange
            );
            // What arrived so far was judged; a partial event is not a
            // message the client received.
            if let Some(p) = self.parser.as_mut() {
                p.finish();
            }
            self.finish(Some(End::Complete));
        }
    }
}
