//! A one-line progress bar on standard error, for large files on a
//! terminal only.

use std::{
    io::{IsTerminal, Write},
    time::{Duration, Instant},
};

/// Files smaller than this get no bar.
const MIN_BYTES: u64 = 32 << 20;
const EVERY: Duration = Duration::from_millis(200);
const WIDTH: usize = 30;

/// The bar of one file.
pub struct Progress {
    label: String,
    total: u64,
    started: Instant,
    last: Instant,
    drawn: bool,
}

impl Progress {
    /// A bar for a file of `total` bytes, when standard error is a terminal
    /// and the file is large; `None` otherwise.
    pub fn new(label: &str, total: Option<u64>, enabled: bool) -> Option<Progress> {
        let total = total?;
        if !enabled || total < MIN_BYTES || !std::io::stderr().is_terminal() {
            return None;
        }
        let now = Instant::now();
        Some(Progress {
            label: label.to_string(),
            total,
            started: now,
            last: now,
            drawn: false,
        })
    }

    /// Redraws, at most every 200 ms.
    pub fn update(&mut self, done: u64) {
        let now = Instant::now();
        if now.duration_since(self.last) < EVERY {
            return;
        }
        self.last = now;
        let fraction = (done as f64 / self.total as f64).clamp(0.0, 1.0);
        let filled = (fraction * WIDTH as f64) as usize;
        let secs = now.duration_since(self.started).as_secs_f64().max(1e-3);
        let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
        let line = format!(
            "\r{} [{}{}] {:>3.0}% {:.0}/{:.0} MiB {:.0} MiB/s ",
            self.label,
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            fraction * 100.0,
            mib(done),
            mib(self.total),
            mib(done) / secs
        );
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(line.as_bytes());
        let _ = err.flush();
        self.drawn = true;
    }

    /// Erases the bar.
    pub fn clear(&mut self) {
        if self.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
