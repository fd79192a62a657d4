//! Counting the running exchange tasks, so that a stopping proxy can wait
//! for them.

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

use tokio::sync::Notify;

/// The exchanges whose tasks are running (streamed bodies not counted:
/// they end when the runtime stops).
#[derive(Default)]
pub(super) struct InFlight {
    running: AtomicUsize,
    idle: Notify,
}

/// One running exchange task, counted until dropped.
pub(super) struct Entered(Arc<InFlight>);

impl InFlight {
    pub(super) fn enter(this: &Arc<InFlight>) -> Entered {
        this.running.fetch_add(1, Ordering::SeqCst);
        Entered(Arc::clone(this))
    }

    /// Returns once no exchange task runs.
    pub(super) async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.running.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}
