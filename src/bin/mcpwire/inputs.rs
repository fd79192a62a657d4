//! Opening `check`'s inputs: `-` (standard input), files, and directories
//! (every `*.jsonl`, `*.ndjson` and `*.json` file below, recursively, in
//! name order). UTF-16 input — a byte order mark, as PowerShell's `>`
//! writes, or NULs between ASCII bytes without one — is decoded to UTF-8
//! while streaming (`utf16`); line numbers are those of the text.

use crate::utf16::{Decoder, Order};
use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read},
    path::{Path, PathBuf},
};

/// One input, opened.
pub struct Input {
    /// The name findings carry (`<stdin>` for `-`).
    pub label: String,
    /// The bytes, as UTF-8.
    pub reader: Box<dyn Read>,
    /// The file's size, when known (for the progress bar).
    pub size: Option<u64>,
    /// `Some(encoding)` when the input was decoded from UTF-16.
    #[allow(dead_code)] // for a future note in the summary
    pub decoded: Option<&'static str>,
}

/// The files named by `args`: directories expanded; an error names an
/// argument that cannot be listed.
pub fn expand(args: &[String]) -> Vec<Result<String, (String, String)>> {
    let mut out = Vec::new();
    for a in args {
        let path = Path::new(a);
        if a != "-" && path.is_dir() {
            let mut found = Vec::new();
            match walk(path, &mut found) {
                Ok(()) if found.is_empty() => out.push(Err((
                    a.clone(),
                    format!("{a} is a directory with no *.jsonl, *.ndjson or *.json file"),
                ))),
                Ok(()) => {
                    found.sort();
                    out.extend(found.into_iter().map(|p| Ok(p.display().to_string())));
                }
                Err(e) => out.push(Err((a.clone(), format!("cannot list {a}: {e}")))),
            }
        } else {
            out.push(Ok(a.clone()));
        }
    }
    out
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "jsonl" | "ndjson" | "json"))
        {
            found.push(path);
        }
    }
    Ok(())
}

/// Opens `name` (`-`: standard input), decoding UTF-16.
pub fn open(name: &str) -> Result<Input, String> {
    let (label, raw, size): (String, Box<dyn Read>, Option<u64>) = if name == "-" {
        ("<stdin>".into(), Box::new(io::stdin().lock()), None)
    } else {
        let f = File::open(name).map_err(|e| format!("cannot open {name}: {e}"))?;
        let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        (name.to_string(), Box::new(f), size)
    };
    let mut buffered = BufReader::with_capacity(1 << 16, raw);
    let head = buffered
        .fill_buf()
        .map_err(|e| format!("cannot read {label}: {e}"))?;
    let order = match head {
        [0xFF, 0xFE, ..] => Some(Order::Little),
        [0xFE, 0xFF, ..] => Some(Order::Big),
        [a, 0, b, 0, ..] if *a != 0 && a.is_ascii() && b.is_ascii() => Some(Order::Little),
        [0, a, 0, b, ..] if *a != 0 && a.is_ascii() && b.is_ascii() => Some(Order::Big),
        _ => None,
    };
    let Some(order) = order else {
        return Ok(Input {
            label,
            reader: Box::new(buffered),
            size,
            decoded: None,
        });
    };
    Ok(Input {
        label,
        reader: Box::new(Decoder::new(buffered, order)),
        size,
        decoded: Some(order.name()),
    })
}
