//! Forwarding termination signals to the tapped child (Unix), and dying
//! the way the child died.

#[cfg(unix)]
mod imp {
    use std::sync::atomic::{AtomicI32, Ordering};

    /// The child's pid, 0 when there is none.
    static CHILD: AtomicI32 = AtomicI32::new(0);

    /// The signals passed on to the child.
    const FORWARDED: [libc::c_int; 4] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

    extern "C" fn pass_on(signal: libc::c_int) {
        let pid = CHILD.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill(2) is async-signal-safe.
            unsafe {
                libc::kill(pid, signal);
            }
        }
    }

    /// From now on, SIGINT, SIGTERM, SIGHUP and SIGQUIT go to `pid` instead
    /// of ending this process.
    pub fn forward_to(pid: u32) {
        CHILD.store(i32::try_from(pid).unwrap_or(0), Ordering::SeqCst);
        for signal in FORWARDED {
            // SAFETY: a zeroed sigaction with a handler that only calls an
            // async-signal-safe function; SA_RESTART keeps blocking reads
            // and writes going.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = pass_on as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }

    /// The child is gone: signals are no longer passed on.
    pub fn forget_child() {
        CHILD.store(0, Ordering::SeqCst);
    }

    /// Ends this process with `signal`, as the child ended.
    pub fn die_by(signal: i32) {
        // SAFETY: restoring the default action and raising a signal.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }
}

#[cfg(not(unix))]
mod imp {
    /// No signals to forward.
    pub fn forward_to(_pid: u32) {}
    /// Nothing to forget.
    pub fn forget_child() {}
    /// Not on this platform.
    pub fn die_by(_signal: i32) {}
}

pub use imp::{die_by, forget_child, forward_to};
