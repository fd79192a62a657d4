//! [`Config`]: how a pipeline (and a replay) judges and how much it may
//! hold; read by every part of `live`, below them all.

use crate::{Mode, Options};

/// How a pipeline judges and how much it may hold.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Fixed revision or auto (see [`crate::session`]).
    pub mode: Mode,
    /// Session options; [`Options::limits`] also bounds a line in a
    /// [`LineSplitter`](super::LineSplitter).
    pub options: Options,
    /// Bytes waiting to be judged, at most (default 64 MiB); a message that
    /// does not fit is not judged (a message larger than this is judged
    /// when the queue is empty).
    pub max_queued_bytes: usize,
    /// Messages waiting to be judged, at most (default 16,384).
    pub max_queued_messages: usize,
    /// Stack of the judge thread (default: 32 MiB + 16 KiB per level of
    /// [`crate::input::Limits::max_depth`], as `docs/limits.md` says).
    pub stack_size: Option<usize>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: Mode::Auto,
            options: Options::default(),
            max_queued_bytes: 64 << 20,
            max_queued_messages: 16_384,
            stack_size: None,
        }
    }
}
