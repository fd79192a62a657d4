//! [`Change`]: one difference between two snapshots, classified for a
//! client built against the older one.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::schema_compat::Effect;

/// What a change means for a client built against the older snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Severity {
    /// Such a client can fail: something it uses is gone, or something it
    /// sends is refused, or something it receives no longer fits.
    Breaking,
    /// Whether such a client can fail cannot be decided from the two
    /// interfaces (a schema keyword whose containment is not decided here).
    Undecided,
    /// Such a client works as before: additions, widenings, descriptions.
    Compatible,
}

impl Severity {
    /// `breaking`, `undecided`, `compatible`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Breaking => "breaking",
            Severity::Undecided => "undecided",
            Severity::Compatible => "compatible",
        }
    }

    /// The severity of a schema change: an input schema (what a client
    /// sends) must widen, an output schema (what it receives) must narrow.
    pub fn of(effect: Effect, input: bool) -> Severity {
        match (effect, input) {
            (Effect::Narrowed, true) | (Effect::Widened, false) | (Effect::Changed, _) => {
                Severity::Breaking
            }
            (Effect::Undecided, _) => Severity::Undecided,
            _ => Severity::Compatible,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a change is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Subject {
    /// A protocol revision the server speaks.
    Revision,
    /// `serverInfo` or `instructions`.
    Server,
    /// A member of `capabilities` (named by its dotted path, `tools.listChanged`).
    Capability,
    /// A tool.
    Tool,
    /// A resource (named by its URI).
    Resource,
    /// A resource template (named by its URI template).
    ResourceTemplate,
    /// A prompt.
    Prompt,
}

impl Subject {
    /// `revision`, `tool`, `resourceTemplate`, …
    pub fn as_str(self) -> &'static str {
        match self {
            Subject::Revision => "revision",
            Subject::Server => "server",
            Subject::Capability => "capability",
            Subject::Tool => "tool",
            Subject::Resource => "resource",
            Subject::ResourceTemplate => "resourceTemplate",
            Subject::Prompt => "prompt",
        }
    }
}

/// One difference between two snapshots.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    /// What it means for a client built against the older snapshot.
    pub severity: Severity,
    /// The revision it is found at.
    pub revision: String,
    /// What kind of thing changed.
    pub subject: Subject,
    /// Which one: the tool's or prompt's name, the resource's URI, the
    /// template's URI template, the capability's dotted path.
    pub name: String,
    /// JSON pointer into the entry (`/inputSchema/properties/units/enum`);
    /// empty for the entry as a whole.
    pub pointer: String,
    /// The keyword or member that changed (`enum`, `required`, `arguments`).
    pub keyword: String,
    /// What changed, in a few words.
    pub message: String,
    /// The value before, when there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Value>,
    /// The value after, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Value>,
}

impl Change {
    /// Where it is, for people: `tool get_weather /inputSchema/required`.
    pub fn place(&self) -> String {
        let mut place = format!("{} {}", self.subject.as_str(), self.name);
        if !self.pointer.is_empty() {
            place.push(' ');
            place.push_str(&self.pointer);
        }
        place
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}] {} ({}): {}",
            self.severity,
            self.revision,
            self.place(),
            self.keyword,
            self.message
        )
    }
}

/// Where changes are being found: one entry of one revision.
pub(super) struct Place<'a> {
    pub revision: &'a str,
    pub subject: Subject,
    pub name: &'a str,
    pub out: &'a mut Vec<Change>,
}

impl Place<'_> {
    /// Records a change at `pointer` inside the entry.
    pub fn push(
        &mut self,
        severity: Severity,
        pointer: String,
        keyword: &str,
        message: String,
        values: (Option<&Value>, Option<&Value>),
    ) {
        self.out.push(Change {
            severity,
            revision: self.revision.to_string(),
            subject: self.subject,
            name: self.name.to_string(),
            pointer,
            keyword: keyword.to_string(),
            message,
            old: values.0.cloned(),
            new: values.1.cloned(),
        });
    }
}
