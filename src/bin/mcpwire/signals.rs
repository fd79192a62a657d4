//! Forwarding termination signals to the tapped child (Unix), and dying
//! the way the child died.

#[cfg(unix)]
mod imp {
    use std::sync::atomic::{AtomicI32, Ordering};

    /// The child's pid, 0 when there is none.
    static CHILD: AtomicI32 = AtomicI32::new(0);
    /// A signal that arrived before the child was known.
    static PENDING: AtomicI32 = AtomicI32::new(0);

    /// The signals passed on to the child.
    const FORWARDED: [libc::c_int; 4] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

    extern "C" fn pass_on(signal: libc::c_int) {
        let pid = CHILD.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill(2) is async-signal-safe.
            unsafe {
                libc::kill(pid, signal);
            }
        } else {
            PENDING.store(signal, Ordering::SeqCst);
        }
    }

    /// From now on, SIGINT, SIGTERM, SIGHUP and SIGQUIT are held for the
    /// child instead of ending this process. Call before spawning it.
    pub fn intercept() {
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

    /// Signals go to `pid` from now on; one that arrived since
    /// [`intercept`] is delivered now.
    pub fn forward_to(pid: u32) {
        let pid = i32::try_from(pid).unwrap_or(0);
        CHILD.store(pid, Ordering::SeqCst);
        let pending = PENDING.swap(0, Ordering::SeqCst);
        if pending != 0 && pid > 0 {
            // SAFETY: sending a signal to our own child.
            unsafe {
                libc::kill(pid, pending);
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
    /// No signals to intercept.
    pub fn intercept() {}
    /// No signals to forward.
    pub fn forward_to(_pid: u32) {}
    /// Nothing to forget.
    pub fn forget_child() {}
    /// Not on this platform.
    pub fn die_by(_signal: i32) {}
}

pub use imp::{die_by, forget_child, forward_to, intercept};
