//! `mcpwire tap`: sits between a client and a stdio MCP server, forwarding
//! both ways byte for byte and judging every line on the live pipeline
//! ([`mcpwire::live`]), off the forwarding path.
//!
//! **Order.** Each direction has a forwarding thread: read a chunk, feed
//! it to that direction's line splitter (which queues its complete lines),
//! and only then write it on. Queuing before forwarding makes the queue
//! causal: the server can only answer a request it has received, which
//! happens after the request was queued, so a response is always judged
//! after its request, and a message sent after the `initialize` result is
//! judged at the negotiated revision — on every run, with no clock or
//! hold-back. Queuing never waits for the judge: past `--queue-bytes` (or
//! 4,096 lines) a line is not judged — never dropped from the stream — and
//! counted (`dropped` in the summary).
//!
//! **Processes.** The server runs in a process group of its own; SIGINT,
//! SIGTERM, SIGHUP and SIGQUIT go to the whole group ([`crate::signals`]),
//! so a wrapper (`npx`, a shell script) and what it started all get them.
//! When the direct child exits the tap stops waiting for the server's
//! output once nothing arrives for [`GRACE`] (a grandchild may hold the
//! pipe open forever), drains the queue, writes the unanswered requests,
//! the summary and the report, and exits with the child's status.

use std::{
    ffi::OsString,
    io::{self, Read, Write},
    process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio},
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Arc,
    },
    thread,
    time::{Duration, Instant},
};

use crate::{
    judge::Judge,
    output::{Outputs, Summary},
    Failure,
};
use mcpwire::{
    input::Limits,
    live::{self, Consumer, Context, Judged, Pipeline},
    Direction, Mode, Options,
};

/// What `tap` needs to know.
pub struct TapConfig {
    /// Fixed revision or auto.
    pub mode: Mode,
    /// How the session judges: limits, `--null-id-as-warning`.
    pub options: Options,
    /// Bytes of lines waiting for validation before lines are not judged.
    pub queue_bytes: usize,
    /// Stack for the judge thread.
    pub stack: usize,
}

/// Lines waiting for validation, at most (besides the byte budget).
const QUEUE_LINES: usize = 4096;
const CHUNK: usize = 64 * 1024;
/// After the direct child exits: how long the server's output may stay
/// silent before the tap stops waiting for its end (a grandchild holding
/// the pipe).
pub const GRACE: Duration = Duration::from_millis(1500);

type Report = Outputs;

/// Runs the tap; returns the child's exit status.
pub fn run(command: &[OsString], config: TapConfig, sink: Report) -> Result<ExitStatus, Failure> {
    let Some((program, args)) = command.split_first() else {
        return Err(Failure::Usage("tap needs a command to run".into()));
    };
    crate::signals::intercept()
        .map_err(|e| Failure::Input(format!("cannot catch signals: {e}")))?;
    let mut child = spawn_in_group(program, args)?;
    // The child leads its own group: its pid is the group id.
    crate::signals::forward_to_group(child.id());
    let (child_in, child_out) = match (child.stdin.take(), child.stdout.take()) {
        (Some(i), Some(o)) => (i, o),
        _ => return Err(Failure::Input("child pipes unavailable".into())),
    };

    let pipeline = Pipeline::start(
        live::Config {
            mode: config.mode,
            options: config.options,
            max_queued_bytes: config.queue_bytes,
            max_queued_messages: QUEUE_LINES,
            stack_size: Some(config.stack),
        },
        Findings::new(&config, sink),
    );
    forward_client_to_server(&pipeline, child_in)?;
    let watch = forward_server_to_client(&pipeline, child_out)?;

    let status = child
        .wait()
        .map_err(|e| Failure::Input(format!("waiting for the child: {e}")))?;
    crate::signals::forget_child();
    watch.until_ended_or_silent(GRACE);
    write_ending(pipeline)?;
    Ok(status)
}

/// Starts the server (`program` with `args`) in a process group of its own,
/// its input and output piped, its stderr the tap's.
fn spawn_in_group(program: &OsString, args: &[OsString]) -> Result<Child, Failure> {
    let mut server = Command::new(program);
    server
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        server.process_group(0);
    }
    server
        .spawn()
        .map_err(|e| Failure::Input(format!("cannot run {}: {e}", program.to_string_lossy())))
}

/// Client → server: a thread forwarding the tap's stdin to `child_in`. Not
/// joined: it may stay blocked reading our stdin after the child is gone.
fn forward_client_to_server(
    pipeline: &Pipeline<Findings>,
    child_in: ChildStdin,
) -> Result<(), Failure> {
    let lines = pipeline
        .submitter()
        .splitter(Context::new(Direction::ClientToServer));
    thread::Builder::new()
        .name("c2s".into())
        .spawn(move || {
            let mut to = child_in;
            forward(
                io::stdin().lock(),
                |b| to.write_all(b).and_then(|()| to.flush()),
                lines,
                None,
            );
            drop(to); // the child sees end of input
        })
        .map_err(|e| Failure::Input(format!("cannot start forwarding: {e}")))?;
    Ok(())
}

