//! The reading half of a stdio connection: the thread that judges the
//! server's output, routes each response to the request waiting for it and
//! answers the server's own requests ([`super::answers`]).

use std::{
    collections::HashMap,
    io::{self, Read},
    sync::{mpsc::Sender, Arc, Mutex},
};

use crate::{live::LineSplitter, Version};
use serde_json::{json, Value};

use super::{answers, link::Reply, stdio_writer::Writer, watch::Watch};

/// The requests waiting for their answer, by id (as JSON text).
pub(super) type Waiting = Arc<Mutex<HashMap<String, Sender<Reply>>>>;

/// What the reader thread needs.
pub(super) struct ReaderSetup {
    /// The server→client splitter: the server's output, judged.
    pub(super) lines: LineSplitter,
    /// The writing half, for the answers to the server's requests.
    pub(super) writer: Arc<Mutex<Writer>>,
    /// The requests waiting for their answer.
    pub(super) waiting: Waiting,
    /// The longest line routed; longer ones are left to the judge.
    pub(super) max_line: usize,
    /// The revision proposed (what the answers to the server's requests
    /// are).
    pub(super) revision: Version,
    /// The open subscription's messages.
    pub(super) watch: Arc<Watch>,
    /// Dropped when the thread ends.
    pub(super) _done: Sender<()>,
}

/// The reader thread: judges the server's output (the splitter), splits it
/// into lines of at most `max_line` bytes (longer ones are skipped here;
/// the judge reports them), and routes each line.
pub(super) fn read_server(mut stdout: impl Read, mut setup: ReaderSetup) {
    let mut chunk = vec![0u8; 64 * 1024];
    let mut line: Vec<u8> = Vec::new();
    let mut overlong = false;
    loop {
        let n = match stdout.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        setup.lines.feed(&chunk[..n]);
        for &b in &chunk[..n] {
            if b == b'\n' {
                if !overlong {
                    route(&line, &setup);
                }
                line.clear();
                overlong = false;
            } else if line.len() < setup.max_line {
                line.push(b);
            } else {
                overlong = true;
                line.clear();
            }
        }
    }
    if !overlong && !line.is_empty() {
        route(&line, &setup);
    }
    // Every request still waiting sees the end of the output.
    if let Ok(mut w) = setup.waiting.lock() {
        w.clear();
    }
    setup.lines.finish();
}

/// One line from the server: a response goes to its waiting request, a
/// request is answered, anything else (notifications, text that is not
/// JSON) is left to the judge.
fn route(line: &[u8], setup: &ReaderSetup) {
    let Ok(message) = serde_json::from_slice::<Value>(line) else {
        return;
    };
    setup.watch.see(&message);
    let Some(object) = message.as_object() else {
        return;
    };
    let id = object.get("id");
    match (object.get("method").and_then(Value::as_str), id) {
        (Some(method), Some(id)) => {
            let answer = answers::answer(method, object.get("params"), setup.revision);
            let mut response = json!({"jsonrpc": "2.0", "id": id});
            match answer {
                Ok(result) => response["result"] = result,
                Err((code, text)) => response["error"] = json!({"code": code, "message": text}),
            }
            if let Ok(mut w) = setup.writer.lock() {
                let _ = w.send(&response);
            }
        }
        (None, Some(id)) => {
            let waiting = setup
                .waiting
                .lock()
                .ok()
                .and_then(|mut w| w.remove(&id.to_string()));
            let Some(tx) = waiting else {
                return; // a second answer, or one to no request: the judge reports it
            };
            let reply = if let Some(result) = object.get("result") {
                Reply::Result(result.clone())
            } else if let Some(error) = object.get("error") {
                Reply::of_error(error)
            } else {
                Reply::Error(None, "neither result nor error".into())
            };
            let _ = tx.send(reply);
        }
        _ => {}
    }
}
