//! One stdio connection to the probed server: its process (in a process
//! group of its own, ended by group id at the end), the line writer that
//! hands every byte to the live pipeline before the server sees it, and
//! the reader thread that judges the server's output, routes responses to
//! the request waiting for them and answers the server's own requests
//! ([`super::answers`]).
//!
//! [`Link`] is what the exercise drives: this stdio connection, or an HTTP
//! one ([`super::http`]).

use std::{
    collections::HashMap,
    ffi::{OsStr, OsString},
    io::{self, Read, Write},
    process::{Child, ChildStdin, Command, Stdio},
    sync::{
        mpsc::{self, Receiver, RecvTimeoutError, Sender},
        Arc, Mutex,
    },
    thread,
    time::{Duration, Instant},
};

use mcpwire::live::{LineSplitter, Submitter};
use mcpwire::{live::Context, session::META_PROTOCOL_VERSION, Direction, Origin};
use serde_json::{json, Value};

use super::answers;

/// How a request ended.
#[derive(Debug)]
pub enum Reply {
    /// A `result`.
    Result(Value),
    /// An `error`: its code (when an integer) and message.
    Error(Option<i64>, String),
    /// No answer within the request's timeout (or before the deadline).
    TimedOut,
    /// The server's output ended (it exited or closed it) first, or (HTTP)
    /// the server could not be reached.
    Closed,
    /// (HTTP) The request was answered, but with no JSON-RPC response: a
    /// status or content type that carries none, a body that holds none,
    /// a stream that ended before it. What happened.
    #[cfg_attr(not(feature = "proxy"), allow(dead_code))]
    Failed(String),
}

impl Reply {
    /// The reply a JSON-RPC `error` object makes: its code (when an
    /// integer) and message.
    pub fn of_error(error: &Value) -> Reply {
        Reply::Error(
            error.get("code").and_then(Value::as_i64),
            error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
        )
    }
}

/// What the exercise drives one revision's conversation over.
pub trait Link {
    /// Sends a request and waits for its answer, at most `timeout`.
    fn request(&mut self, method: &str, params: Option<Value>, timeout: Duration) -> Reply;
    /// Sends a notification.
    fn notify(&mut self, method: &str, params: Option<Value>);
    /// The id of the last request sent.
    fn last_id(&self) -> u64;
    /// `_meta` added to every request (the 2026-07-28 way), or `None`.
    fn set_request_meta(&mut self, meta: Option<Value>);
    /// After [`Reply::Closed`]: the server's exit status when it exited
    /// within `grace`, and what ended (`the server exited (…)`).
    fn ended(&mut self, grace: Duration) -> (Option<String>, String);
    /// Whether closing a request's response stream is its cancellation
    /// (Streamable HTTP from 2026-07-28), so no `notifications/cancelled`
    /// is sent.
    fn cancels_by_closing(&self) -> bool {
        false
    }
    /// Sends a request and at once `notifications/cancelled` for it
    /// (with `reason`), then waits at most `wait` for an answer that may
    /// still come ([`Reply::TimedOut`] when none did). `None`: this link
    /// does not cancel that way (Streamable HTTP from 2026-07-28 cancels by
    /// closing the request's stream).
    fn request_cancelled(
        &mut self,
        method: &str,
        params: Option<Value>,
        reason: &str,
        wait: Duration,
    ) -> Option<Reply> {
        let _ = (method, params, reason, wait);
        None
    }
    /// Sends `subscriptions/listen` with `params`, collects for `wait`
    /// every message carrying its id ([`Watch`]), then ends it: on stdio
    /// with `notifications/cancelled`, over Streamable HTTP by closing its
    /// stream (2026-07-28 basic/patterns/subscriptions, Cancellation).
    /// The request's id and the messages, in order; `None`: not sent (the
    /// connection is gone).
    fn listen(&mut self, params: Value, wait: Duration) -> Option<(u64, Vec<Value>)>;
    /// Ids of the requests that got an answer carrying no JSON-RPC
    /// response (an HTTP error page, a `404` to `server/discover`): each
    /// is a probe finding or a note already, not also `unanswered`.
    fn answered_by_link(&self) -> Vec<u64> {
        Vec::new()
    }
}

