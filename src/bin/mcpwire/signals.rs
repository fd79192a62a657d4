//! Forwarding termination signals to the tapped server's process group
//! (Unix), and dying the way the server died.
//!
//! The server runs in a process group of its own (std's
//! `CommandExt::process_group(0)`), so a wrapper (`npx`, a shell script)
//! and everything it starts get SIGINT, SIGTERM, SIGHUP and SIGQUIT, not
//! only the direct child. The tap catches those signals with
//! [`signal_hook`]'s iterator — a thread woken by a self-pipe, so nothing
//! runs in signal-handler context — and sends them on with `killpg(2)`.
//!
//! Why these crates: signal-hook is the maintained standard for safe signal
//! handling in Rust, and `libc` (which signal-hook builds on, so it costs
//! nothing more) gives `killpg`, a call with no pointers and nothing to
//! uphold. rustix had it as a safe call but added 1.3 s of CPU to every
//! clean CLI build for this one call; `command-group` / `process-wrap` wrap
//! `Command`/`Child` in types of their own for what std now does itself
//! (the group) plus the group kill; nix would be a second, larger binding
//! crate for the same call.

#[cfg(unix)]
mod imp {
    use std::sync::{
        atomic::{AtomicI32, Ordering},
        Mutex,
    };

    use signal_hook::{consts::signal as sig, iterator::Signals};

    /// The signals passed on to the server's group.
    const FORWARDED: [i32; 4] = [sig::SIGINT, sig::SIGTERM, sig::SIGHUP, sig::SIGQUIT];

    /// The server's process group id, 0 when there is none.
    static GROUP: AtomicI32 = AtomicI32::new(0);
    /// A signal that arrived before the group was known.
    static PENDING: AtomicI32 = AtomicI32::new(0);
    /// The iterator's handle, to stop catching.
    static HANDLE: Mutex<Option<signal_hook::iterator::Handle>> = Mutex::new(None);

    fn send(group: i32, signal: i32) {
        // 0 and negative ids would name this process's own group or every
        // process: only a real group is signalled.
        if group <= 0 {
            return;
        }
        // SAFETY: killpg takes two integers and touches no memory of ours.
        // The group may be gone already (ESRCH): nothing to do then.
        let _ = unsafe { libc::killpg(group, signal) };
    }

    /// From now on, SIGINT, SIGTERM, SIGHUP and SIGQUIT are held for the
    /// server's group instead of ending this process. Call before spawning
    /// it.
    pub fn intercept() -> std::io::Result<()> {
        let mut signals = Signals::new(FORWARDED)?;
        if let Ok(mut handle) = HANDLE.lock() {
            *handle = Some(signals.handle());
        }
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    let group = GROUP.load(Ordering::SeqCst);
                    if group > 0 {
                        send(group, signal);
                    } else {
                        PENDING.store(signal, Ordering::SeqCst);
                    }
                }
            })?;
        Ok(())
    }

    /// Signals go to process group `pgid` from now on; one that arrived
    /// since [`intercept`] is delivered now.
    pub fn forward_to_group(pgid: u32) {
        let group = i32::try_from(pgid).unwrap_or(0);
        GROUP.store(group, Ordering::SeqCst);
        let pending = PENDING.swap(0, Ordering::SeqCst);
        if pending != 0 && group > 0 {
            send(group, pending);
        }
    }

    /// The server is gone: signals are no longer passed on (a signal that
    /// arrives while the tap writes its report is held, not fatal).
    pub fn forget_child() {
        GROUP.store(0, Ordering::SeqCst);
    }

    /// Ends this process with `signal`, as the server ended.
    pub fn die_by(signal: i32) {
        if let Ok(mut handle) = HANDLE.lock() {
            if let Some(handle) = handle.take() {
                handle.close();
            }
        }
        let _ = signal_hook::low_level::emulate_default_handler(signal);
    }
}

#[cfg(not(unix))]
mod imp {
    /// No signals to intercept.
    pub fn intercept() -> std::io::Result<()> {
        Ok(())
    }
    /// No signals to forward.
    pub fn forward_to_group(_pgid: u32) {}
    /// Nothing to forget.
    pub fn forget_child() {}
    /// Not on this platform.
    pub fn die_by(_signal: i32) {}
}

pub use imp::{die_by, forget_child, forward_to_group, intercept};
