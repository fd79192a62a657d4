//! The queue, its budget, and the judge thread.
//!
//! [`Pipeline`] starts the judge thread ([`judge`]) over a shared queue
//! (`live::queue`); producers hand it messages through a [`Submitter`]
//! ([`submitter`]); the judge hands each judged message to a
//! [`Consumer`] (`live::output`).

use std::{
    sync::{Arc, Condvar, Mutex},
    thread::{self, JoinHandle},
};

mod judge;
mod submitter;

use super::{
    queue::{Shared, State},
    Config, Consumer, Finished, Totals,
};
use judge::{judge, Gone};

pub use submitter::{Submitted, Submitter};

/// One conversation's ordered queue and its judge thread.
pub struct Pipeline<C: Consumer> {
    submitter: Submitter,
    judge: Option<JoinHandle<(Totals, C)>>,
}

impl<C: Consumer> std::fmt::Debug for Pipeline<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline").finish_non_exhaustive()
    }
}

impl<C: Consumer + Send + 'static> Pipeline<C> {
    /// Starts the judge thread.
    ///
    /// # Panics
    /// If the thread cannot be spawned (out of threads or memory).
    pub fn start(config: Config, consumer: C) -> Pipeline<C> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            work: Condvar::new(),
            progress: Condvar::new(),
            max_bytes: config.max_queued_bytes,
            max_messages: config.max_queued_messages.max(1),
            limit: config.options.limits.max_bytes,
        });
        let stack = config
            .stack_size
            .unwrap_or((32 << 20) + config.options.limits.max_depth.saturating_mul(16 << 10));
        let judge = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name("mcpwire-judge".into())
                .stack_size(stack)
                .spawn(move || {
                    let _gone = Gone(&shared);
                    judge(&shared, config, consumer)
                })
                .expect("cannot start the judge thread")
        };
        Pipeline {
            submitter: Submitter { shared },
            judge: Some(judge),
        }
    }
}

impl<C: Consumer> Pipeline<C> {
    /// A handle for producers.
    pub fn submitter(&self) -> Submitter {
        self.submitter.clone()
    }

    /// Stops taking messages (later ones count as unjudged), judges what
    /// is queued, and returns the totals and the consumer.
    ///
    /// # Panics
    /// Resumes the consumer's panic, if it panicked.
    pub fn finish(mut self) -> Finished<C> {
        self.close();
        let judge = self.judge.take().expect("finished once");
        match judge.join() {
            Ok((totals, consumer)) => Finished { totals, consumer },
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    fn close(&self) {
        let mut state = self.submitter.shared.lock();
        state.closed = true;
        self.submitter.shared.work.notify_one();
    }
}

impl<C: Consumer> Drop for Pipeline<C> {
    fn drop(&mut self) {
        if let Some(judge) = self.judge.take() {
            self.close();
            let _ = judge.join();
        }
    }
}