/// A request: `_meta` (the 2026-07-28 per-request metadata) merged into
/// its params.
pub fn request_message(
    id: u64,
    method: &str,
    params: Option<Value>,
    meta: Option<&Value>,
) -> Value {
    let mut params = params.unwrap_or_else(|| json!({}));
    if let (Some(meta), Some(p)) = (meta, params.as_object_mut()) {
        let m = p.entry("_meta").or_insert_with(|| json!({}));
        if let (Some(m), Some(add)) = (m.as_object_mut(), meta.as_object()) {
            for (k, v) in add {
                m.insert(k.clone(), v.clone());
            }
        }
    }
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

/// A notification. At a stateless revision (`meta`: the requests'
/// `_meta`) it carries the revision in its own `_meta` as requests do, so
/// it is judged at that revision (2026-07-28 basic/versioning); the client
/// information and capabilities are the requests' alone.
pub fn notification(method: &str, params: Option<Value>, meta: Option<&Value>) -> Value {
    let mut message = json!({"jsonrpc": "2.0", "method": method});
    let version = meta.and_then(|m| m.get(META_PROTOCOL_VERSION));
    let params = match (params, version) {
        (Some(mut p), Some(v)) => {
            if let Some(p) = p.as_object_mut() {
                let m = p.entry("_meta").or_insert_with(|| json!({}));
                if let Some(m) = m.as_object_mut() {
                    m.insert(META_PROTOCOL_VERSION.into(), v.clone());
                }
            }
            Some(p)
        }
        (None, Some(v)) => Some(json!({"_meta": {META_PROTOCOL_VERSION: v}})),
        (p, None) => p,
    };
    if let Some(p) = params {
        message["params"] = p;
    }
    message
}

/// The writing half, shared by the probe and the reader thread (which
/// answers the server's requests): every line is fed to the client→server
/// splitter before it is written, so it is judged in causal order.
struct Writer {
    stdin: Option<ChildStdin>,
    lines: Option<LineSplitter>,
}

impl Writer {
    fn send(&mut self, message: &Value) -> io::Result<()> {
        let mut line = serde_json::to_vec(message)?;
        line.push(b'\n');
        if let Some(lines) = self.lines.as_mut() {
            lines.feed(&line);
        }
        match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(&line).and_then(|()| stdin.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        }
    }
}

type Waiting = Arc<Mutex<HashMap<String, Sender<Reply>>>>;

/// The `_meta` key naming the subscription a message belongs to
/// (2026-07-28 basic/patterns/subscriptions).
const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// The messages that carry one open subscription's id: its notifications
/// (`_meta.io.modelcontextprotocol/subscriptionId`) and its response.
#[derive(Debug, Default)]
pub struct Watch(Mutex<Option<(Value, Vec<Value>)>>);

impl Watch {
    /// Starts collecting for the subscription `id`.
    pub fn open(&self, id: u64) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((Value::from(id), Vec::new()));
    }

    /// Keeps `message` when it carries the open subscription's id.
    pub fn see(&self, message: &Value) {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let Some((id, seen)) = guard.as_mut() else {
            return;
        };
        let tagged = message
            .get("params")
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get(SUBSCRIPTION_ID))
            == Some(id);
        let response = message.get("method").is_none() && message.get("id") == Some(id);
        if tagged || response {
            seen.push(message.clone());
        }
    }

    /// Stops collecting; what was kept, in order.
    pub fn take(&self) -> Vec<Value> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .map(|(_, seen)| seen)
            .unwrap_or_default()
    }
}

/// A running server and its conversation.
pub struct Connection {
    child: Child,
    writer: Arc<Mutex<Writer>>,
    waiting: Waiting,
    next_id: u64,
    /// Signalled (by dropping) when the reader thread has finished.
    reader_done: Receiver<()>,
    watch: Arc<Watch>,
    /// `_meta` added to every request (the 2026-07-28 way), or `None`.
    pub request_meta: Option<Value>,
}

/// What the reader thread needs.
struct ReaderSetup {
    lines: LineSplitter,
    writer: Arc<Mutex<Writer>>,
    waiting: Waiting,
    max_line: usize,
    modern: Arc<Mutex<bool>>,
    watch: Arc<Watch>,
    _done: Sender<()>,
}

