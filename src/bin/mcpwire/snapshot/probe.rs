//! `mcpwire snapshot -- COMMAND` and `--url URL`: the probe
//! ([`mcpwire::probe`]) asks the server, calling no tool, and
//! [`Watch`] — its observer — hands every message it judges to a
//! [`Conversation`] per revision (each revision is a fresh process or
//! connection, where ids start over), which pairs the `initialize` and
//! list requests with their results into the [`Builder`]. The snapshot is
//! built from the same messages a `--transcript` of the run holds, by the
//! same pairing, so both routes give the same snapshot.

use mcpwire::{
    live::Judged,
    probe::{self, Observer, Probe, Tools},
    snapshot::{Builder, Conversation},
    Version,
};
use serde_json::Value;

use crate::{commands::SnapshotSource, Failure};

/// The observer: the snapshot being built from the probe's messages.
#[derive(Default)]
struct Watch {
    builder: Builder,
    conversation: Conversation,
    used: usize,
    /// Messages that could not be read (too large to keep, not JSON).
    unread: usize,
}

impl Observer for Watch {
    fn revision(&mut self, _: Version, _: Option<&str>) {
        self.used += self.conversation.used();
        self.conversation = Conversation::new();
    }

    fn judged(&mut self, message: &Judged<'_>) {
        let parsed;
        let value = match message.value {
            Some(v) => v,
            None => match serde_json::from_slice::<Value>(message.bytes) {
                Ok(v) => {
                    parsed = v;
                    &parsed
                }
                Err(_) => {
                    self.unread += 1;
                    return;
                }
            },
        };
        let direction = Some(message.context.direction);
        self.conversation
            .message(&mut self.builder, direction, value);
    }
}

/// Asks the server `source` names (a command or a URL) at `revisions`
/// (empty: every revision compiled in); the builder and how many results
/// it used.
pub fn ask(source: &SnapshotSource, revisions: &[Version]) -> Result<(Builder, usize), Failure> {
    let probe = match source {
        SnapshotSource::Command(command) => Probe::stdio(command.iter().cloned()),
        SnapshotSource::Url(url) => Probe::url(url.clone()),
        SnapshotSource::Transcripts(_) => {
            return Err(Failure::Usage(
                "internal: transcripts are not a server".into(),
            ))
        }
    };
    let mut probe = probe.tools(Tools::None);
    if !revisions.is_empty() {
        probe = probe.revisions(revisions.iter().copied());
    }
    let (report, mut watch) = probe.run_observed(Watch::default()).map_err(|e| match e {
        probe::Error::Config(s) => Failure::Usage(s),
        probe::Error::Start(s) => Failure::Input(s + transcript_hint(source)),
    })?;
    for r in &report.revisions {
        if let Some(note) = &r.note {
            eprintln!("mcpwire snapshot: note: {}: {note}", r.offered);
        }
    }
    if watch.unread > 0 {
        eprintln!(
            "mcpwire snapshot: warning: {} messages could not be read and were left out",
            watch.unread
        );
    }
    watch.used += watch.conversation.used();
    Ok((watch.builder, watch.used))
}

/// A hint when the "command" that would not start looks like a transcript.
fn transcript_hint(source: &SnapshotSource) -> &'static str {
    let SnapshotSource::Command(command) = source else {
        return "";
    };
    let program = command.first().map(std::path::Path::new);
    match program.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
        Some("jsonl" | "json") => " (to read a transcript: --from-transcript FILE...)",
        _ => "",
    }
}
