//! The probed server's process: started in a process group of its own,
//! waited for, and ended by group id (SIGTERM, then SIGKILL) so that a
//! wrapper such as `npx` and everything it started go with it.

use std::{
    ffi::{OsStr, OsString},
    io,
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
    thread,
    time::{Duration, Instant},
};

/// Starts `command` (with `env` added) in a process group of its own, its
/// input and output piped, its stderr discarded (inherited when
/// `MCPWIRE_PROBE_SERVER_STDERR` is set).
pub(super) fn spawn(
    command: &[OsString],
    env: &[(OsString, OsString)],
) -> io::Result<(Child, ChildStdin, ChildStdout)> {
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
    match (child.stdin.take(), child.stdout.take()) {
        (Some(i), Some(o)) => Ok((child, i, o)),
        _ => Err(io::Error::other("the server's pipes are unavailable")),
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
