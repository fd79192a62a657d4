//! Where findings go: the library's reporting formats
//! ([`mcpwire::render`]: [`Outputs`] and one [`Sink`] per format), under
//! the names the command line's judging code uses, and [`writer`], the
//! terminal or file each output writes to (the command line's own: its
//! `--color` and anstream's streams).

use std::{
    fs::File,
    io::{self, BufWriter, Write},
    path::PathBuf,
};

pub use mcpwire::render::{
    sink, unanswered_message, Format, HttpWhere, Out, Outputs, Severity, Sink, Summary, Verdict,
};

use crate::style::ColorChoice;

/// A writer for one output: a file, or standard output/error (through
/// anstream, which strips colour where the stream takes none, see
/// [`crate::style`]); and whether it takes colour.
pub fn writer(
    path: Option<&PathBuf>,
    stderr: bool,
    color: ColorChoice,
) -> io::Result<(Box<dyn Write + Send>, bool)> {
    let (raw, choice): (Box<dyn Write + Send>, _) = match path {
        Some(p) => {
            let file = File::create(p).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot create {}: {e}", p.display()))
            })?;
            let choice = match color {
                ColorChoice::Always => anstream::ColorChoice::Always,
                _ => anstream::ColorChoice::Never,
            };
            (Box::new(BufWriter::new(file)), choice)
        }
        None if stderr => (Box::new(io::stderr()), color.resolve(&io::stderr())),
        None => (
            Box::new(BufWriter::with_capacity(64 << 10, io::stdout())),
            color.resolve(&io::stdout()),
        ),
    };
    let on = choice != anstream::ColorChoice::Never;
    Ok((Box::new(anstream::AutoStream::new(raw, choice)), on))
}