impl Connection {
    /// Starts `command` (with `env` added) and the reader thread.
    pub fn start(
        command: &[OsString],
        env: &[(OsString, OsString)],
        submitter: &Submitter,
        max_line: usize,
        modern: bool,
    ) -> io::Result<Connection> {
        let Some((program, args)) = command.split_first() else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "no command"));
        };
        let mut server = Command::new(program);
        server
            .args(args)
            .envs(env.iter().map(|(k, v)| (k.as_os_str(), v.as_os_str())))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if std::env::var_os("MCPWIRE_PROBE_SERVER_STDERR").is_some() {
            server.stderr(Stdio::inherit());
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            server.process_group(0);
        }
        let mut child = server.spawn().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot run {}: {e}", OsStr::to_string_lossy(program)),
            )
        })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(io::Error::other("the server's pipes are unavailable")),
        };
        let writer = Arc::new(Mutex::new(Writer {
            stdin: Some(stdin),
            // The probe is the harness: its own messages are labelled so.
            lines: Some(
                submitter
                    .splitter(Context::new(Direction::ClientToServer).with_origin(Origin::Harness)),
            ),
        }));
        let waiting: Waiting = Arc::default();
        let (done_tx, done_rx) = mpsc::channel();
        let setup = ReaderSetup {
            lines: submitter.splitter(Context::new(Direction::ServerToClient)),
            writer: Arc::clone(&writer),
            waiting: Arc::clone(&waiting),
            max_line,
            modern: Arc::new(Mutex::new(modern)),
            watch: Arc::default(),
            _done: done_tx,
        };
        let watch = Arc::clone(&setup.watch);
        thread::Builder::new()
            .name("probe-s2c".into())
            .spawn(move || read_server(stdout, setup))?;
        Ok(Connection {
            child,
            writer,
            waiting,
            next_id: 0,
            reader_done: done_rx,
            watch,
            request_meta: None,
        })
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Option<Value>) {
        let message = notification(method, params, self.request_meta.as_ref());
        if let Ok(mut w) = self.writer.lock() {
            let _ = w.send(&message);
        }
    }

    /// The id of the last request sent.
    pub fn last_id(&self) -> u64 {
        self.next_id
    }

    /// Sends a request and waits for its answer, at most `timeout`.
    pub fn request(&mut self, method: &str, params: Option<Value>, timeout: Duration) -> Reply {
        self.exchange(method, params, None, timeout)
    }

    /// [`Link::request_cancelled`]: the request and its cancellation are
    /// written back to back.
    pub fn request_cancelled(
        &mut self,
        method: &str,
        params: Option<Value>,
        reason: &str,
        wait: Duration,
    ) -> Reply {
        let cancel = notification(
            "notifications/cancelled",
            Some(json!({"requestId": self.next_id + 1, "reason": reason})),
            self.request_meta.as_ref(),
        );
        self.exchange(method, params, Some(cancel), wait)
    }

    /// [`Link::listen`]: the request, `wait`, then its cancellation.
    pub fn listen(&mut self, params: Value, wait: Duration) -> Option<(u64, Vec<Value>)> {
        self.next_id += 1;
        let id = self.next_id;
        self.watch.open(id);
        let meta = self.request_meta.as_ref();
        let message = request_message(id, "subscriptions/listen", Some(params), meta);
        let sent = self.writer.lock().map(|mut w| w.send(&message));
        if !matches!(sent, Ok(Ok(()))) {
            self.watch.take();
            return None;
        }
        thread::sleep(wait);
        // "close the SSE stream (HTTP) or send `notifications/cancelled`
        // referencing the `subscriptions/listen` request ID (stdio)".
        let cancel = notification(
            "notifications/cancelled",
            Some(json!({"requestId": id, "reason": "mcpwire probe: the listen check"})),
            meta,
        );
        if let Ok(mut w) = self.writer.lock() {
            let _ = w.send(&cancel);
        }
        Some((id, self.watch.take()))
    }

    /// Sends a request (then `after`, when given) and waits for its
    /// answer, at most `wait`.
    fn exchange(
        &mut self,
        method: &str,
        params: Option<Value>,
        after: Option<Value>,
        wait: Duration,
    ) -> Reply {
        self.next_id += 1;
        let key = Value::from(self.next_id).to_string();
        let (tx, rx) = mpsc::channel();
        if let Ok(mut w) = self.waiting.lock() {
            w.insert(key.clone(), tx);
        }
        let message = request_message(self.next_id, method, params, self.request_meta.as_ref());
        let sent = self.writer.lock().map(|mut w| {
            w.send(&message)
                .and_then(|()| after.as_ref().map_or(Ok(()), |a| w.send(a)))
        });
        if !matches!(sent, Ok(Ok(()))) {
            return Reply::Closed;
        }
        match rx.recv_timeout(wait) {
            Ok(reply) => reply,
            Err(RecvTimeoutError::Timeout) => {
                if let Ok(mut w) = self.waiting.lock() {
                    w.remove(&key);
                }
                Reply::TimedOut
            }
            Err(RecvTimeoutError::Disconnected) => Reply::Closed,
        }
    }

    /// Ends the conversation: closes the server's input, gives it `grace`
    /// to exit, then ends its whole process group (SIGTERM, then SIGKILL),
    /// and waits (at most `grace` again) for the reader to judge the last
    /// of its output. Returns the exit status text when it exited.
    pub fn close(mut self, grace: Duration) -> Option<String> {
        if let Ok(mut w) = self.writer.lock() {
            w.stdin = None;
            if let Some(lines) = w.lines.take() {
                lines.finish();
            }
        }
        let exited = wait_for(&mut self.child, grace);
        let group = i32::try_from(self.child.id()).unwrap_or(0);
        end_group(group, &mut self.child);
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            match self.reader_done.recv_timeout(Duration::from_millis(20)) {
                Err(RecvTimeoutError::Timeout) => continue,
                _ => break,
            }
        }
        exited.map(|s| s.to_string())
    }

    /// The server's exit status, when it exits within `grace` (its output
    /// ends a moment before the exit can be collected).
    pub fn exited(&mut self, grace: Duration) -> Option<String> {
        wait_for(&mut self.child, grace).map(|s| s.to_string())
    }
}

