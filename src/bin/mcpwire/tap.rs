//! `mcpwire tap`: sits between a client and a stdio MCP server, forwarding
//! both ways byte for byte and validating every line off the forwarding
//! path.
//!
//! Each direction has a forwarding thread: read a chunk, write it on at
//! once, and only then copy its complete lines into a bounded queue for the
//! validator thread. When the queue is full (or holds more than
//! `--queue-bytes`), lines are dropped from validation, never from the
//! stream, and the drops are counted and reported.
//!
//! **Order.** A fast server can answer before the client→server thread has
//! queued the request it just forwarded. So every chunk takes a ticket from
//! one clock — client chunks before they are written to the server, server
//! chunks after they are read from it — and the validator holds back a
//! server line while a client chunk with an earlier ticket is still being
//! queued (at most a second). Requests are thus judged before their responses
//! without the forwarding threads ever waiting for each other.

use std::{
    ffi::OsString,
    io::{self, Read, Write},
    process::{Child, Command, ExitStatus, Stdio},
    sync::{
        atomic::{AtomicU64, AtomicUsize, Ordering},
        mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TrySendError},
        Arc,
    },
    thread,
    time::{Duration, Instant},
};

use mcpwire::{
    input::{self, Limits},
    transcript::Problem,
    Direction, Mode, Origin,
};

use crate::{
    judge::Judge,
    output::{Outputs, Summary},
    Failure,
};

/// What `tap` needs to know.
pub struct TapConfig {
    /// Fixed revision or auto.
    pub mode: Mode,
    /// Per-message limits.
    pub limits: Limits,
    /// Downgrade `"id": null` on parse / invalid-request errors.
    pub null_id_as_warning: bool,
    /// Bytes of lines waiting for validation before lines are dropped.
    pub queue_bytes: usize,
    /// Stack for the validator thread.
    pub stack: usize,
}

/// Lines waiting for validation, at most (besides the byte budget).
const QUEUE_LINES: usize = 4096;
const CHUNK: usize = 64 * 1024;

/// One unit of work for the validator.
enum Work {
    /// A line (or a line too large to keep).
    Line(Line),
    /// The child is gone.
    End,
}

/// One line from one direction.
struct Line {
    /// The clock's value when its chunk was forwarded.
    ticket: u64,
    direction: Direction,
    line: usize,
    body: Body,
}

enum Body {
    Bytes(Vec<u8>),
    TooLarge(usize),
}

/// Shared between the forwarders and the validator.
struct Budget {
    /// Bytes queued and not yet parsed.
    in_flight: AtomicUsize,
    /// Lines dropped from validation.
    dropped: AtomicUsize,
    /// `--queue-bytes`.
    limit: usize,
    /// Orders chunks of both directions.
    clock: AtomicU64,
    /// Ticket of the client chunk being forwarded and queued (`u64::MAX`:
    /// none).
    c2s_open: AtomicU64,
}

/// Runs the tap; returns the child's exit status.
pub fn run(command: &[OsString], config: TapConfig, sink: Outputs) -> Result<ExitStatus, Failure> {
    let Some((program, args)) = command.split_first() else {
        return Err(Failure::Usage("tap needs a command to run".into()));
    };
    crate::signals::intercept();
    let mut child: Child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| Failure::Input(format!("cannot run {}: {e}", program.to_string_lossy())))?;
    crate::signals::forward_to(child.id());
    let (child_in, child_out) = match (child.stdin.take(), child.stdout.take()) {
        (Some(i), Some(o)) => (i, o),
        _ => return Err(Failure::Input("child pipes unavailable".into())),
    };
    let (tx, rx) = sync_channel::<Work>(QUEUE_LINES);
    let budget = Arc::new(Budget {
        in_flight: AtomicUsize::new(0),
        dropped: AtomicUsize::new(0),
        limit: config.queue_bytes,
        clock: AtomicU64::new(0),
        c2s_open: AtomicU64::new(u64::MAX),
    });
    let limits = config.limits;

    let validator = {
        let budget = Arc::clone(&budget);
        thread::Builder::new()
            .name("validator".into())
            .stack_size(config.stack)
            .spawn(move || validate(rx, sink, &config, &budget))
            .map_err(|e| Failure::Input(format!("cannot start the validator: {e}")))?
    };

    // Client → server. Not joined: it may stay blocked reading our stdin
    // after the child is gone.
    {
        let tx = tx.clone();
        let budget = Arc::clone(&budget);
        thread::Builder::new()
            .name("c2s".into())
            .spawn(move || {
                let mut to = child_in;
                forward(
                    io::stdin().lock(),
                    &mut to,
                    Direction::ClientToServer,
                    &tx,
                    &budget,
                    limits,
                );
                drop(to); // the child sees end of input
            })
            .map_err(|e| Failure::Input(format!("cannot start forwarding: {e}")))?;
    }
    let s2c = {
        let tx = tx.clone();
        let budget = Arc::clone(&budget);
        thread::Builder::new()
            .name("s2c".into())
            .spawn(move || {
                let mut to = io::stdout().lock();
                forward(
                    child_out,
                    &mut to,
                    Direction::ServerToClient,
                    &tx,
                    &budget,
                    limits,
                );
            })
            .map_err(|e| Failure::Input(format!("cannot start forwarding: {e}")))?
    };

    let status = child
        .wait()
        .map_err(|e| Failure::Input(format!("waiting for the child: {e}")))?;
    crate::signals::forget_child();
    let _ = s2c.join();
    let _ = tx.send(Work::End);
    match validator.join() {
        Ok(Ok(())) => Ok(status),
        Ok(Err(e)) => Err(Failure::Output(e)),
        Err(_) => Err(Failure::Input("the validator thread panicked".into())),
    }
}

