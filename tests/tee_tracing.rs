//! Feature `tracing`: each finding of a tee is a `tracing` event (target
//! `mcpwire`), violations at `error` and warnings at `warn`, with the
//! finding's fields as structured fields.
#![cfg(all(feature = "tokio", feature = "tracing", feature = "v2026_07_28"))]

use std::{
    io::Write,
    sync::{Arc, Mutex},
};

use mcpwire::tokio::Tee;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A writer into a shared buffer.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn findings_are_tracing_events() {
    let buffer = Buffer::default();
    let writer = buffer.clone();
    // The judge runs on its own thread: a global subscriber sees it.
    tracing::subscriber::set_global_default(
        tracing_subscriber::fmt()
            .with_ansi(false)
            .without_time()
            .with_writer(move || writer.clone())
            .finish(),
    )
    .unwrap();
    let (near, mut far) = tokio::io::duplex(1 << 16);
    let (mut tee, findings) = Tee::server(near);
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        far.read_to_end(&mut got).await.unwrap();
    });
    tee.write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,\"progress\":\"half\"}}\n")
        .await
        .unwrap();
    tee.shutdown().await.unwrap();
    drop(tee);
    reader.await.unwrap();
    findings.settle();
    let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    assert!(text.contains("ERROR mcpwire:"), "{text}");
    assert!(text.contains("pointer=\"/params/progress\""), "{text}");
    assert!(text.contains("keyword=\"type\""), "{text}");
    assert!(text.contains("direction=\"s2c\""), "{text}");
}