impl Link for Connection {
    fn request(&mut self, method: &str, params: Option<Value>, timeout: Duration) -> Reply {
        Connection::request(self, method, params, timeout)
    }

    fn notify(&mut self, method: &str, params: Option<Value>) {
        Connection::notify(self, method, params);
    }

    fn last_id(&self) -> u64 {
        Connection::last_id(self)
    }

    fn set_request_meta(&mut self, meta: Option<Value>) {
        self.request_meta = meta;
    }

    fn request_cancelled(
        &mut self,
        method: &str,
        params: Option<Value>,
        reason: &str,
        wait: Duration,
    ) -> Option<Reply> {
        Some(Connection::request_cancelled(
            self, method, params, reason, wait,
        ))
    }

    fn listen(&mut self, params: Value, wait: Duration) -> Option<(u64, Vec<Value>)> {
        Connection::listen(self, params, wait)
    }

    fn ended(&mut self, grace: Duration) -> (Option<String>, String) {
        let exit = self.exited(grace);
        let what = match &exit {
            Some(status) => format!("the server exited ({status})"),
            None => "the server's output ended".to_string(),
        };
        (exit, what)
    }
}

/// Waits up to `grace` for the child to exit.
fn wait_for(child: &mut Child, grace: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + grace;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if Instant::now() >= deadline {
            return None;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// SIGTERM to the group, a short wait, SIGKILL to the group (a wrapper such
/// as `npx` and what it started all go), then reaps the direct child.
fn end_group(group: i32, child: &mut Child) {
    #[cfg(unix)]
    if group > 0 {
        // SAFETY: killpg takes two integers and touches no memory of ours;
        // the group may already be gone (ESRCH).
        let _ = unsafe { libc::killpg(group, libc::SIGTERM) };
        if wait_for(child, Duration::from_millis(300)).is_none() {
            let _ = child.kill();
        }
        // SAFETY: as above.
        let _ = unsafe { libc::killpg(group, libc::SIGKILL) };
    }
    #[cfg(not(unix))]
    {
        let _ = group;
        let _ = child.kill();
    }
    let _ = child.wait();
}

/// The reader thread: judges the server's output (the splitter), splits it
/// into lines of at most `max_line` bytes (longer ones are skipped here;
/// the judge reports them), and routes each line.
fn read_server(mut stdout: impl Read, mut setup: ReaderSetup) {
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
            let modern = setup.modern.lock().map(|m| *m).unwrap_or(false);
            let answer = answers::answer(method, object.get("params"), modern);
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