/// Copies `from` to `to` chunk by chunk, then queues the chunk's complete
/// lines for validation.
fn forward<R: Read, W: Write>(
    mut from: R,
    to: &mut W,
    direction: Direction,
    tx: &SyncSender<Work>,
    budget: &Budget,
    limits: Limits,
) {
    let mut chunk = vec![0u8; CHUNK];
    let mut lines = Lines::new(direction, limits);
    let mut open = true;
    let c2s = direction == Direction::ClientToServer;
    loop {
        let n = match from.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let ticket = if c2s {
            let t = budget.clock.fetch_add(1, Ordering::SeqCst);
            budget.c2s_open.store(t, Ordering::SeqCst);
            t
        } else {
            0
        };
        if open && (to.write_all(&chunk[..n]).is_err() || to.flush().is_err()) {
            // The receiving side is gone: keep reading (so the sender is
            // not blocked) and validating, stop writing.
            open = false;
        }
        let ticket = if c2s {
            ticket
        } else {
            budget.clock.fetch_add(1, Ordering::SeqCst)
        };
        lines.feed(&chunk[..n], ticket, |work| queue(tx, budget, work));
        if c2s {
            budget.c2s_open.store(u64::MAX, Ordering::SeqCst);
        }
    }
    let ticket = budget.clock.fetch_add(1, Ordering::SeqCst);
    lines.end(ticket, |work| queue(tx, budget, work));
}

/// Hands one line to the validator, or drops it when the validator is
/// behind.
fn queue(tx: &SyncSender<Work>, budget: &Budget, line: Line) {
    let len = match &line.body {
        Body::Bytes(bytes) => bytes.len(),
        Body::TooLarge(_) => 0,
    };
    let in_flight = budget.in_flight.load(Ordering::Acquire);
    if in_flight > 0 && in_flight + len > budget.limit {
        budget.dropped.fetch_add(1, Ordering::Relaxed);
        return;
    }
    budget.in_flight.fetch_add(len, Ordering::AcqRel);
    if let Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) =
        tx.try_send(Work::Line(line))
    {
        budget.in_flight.fetch_sub(len, Ordering::AcqRel);
        budget.dropped.fetch_add(1, Ordering::Relaxed);
    }
}

/// Splits a byte stream into lines, keeping at most `max_bytes` of one.
struct Lines {
    direction: Direction,
    limits: Limits,
    line: usize,
    pending: Vec<u8>,
    pending_len: usize,
}

impl Lines {
    fn new(direction: Direction, limits: Limits) -> Lines {
        Lines {
            direction,
            limits,
            line: 1,
            pending: Vec::new(),
            pending_len: 0,
        }
    }

    fn feed(&mut self, mut bytes: &[u8], ticket: u64, mut emit: impl FnMut(Line)) {
        while let Some(i) = memchr::memchr(b'\n', bytes) {
            self.append(&bytes[..i]);
            self.complete(ticket, &mut emit);
            bytes = &bytes[i + 1..];
        }
        self.append(bytes);
    }

    fn append(&mut self, bytes: &[u8]) {
        self.pending_len = self.pending_len.saturating_add(bytes.len());
        if self.pending_len <= self.limits.max_bytes.saturating_add(1) {
            self.pending.extend_from_slice(bytes);
        } else if self.pending.capacity() > 0 {
            self.pending = Vec::new();
        }
    }

    fn complete(&mut self, ticket: u64, emit: &mut impl FnMut(Line)) {
        let line = self.line;
        self.line += 1;
        let len = std::mem::take(&mut self.pending_len);
        if len > self.limits.max_bytes.saturating_add(1) {
            self.pending = Vec::new();
            emit(Line {
                ticket,
                direction: self.direction,
                line,
                body: Body::TooLarge(len),
            });
            return;
        }
        let bytes = std::mem::take(&mut self.pending);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            self.pending = bytes;
            self.pending.clear();
            return;
        }
        emit(Line {
            ticket,
            direction: self.direction,
            line,
            body: Body::Bytes(bytes),
        });
    }

    /// A last line without a newline.
    fn end(&mut self, ticket: u64, mut emit: impl FnMut(Line)) {
        if self.pending_len > 0 {
            self.complete(ticket, &mut emit);
        }
    }
}

/// How long a server line waits for an earlier client chunk (which is late
/// only when the client→server thread is descheduled, or blocked writing to
/// a server that does not read).
const HOLD: Duration = Duration::from_secs(1);

