//! The judge thread: takes the queue batch by batch, judges each item in
//! order, and gives the budget back as it goes.

use crate::live::judging::Judging;
use crate::live::{queue::Shared, Config, Consumer, Totals};

/// Marks the judge gone when its thread ends, however it ends.
pub(super) struct Gone<'a>(pub(super) &'a Shared);

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.gone = true;
        self.0.progress.notify_all();
    }
}

/// The judge thread: takes the queue batch by batch, judges in order.
pub(super) fn judge<C: Consumer>(shared: &Shared, config: Config, mut consumer: C) -> (Totals, C) {
    let mut judging = Judging::new(config);
    loop {
        let batch = {
            let mut state = shared.lock();
            while state.queue.is_empty() && !state.closed {
                state.judge_waiting = true;
                state = shared.work.wait(state).unwrap_or_else(|e| e.into_inner());
            }
            state.judge_waiting = false;
            if state.queue.is_empty() {
                judging.unjudged(state.unjudged);
                break;
            }
            std::mem::take(&mut state.queue)
        };
        // The budget is given back as the batch is judged, a few messages
        // at a time (not once per batch: a judge slightly behind would
        // otherwise refuse messages while it holds a whole queue's worth of
        // budget it has already judged). Each judged item is dropped before
        // its share is released, so what the budget counts bounds memory.
        let (mut n, mut bytes) = (0usize, 0usize);
        for item in batch {
            bytes += item.body.len();
            n += 1;
            judging.item(item, &mut consumer);
            if n >= RELEASE_MESSAGES || bytes >= RELEASE_BYTES {
                release(shared, std::mem::take(&mut n), std::mem::take(&mut bytes));
            }
        }
        release(shared, n, bytes);
    }
    let totals = judging.finish(&mut consumer);
    (totals, consumer)
}

/// Judged messages between two releases of their budget.
const RELEASE_MESSAGES: usize = 64;
/// Judged bytes between two releases of their budget.
const RELEASE_BYTES: usize = 1 << 20;

/// Gives back the budget of `n` judged messages holding `bytes`.
fn release(shared: &Shared, n: usize, bytes: usize) {
    if n == 0 {
        return;
    }
    let mut state = shared.lock();
    state.bytes -= bytes;
    state.messages -= n;
    state.done += n as u64;
    if state.syncers > 0 {
        shared.progress.notify_all();
    }
}
