//! Deep messages judged on a stack sized for them, so that no input ends
//! the interpreter.
//!
//! Parsing, validating and dropping a message recurse once per nesting
//! level (docs/limits.md, "Stack"). A Python thread's stack is whatever its
//! creator gave it (the main thread's 8 MiB, `threading.stack_size`, often
//! 1 MiB or less for worker pools), so a message deeper than
//! [`INLINE_DEPTH`] levels is judged on a thread of our own with the
//! command line's stack for the session's `max_depth` (32 MiB + 16 KiB per
//! level), and `max_depth` is bounded as the command line's
//! `--max-depth` is (1 to [`MAX_DEPTH`]). Messages within [`INLINE_DEPTH`]
//! levels, nearly all of them, run on the caller's thread: the check is a
//! count of bracket bytes, and a string-aware depth scan only when that
//! count passes the bound.

use mcpwire::input;
use pyo3::PyResult;

use crate::errors::error;

/// The deepest `max_depth` a session accepts: the command line's
/// `--max-depth` maximum.
pub const MAX_DEPTH: usize = 10_000;

/// Messages at most this deep are judged on the calling thread: the
/// library's default `max_depth`, which needs well under 256 KiB of stack
/// (`tests/test_limits.py` judges it on a 1 MiB thread).
pub const INLINE_DEPTH: usize = input::Limits::DEFAULT.max_depth;

/// `max_depth` as given, if within 1 to [`MAX_DEPTH`].
pub fn checked_depth(depth: usize) -> PyResult<usize> {
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(error(format!(
            "max_depth {depth}: expected 1 to {MAX_DEPTH} levels (the range of the command line's --max-depth)"
        )))
    }
}

/// Whether judging `text` under `max_depth` may recurse deeper than
/// [`INLINE_DEPTH`] levels.
pub fn needs_own_stack(max_depth: usize, text: &[u8]) -> bool {
    max_depth > INLINE_DEPTH
        && text.iter().filter(|&&b| b == b'[' || b == b'{').count() > INLINE_DEPTH
        && input::depth_exceeds(text, INLINE_DEPTH)
}

/// The stack the command line gives its worker for `max_depth`.
pub fn stack_size(max_depth: usize) -> usize {
    (32 << 20) + max_depth * (16 << 10)
}

/// Runs `work` on a new thread with `stack` bytes of stack and waits for it.
pub fn on_own_stack<T: Send>(stack: usize, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("mcpwire-deep".into())
            .stack_size(stack)
            .spawn_scoped(scope, work)
            .map_err(|e| error(format!("cannot start a thread for a deep message: {e}")))?;
        Ok(worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