/// Server → client: a thread forwarding `child_out` to the tap's stdout,
/// watched, so the tap can tell a server that is done from one whose pipe
/// a grandchild still holds.
fn forward_server_to_client(
    pipeline: &Pipeline<Findings>,
    child_out: ChildStdout,
) -> Result<Arc<Watch>, Failure> {
    let watch = Arc::new(Watch::default());
    let lines = pipeline
        .submitter()
        .splitter(Context::new(Direction::ServerToClient));
    let watched = Arc::clone(&watch);
    thread::Builder::new()
        .name("s2c".into())
        .spawn(move || {
            let stdout = io::stdout();
            forward(
                child_out,
                |b| {
                    let mut out = stdout.lock();
                    out.write_all(b).and_then(|()| out.flush())
                },
                lines,
                Some(&watched),
            );
            watched.ended.store(true, Ordering::SeqCst);
        })
        .map_err(|e| Failure::Input(format!("cannot start forwarding: {e}")))?;
    Ok(watch)
}

/// Drains the pipeline, then writes the unanswered requests and the
/// summary (the first write error of the findings, if any, instead).
fn write_ending(pipeline: Pipeline<Findings>) -> Result<(), Failure> {
    let finished = pipeline.finish();
    let Findings {
        mut sink,
        mut summary,
        error,
        ..
    } = finished.consumer;
    if let Some(e) = error {
        return Err(Failure::Output(e));
    }
    unanswered(&finished.totals.unanswered, &mut sink, &mut summary).map_err(Failure::Output)?;
    summary.dropped = Some(usize::try_from(finished.totals.unjudged).unwrap_or(usize::MAX));
    sink.finish(&summary).map_err(Failure::Output)
}

/// What the server→client forwarder is doing.
#[derive(Default)]
struct Watch {
    /// Reached the end of the server's output.
    ended: AtomicBool,
    /// Blocked reading (not writing to a slow client).
    reading: AtomicBool,
    /// Milliseconds since [`Watch::epoch`] when the last read returned.
    last_read_ms: AtomicU64,
    epoch: std::sync::OnceLock<Instant>,
}

impl Watch {
    fn now_ms(&self) -> u64 {
        let epoch = self.epoch.get_or_init(Instant::now);
        u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Returns once the output ended, or the forwarder has waited for
    /// bytes for `grace` (a forwarder writing to a slow client is waited
    /// for: its bytes must reach the client).
    fn until_ended_or_silent(&self, grace: Duration) {
        let grace_ms = u64::try_from(grace.as_millis()).unwrap_or(u64::MAX);
        loop {
            if self.ended.load(Ordering::SeqCst) {
                return;
            }
            let silent = self
                .now_ms()
                .saturating_sub(self.last_read_ms.load(Ordering::SeqCst));
            if self.reading.load(Ordering::SeqCst) && silent >= grace_ms {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Copies `from` to `write` chunk by chunk, feeding each chunk to the
/// pipeline's line splitter first.
fn forward<R: Read>(
    mut from: R,
    mut write: impl FnMut(&[u8]) -> io::Result<()>,
    mut lines: live::LineSplitter,
    watch: Option<&Watch>,
) {
    let mut chunk = vec![0u8; CHUNK];
    let mut open = true;
    if let Some(w) = watch {
        w.last_read_ms.store(w.now_ms(), Ordering::SeqCst);
    }
    loop {
        if let Some(w) = watch {
            w.reading.store(true, Ordering::SeqCst);
        }
        let read = from.read(&mut chunk);
        if let Some(w) = watch {
            w.reading.store(false, Ordering::SeqCst);
            w.last_read_ms.store(w.now_ms(), Ordering::SeqCst);
        }
        let n = match read {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        // Queue first, then forward: the queue order is causal.
        lines.feed(&chunk[..n]);
        if open && write(&chunk[..n]).is_err() {
            // The receiving side is gone: keep reading (so the sender is
            // not blocked) and judging, stop writing.
            open = false;
        }
    }
    lines.finish();
}

/// The stream a line came from: `<client>` (c2s) or `<server>` (s2c).
fn label(direction: Direction) -> &'static str {
    match direction {
        Direction::ClientToServer => "<client>",
        Direction::ServerToClient => "<server>",
    }
}

/// The pipeline's consumer: writes each message's findings as it is
/// judged.
struct Findings {
    sink: Report,
    summary: Summary,
    limits: Limits,
    /// The first write error; later findings are not written.
    error: Option<io::Error>,
}

impl Findings {
    fn new(config: &TapConfig, mut sink: Report) -> Findings {
        sink.flush_each = true;
        Findings {
            sink,
            summary: Summary {
                summary: true,
                files: 1,
                ..Summary::default()
            },
            limits: config.options.limits,
            error: None,
        }
    }

    fn write(&mut self, m: &Judged<'_>) -> io::Result<()> {
        let file = label(m.context.direction);
        Judge::live(m, file, self.limits, &mut self.sink, &mut self.summary)
    }
}

impl Consumer for Findings {
    fn judged(&mut self, message: &Judged<'_>) {
        if self.error.is_none() {
            if let Err(e) = self.write(message) {
                self.error = Some(e);
            }
        }
    }
}

/// Requests never answered are warnings.
fn unanswered(
    pending: &[live::Pending],
    sink: &mut Report,
    summary: &mut Summary,
) -> io::Result<()> {
    for p in pending {
        Judge::unanswered_live(p, label(p.direction), sink, summary)?;
    }
    Ok(())
}
