//! Opening `check`'s inputs: `-` (standard input), files, and directories
//! (every `*.jsonl`, `*.ndjson` and `*.json` file below, recursively, in
//! name order). Each is opened once, as a [`Capture`], which decides its
//! encoding (UTF-16 is decoded) and its kind.

use mcpwire::{capture::Capture, input::Limits};
use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
};

/// One input, opened.
pub struct Input {
    /// The name findings carry (`<stdin>` for `-`).
    pub label: String,
    /// Its kind and its text, as UTF-8.
    pub capture: Capture<'static>,
    /// The file's size, when known (for the progress bar).
    pub size: Option<u64>,
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

/// Opens `name` (`-`: standard input) once ([`Capture::open`]).
pub fn open(name: &str, limits: Limits) -> Result<Input, String> {
    let opened = if name == "-" {
        Capture::open("<stdin>", io::stdin().lock(), limits)
            .map(|c| ("<stdin>".to_string(), c, None))
    } else {
        let f = File::open(name).map_err(|e| format!("cannot open {name}: {e}"))?;
        let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        Capture::open(name, f, limits).map(|c| (name.to_string(), c, size))
    };
    let label = if name == "-" { "<stdin>" } else { name };
    let (label, capture, size) = opened.map_err(|e| format!("cannot read {label}: {e}"))?;
    Ok(Input {
        label,
        capture,
        size,
    })
}