/// The validator thread.
fn validate(
    rx: Receiver<Work>,
    mut sink: Outputs,
    config: &TapConfig,
    budget: &Budget,
) -> io::Result<()> {
    sink.flush_each = true;
    let mut v = Validator {
        judge: Judge::new(config.mode, config.null_id_as_warning, config.limits),
        summary: Summary {
            summary: true,
            files: 1,
            ..Summary::default()
        },
        limits: config.limits,
    };
    // Server lines held back, oldest first, with when they were held.
    let mut held: std::collections::VecDeque<(Line, Instant)> = Default::default();
    loop {
        let work = if held.is_empty() {
            rx.recv().unwrap_or(Work::End)
        } else {
            match rx.recv_timeout(Duration::from_millis(1)) {
                Ok(w) => w,
                Err(RecvTimeoutError::Timeout) => {
                    release(&mut held, budget, None, &mut v, &mut sink)?;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => Work::End,
            }
        };
        match work {
            Work::End => break,
            Work::Line(line) if line.direction == Direction::ClientToServer => {
                release(&mut held, budget, Some(line.ticket), &mut v, &mut sink)?;
                v.line(line, budget, &mut sink)?;
            }
            Work::Line(line) => {
                let earlier_client_chunk = budget.c2s_open.load(Ordering::SeqCst) < line.ticket;
                if earlier_client_chunk || !held.is_empty() {
                    held.push_back((line, Instant::now()));
                } else {
                    v.line(line, budget, &mut sink)?;
                }
            }
        }
        release(&mut held, budget, None, &mut v, &mut sink)?;
    }
    for (line, _) in held.drain(..) {
        v.line(line, budget, &mut sink)?;
    }
    v.summary.dropped = Some(budget.dropped.load(Ordering::Relaxed));
    v.judge.finish(label, &mut sink, &mut v.summary)?;
    sink.finish(&v.summary)
}

/// Judges held server lines that may go now: those before `before` (a
/// client line's ticket), those no client chunk precedes any more, and
/// those held too long.
fn release(
    held: &mut std::collections::VecDeque<(Line, Instant)>,
    budget: &Budget,
    before: Option<u64>,
    v: &mut Validator,
    sink: &mut Outputs,
) -> io::Result<()> {
    while let Some((line, since)) = held.front() {
        let open = budget.c2s_open.load(Ordering::SeqCst);
        let go = before.is_some_and(|t| line.ticket < t)
            || open >= line.ticket
            || since.elapsed() >= HOLD
            || held.len() > QUEUE_LINES;
        if !go {
            break;
        }
        if let Some((line, _)) = held.pop_front() {
            v.line(line, budget, sink)?;
        }
    }
    Ok(())
}

/// The stream a line came from: `<client>` (c2s) or `<server>` (s2c).
fn label(direction: Direction) -> &'static str {
    match direction {
        Direction::ClientToServer => "<client>",
        Direction::ServerToClient => "<server>",
    }
}

/// The validator's state.
struct Validator {
    judge: Judge,
    summary: Summary,
    limits: Limits,
}

impl Validator {
    fn line(&mut self, line: Line, budget: &Budget, sink: &mut Outputs) -> io::Result<()> {
        let label = label(line.direction);
        let direction = Some(line.direction);
        let (s, j) = (&mut self.summary, &mut self.judge);
        match line.body {
            Body::TooLarge(len) => {
                let problem = Problem::Input(input::InputError::TooLarge {
                    len,
                    limit: self.limits.max_bytes,
                });
                j.problem(label, line.line, direction, &problem, sink, s)
            }
            Body::Bytes(mut bytes) => {
                let len = bytes.len();
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                sink.source(
                    &bytes,
                    mcpwire::transcript::Position {
                        line: line.line,
                        column: 1,
                    },
                );
                let judged = j.message_bytes(
                    label,
                    line.line,
                    direction,
                    Origin::Implementation,
                    &bytes,
                    sink,
                    s,
                );
                drop(bytes);
                budget.in_flight.fetch_sub(len, Ordering::AcqRel);
                judged
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&[u8]], max_bytes: usize) -> Vec<String> {
        let limits = Limits {
            max_bytes,
            ..Limits::default()
        };
        let mut out = Vec::new();
        let mut lines = Lines::new(Direction::ClientToServer, limits);
        let mut emit = |l: Line| {
            out.push(match l.body {
                Body::Bytes(bytes) => format!("{}:{}", l.line, String::from_utf8_lossy(&bytes)),
                Body::TooLarge(len) => format!("{}:too large {len}", l.line),
            })
        };
        for c in chunks {
            lines.feed(c, 0, &mut emit);
        }
        lines.end(0, &mut emit);
        out
    }

    #[test]
    fn lines_across_chunks() {
        assert_eq!(
            split(&[b"{\"a\"", b":1}\n\n{}", b"\n[]"], 100),
            ["1:{\"a\":1}", "3:{}", "4:[]"]
        );
        assert_eq!(
            split(&[b"0123456789", b"0123456789\nok\n"], 12),
            ["1:too large 20", "2:ok"]
        );
    }
}
