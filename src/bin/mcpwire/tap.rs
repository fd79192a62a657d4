//! `mcpwire tap`: sits between a client and a stdio MCP server, forwarding
//! both ways byte for byte and validating every line off the forwarding
//! path.
//!
//! Each direction has a forwarding thread: read a chunk, write it on at
//! once, and only then copy its complete lines into a bounded queue for the
//! validator thread. When the queue is full (or holds more than
//! `--queue-bytes`), lines are dropped from validation, never from the
//! stream, and the drops are counted and reported.

use std::{
    ffi::OsString,
    io::{self, Read, Write},
    process::{Child, Command, ExitStatus, Stdio},
    sync::{
        atomic::{AtomicUsize, Ordering},
        mpsc::{sync_channel, Receiver, SyncSender, TrySendError},
        Arc,
    },
    thread,
};

use mcpwire::{
    input::{self, Limits},
    transcript::Problem,
    Direction, Mode, Origin,
};

use crate::{
    judge::Judge,
    output::{Sink, Summary},
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
    Line {
        direction: Direction,
        line: usize,
        bytes: Vec<u8>,
    },
    TooLarge {
        direction: Direction,
        line: usize,
        len: usize,
    },
    End,
}

/// Shared between the forwarders and the validator.
struct Budget {
    /// Bytes queued and not yet parsed.
    in_flight: AtomicUsize,
    /// Lines dropped from validation.
    dropped: AtomicUsize,
    /// `--queue-bytes`.
    limit: usize,
}

/// Runs the tap; returns the child's exit status.
pub fn run(
    command: &[OsString],
    config: TapConfig,
    sink: Sink<Box<dyn Write + Send>>,
) -> Result<ExitStatus, Failure> {
    let Some((program, args)) = command.split_first() else {
        return Err(Failure::Usage("tap needs a command to run".into()));
    };
    let mut child: Child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| {
            Failure::Input(format!("cannot run {}: {e}", program.to_string_lossy()))
        })?;
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
    loop {
        let n = match from.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if open && (to.write_all(&chunk[..n]).is_err() || to.flush().is_err()) {
            // The receiving side is gone: keep reading (so the sender is
            // not blocked) and validating, stop writing.
            open = false;
        }
        lines.feed(&chunk[..n], |work| queue(tx, budget, work));
    }
    lines.end(|work| queue(tx, budget, work));
}

/// Hands one line to the validator, or drops it when the validator is
/// behind.
fn queue(tx: &SyncSender<Work>, budget: &Budget, work: Work) {
    let len = match &work {
        Work::Line { bytes, .. } => bytes.len(),
        _ => 0,
    };
    let in_flight = budget.in_flight.load(Ordering::Acquire);
    if in_flight > 0 && in_flight + len > budget.limit {
        budget.dropped.fetch_add(1, Ordering::Relaxed);
        return;
    }
    budget.in_flight.fetch_add(len, Ordering::AcqRel);
    match tx.try_send(work) {
        Ok(()) => {}
        Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => {
            budget.in_flight.fetch_sub(len, Ordering::AcqRel);
            budget.dropped.fetch_add(1, Ordering::Relaxed);
        }
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

    fn feed(&mut self, mut bytes: &[u8], mut emit: impl FnMut(Work)) {
        while let Some(i) = memchr::memchr(b'\n', bytes) {
            self.append(&bytes[..i]);
            self.complete(&mut emit);
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

    fn complete(&mut self, emit: &mut impl FnMut(Work)) {
        let line = self.line;
        self.line += 1;
        let len = std::mem::take(&mut self.pending_len);
        if len > self.limits.max_bytes.saturating_add(1) {
            self.pending = Vec::new();
            emit(Work::TooLarge {
                direction: self.direction,
                line,
                len,
            });
            return;
        }
        let bytes = std::mem::take(&mut self.pending);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            self.pending = bytes;
            self.pending.clear();
            return;
        }
        emit(Work::Line {
            direction: self.direction,
            line,
            bytes,
        });
    }

    /// A last line without a newline.
    fn end(&mut self, mut emit: impl FnMut(Work)) {
        if self.pending_len > 0 {
            self.complete(&mut emit);
        }
    }
}

/// The validator thread.
fn validate(
    rx: Receiver<Work>,
    mut sink: Sink<Box<dyn Write + Send>>,
    config: &TapConfig,
    budget: &Budget,
) -> io::Result<()> {
    sink.flush_each = true;
    let mut judge = Judge::new(config.mode, config.null_id_as_warning, config.limits);
    let mut summary = Summary {
        summary: true,
        files: 1,
        ..Summary::default()
    };
    let label = |d: Direction| match d {
        Direction::ClientToServer => "<client>",
        Direction::ServerToClient => "<server>",
    };
    while let Ok(work) = rx.recv() {
        match work {
            Work::End => break,
            Work::TooLarge {
                direction,
                line,
                len,
            } => {
                let problem = Problem::Input(input::InputError::TooLarge {
                    len,
                    limit: config.limits.max_bytes,
                });
                judge.problem(
                    label(direction),
                    line,
                    Some(direction),
                    &problem,
                    &mut sink,
                    &mut summary,
                )?;
            }
            Work::Line {
                direction,
                line,
                mut bytes,
            } => {
                let len = bytes.len();
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                match input::parse(&bytes, config.limits) {
                    Ok(value) => {
                        drop(bytes);
                        budget.in_flight.fetch_sub(len, Ordering::AcqRel);
                        judge.message(
                            label(direction),
                            line,
                            Some(direction),
                            Origin::Implementation,
                            &value,
                            &mut sink,
                            &mut summary,
                        )?;
                    }
                    Err(e) => {
                        budget.in_flight.fetch_sub(len, Ordering::AcqRel);
                        judge.problem(
                            label(direction),
                            line,
                            Some(direction),
                            &Problem::Input(e),
                            &mut sink,
                            &mut summary,
                        )?;
                    }
                }
            }
        }
    }
    let dropped = budget.dropped.load(Ordering::Relaxed);
    summary.dropped = Some(dropped);
    judge.finish("<tap>", &mut sink, &mut summary)?;
    sink.finish(&summary)
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
        let mut emit = |w: Work| {
            out.push(match w {
                Work::Line { line, bytes, .. } => {
                    format!("{line}:{}", String::from_utf8_lossy(&bytes))
                }
                Work::TooLarge { line, len, .. } => format!("{line}:too large {len}"),
                Work::End => "end".into(),
            })
        };
        for c in chunks {
            lines.feed(c, &mut emit);
        }
        lines.end(&mut emit);
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
