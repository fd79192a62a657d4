//! A stdio conversation written as a transcript `mcpwire check` reads:
//! one record per judged message, in the order the probe judged them
//! (`{"dir": "c2s"|"s2c", "origin": "harness", "msg": …}`; the probe's own
//! messages are the harness's). One file per revision, since `check`
//! judges a file as one conversation: the path given when one revision is
//! probed, else the revision put before its extension
//! (`probe.2025-11-25.jsonl`). Each finding names its record's line.

use std::{
    collections::HashMap,
    fs::File,
    io::{self, BufWriter, Write},
    path::{Path, PathBuf},
};

use serde_json::value::RawValue;

use crate::{live::Judged, Direction, Origin, Version};

/// One revision's transcript being written.
pub(crate) struct Transcript {
    out: BufWriter<File>,
    /// The file, as findings name it.
    pub path: String,
    lines: u64,
    /// (direction, line in its stream) → line in the transcript.
    at: HashMap<(bool, u64), u64>,
    /// The probe's requests: id (as JSON text) → line in the transcript.
    requests: HashMap<String, u64>,
    /// The first write error.
    pub error: Option<io::Error>,
}

/// The transcript path of `revision` for `--transcript path`.
pub(crate) fn path_for(path: &Path, revision: Version, several: bool) -> PathBuf {
    if !several {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}.{revision}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{revision}"),
    };
    path.with_file_name(name)
}

impl Transcript {
    /// Creates the file.
    pub fn create(path: &Path) -> io::Result<Transcript> {
        Ok(Transcript {
            out: BufWriter::new(File::create(path)?),
            path: path.display().to_string(),
            lines: 0,
            at: HashMap::new(),
            requests: HashMap::new(),
            error: None,
        })
    }

    /// Writes `m` as a record; its line, or `None` when it could not be
    /// recorded (a message over the size limit is not kept).
    pub fn write(&mut self, m: &Judged<'_>) -> Option<u64> {
        if m.bytes.is_empty() || m.bytes.contains(&b'\n') {
            return None;
        }
        let dir = match m.context.direction {
            Direction::ClientToServer => "c2s",
            Direction::ServerToClient => "s2c",
        };
        let origin = if m.context.origin == Origin::Harness {
            ",\"origin\":\"harness\""
        } else {
            ""
        };
        let written = match serde_json::from_slice::<&RawValue>(m.bytes) {
            Ok(raw) => {
                self.note_request(m, raw);
                writeln!(
                    self.out,
                    "{{\"dir\":\"{dir}\"{origin},\"msg\":{}}}",
                    raw.get()
                )
            }
            // Not JSON: the line as it was (`check` finds it unreadable too).
            Err(_) => self
                .out
                .write_all(m.bytes)
                .and_then(|()| self.out.write_all(b"\n")),
        };
        if let Err(e) = written {
            self.error.get_or_insert(e);
            return None;
        }
        self.lines += 1;
        if let Some(line) = m.context.line {
            let c2s = m.context.direction == Direction::ClientToServer;
            self.at.insert((c2s, line), self.lines);
        }
        Some(self.lines)
    }

    /// Keeps the line of a request of the probe's, by id.
    fn note_request(&mut self, m: &Judged<'_>, raw: &RawValue) {
        #[derive(serde::Deserialize)]
        struct Head<'a> {
            #[serde(borrow)]
            id: Option<&'a RawValue>,
            method: Option<serde::de::IgnoredAny>,
        }
        if m.context.direction != Direction::ClientToServer {
            return;
        }
        if let Ok(Head {
            id: Some(id),
            method: Some(_),
        }) = serde_json::from_str::<Head<'_>>(raw.get())
        {
            self.requests.insert(id.get().to_string(), self.lines + 1);
        }
    }

    /// The transcript line of the probe's request `id`.
    pub fn request_line(&self, id: u64) -> Option<u64> {
        self.requests.get(&id.to_string()).copied()
    }

    /// The transcript line of the message at `line` of `direction`'s
    /// stream.
    pub fn line_of(&self, direction: Direction, line: Option<u64>) -> Option<u64> {
        let c2s = direction == Direction::ClientToServer;
        self.at.get(&(c2s, line?)).copied()
    }

    /// Flushes the file.
    pub fn finish(&mut self) -> io::Result<()> {
        match self.error.take() {
            Some(e) => Err(e),
            None => self.out.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_per_revision_when_several() {
        let v = Version::enabled().next().unwrap();
        let p = Path::new("out/probe.jsonl");
        assert_eq!(path_for(p, v, false), p);
        assert_eq!(
            path_for(p, v, true),
            Path::new(&format!("out/probe.{v}.jsonl"))
        );
        assert_eq!(
            path_for(Path::new("t"), v, true),
            Path::new(&format!("t.{v}"))
        );
    }
}
