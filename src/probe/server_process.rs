//! The probed server's process: started in a process group of its own,
//! waited for, and ended by group id (SIGTERM, then SIGKILL) so that a
//! wrapper such as `npx` and everything it started go with it.

use std::{
    collections::VecDeque,
    ffi::{OsStr, OsString},
    io::{self, BufRead, BufReader, Read, Write},
    process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio},
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    thread,
    time::{Duration, Instant},
};

/// Starts `command` (with `env` added) in a process group of its own, its
/// input, output and standard error piped (the last lines of standard
/// error are kept, [`StderrTail`]).
pub(super) fn spawn(
    command: &[OsString],
    env: &[(OsString, OsString)],
) -> io::Result<(Child, ChildStdin, ChildStdout, ChildStderr)> {
    let Some((program, args)) = command.split_first() else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "no command"));
    };
    let mut server = Command::new(program);
    server
        .args(args)
        .envs(env.iter().map(|(k, v)| (k.as_os_str(), v.as_os_str())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
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
    match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
        (Some(i), Some(o), Some(e)) => Ok((child, i, o, e)),
        _ => Err(io::Error::other("the server's pipes are unavailable")),
    }
}

/// Lines of the server's standard error kept, at most.
const TAIL_LINES: usize = 10;
/// Bytes of one kept line, at most.
const TAIL_LINE_BYTES: usize = 400;

/// The last lines of the server's standard error, shown when it dies (a
/// crash at start, an exit mid-conversation). Read by a thread of its own
/// so a server that writes much to standard error never blocks on it;
/// copied to the probe's own standard error as well when
/// `MCPWIRE_PROBE_SERVER_STDERR` is set.
#[derive(Clone, Default)]
pub(super) struct StderrTail(Arc<(Mutex<VecDeque<String>>, AtomicBool)>);

impl StderrTail {
    /// Reads `stderr` on a thread until it ends.
    pub(super) fn read(stderr: ChildStderr) -> StderrTail {
        let tail = StderrTail::default();
        let kept = tail.clone();
        let echo = std::env::var_os("MCPWIRE_PROBE_SERVER_STDERR").is_some();
        let _ = thread::Builder::new()
            .name("probe-stderr".into())
            .spawn(move || {
                let mut reader = BufReader::new(stderr);
                let mut line = Vec::new();
                loop {
                    line.clear();
                    // A line is read whole but kept bounded.
                    match (&mut reader).take(1 << 20).read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    if echo {
                        let _ = io::stderr().write_all(&line);
                    }
                    kept.push(&line);
                }
                kept.0 .1.store(true, Ordering::Release);
            });
        tail
    }

    fn push(&self, line: &[u8]) {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end();
        if text.is_empty() {
            return;
        }
        let mut end = text.len().min(TAIL_LINE_BYTES);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut lines = self.0 .0.lock().unwrap_or_else(|e| e.into_inner());
        if lines.len() == TAIL_LINES {
            lines.pop_front();
        }
        lines.push_back(text[..end].to_string());
    }

    /// The lines kept, oldest first; once the server has exited, after
    /// waiting (at most 200 ms) for the end of its standard error.
    pub(super) fn lines(&self) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_millis(200);
        while !self.0 .1.load(Ordering::Acquire) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        let lines = self.0 .0.lock().unwrap_or_else(|e| e.into_inner());
        lines.iter().cloned().collect()
    }
}

/// Waits up to `grace` for the child to exit.
pub(super) fn wait_for(child: &mut Child, grace: Duration) -> Option<std::process::ExitStatus> {
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
pub(super) fn end_group(group: i32, child: &mut Child) {
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
