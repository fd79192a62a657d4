//! The pipeline's judging, on the caller's thread: for traffic already
//! recorded (a HAR capture, a transcript), judged in its recorded order by
//! the very code the judge thread runs — so a capture gives the findings
//! the live pipeline gave.

use super::{
    judging::Judging,
    queue::{step_direction, Body, Item},
    Config, Consumer, Context, Totals,
};
use crate::http::Step;

/// Judges recorded messages and HTTP steps in the order given, with no
/// queue, no thread and no budget (everything is judged).
///
/// ```
/// use mcpwire::live::{Config, Context, Judged, Replay};
/// use mcpwire::Direction;
///
/// let mut judged = 0;
/// let mut count = |_: &Judged<'_>| judged += 1;
/// let mut replay = Replay::new(Config::default());
/// let ping = br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.to_vec();
/// replay.message(Context::new(Direction::ClientToServer), ping, &mut count);
/// let totals = replay.finish(&mut count);
/// assert_eq!((totals.judged, totals.unanswered.len()), (1, 1));
/// ```
pub struct Replay {
    judging: Judging,
}

impl std::fmt::Debug for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay").finish_non_exhaustive()
    }
}

impl Replay {
    /// A replay judging as `config` says ([`Config::mode`],
    /// [`Config::options`]; the queue budget does not apply).
    pub fn new(config: Config) -> Replay {
        Replay {
            judging: Judging::new(config),
        }
    }

    /// Judges one message, as [`super::Submitter::submit`] would.
    pub fn message<C: Consumer + ?Sized>(
        &mut self,
        context: Context,
        bytes: Vec<u8>,
        consumer: &mut C,
    ) {
        self.judging.item(
            Item {
                context,
                body: Body::Bytes(bytes),
                skipped_before: 0,
            },
            consumer,
        );
    }

    /// Judges one HTTP step, as [`super::Submitter::submit_step`] would.
    pub fn step<C: Consumer + ?Sized>(&mut self, step: Step, consumer: &mut C) {
        self.judging.item(
            Item {
                context: Context::new(step_direction(&step)),
                body: Body::Step(Box::new(step)),
                skipped_before: 0,
            },
            consumer,
        );
    }

    /// The end: the requests never answered, and the totals (also given
    /// to [`Consumer::finished`]).
    pub fn finish<C: Consumer + ?Sized>(self, consumer: &mut C) -> Totals {
        self.judging.finish(consumer)
    }
}
