//! One stdio connection to the probed server ([`Connection`]): its process
//! ([`super::server_process`]), the line writer that hands every byte to the
//! live pipeline before the server sees it ([`super::stdio_writer`]), the
//! reader thread that judges the server's output ([`super::stdio_reader`]),
//! and the requests, notifications and listens the exercise sends over it
//! ([`Link`]).

use std::{
    ffi::OsString,
    io,
    process::Child,
    sync::{
        mpsc::{self, Receiver, RecvTimeoutError},
        Arc, Mutex,
    },
    thread,
    time::{Duration, Instant},
};

use crate::live::Submitter;
use crate::{live::Context, Direction, Origin, Version};
use serde_json::{json, Value};

use super::{
    link::{Link, Reply},
    messages::{notification, request_message},
    server_process::{self, end_group, wait_for, StderrTail},
    stdio_reader::{read_server, ReaderSetup, Waiting},
    stdio_writer::Writer,
    watch::Watch,
};

/// A running server and its conversation.
pub struct Connection {
    child: Child,
    writer: Arc<Mutex<Writer>>,
    waiting: Waiting,
    next_id: u64,
    /// Signalled (by dropping) when the reader thread has finished.
    reader_done: Receiver<()>,
    watch: Arc<Watch>,
    /// The last lines of the server's standard error.
    stderr: StderrTail,
    /// `_meta` added to every request (the 2026-07-28 way), or `None`.
    pub request_meta: Option<Value>,
}

impl Connection {
    /// Starts `command` (with `env` added) and the reader thread.
    pub fn start(
        command: &[OsString],
        env: &[(OsString, OsString)],
        submitter: &Submitter,
        max_line: usize,
        revision: Version,
    ) -> io::Result<Connection> {
        let (child, stdin, stdout, stderr) = server_process::spawn(command, env)?;
        let stderr = StderrTail::read(stderr);
        let writer = Arc::new(Mutex::new(Writer::new(
            stdin,
            // The probe is the harness: its own messages are labelled so.
            submitter
                .splitter(Context::new(Direction::ClientToServer).with_origin(Origin::Harness)),
        )));
        let waiting: Waiting = Arc::default();
        let (done_tx, done_rx) = mpsc::channel();
        let setup = ReaderSetup {
            lines: submitter.splitter(Context::new(Direction::ServerToClient)),
            writer: Arc::clone(&writer),
            waiting: Arc::clone(&waiting),
            max_line,
            revision,
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
            stderr,
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
            w.close();
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

    fn stderr_tail(&self) -> Vec<String> {
        self.stderr.lines()
    }
}
