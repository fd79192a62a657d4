//! [`Builder`]: a snapshot assembled from the results a server returned.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{Interface, Snapshot};

/// The lists a snapshot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum List {
    /// `tools/list`.
    Tools,
    /// `resources/list`.
    Resources,
    /// `resources/templates/list`.
    ResourceTemplates,
    /// `prompts/list`.
    Prompts,
}

impl List {
    /// Every list, in snapshot order.
    pub const ALL: [List; 4] = [
        List::Tools,
        List::Resources,
        List::ResourceTemplates,
        List::Prompts,
    ];

    /// The list a method returns (`tools/list` → [`List::Tools`]).
    pub fn from_method(method: &str) -> Option<List> {
        Some(match method {
            "tools/list" => List::Tools,
            "resources/list" => List::Resources,
            "resources/templates/list" => List::ResourceTemplates,
            "prompts/list" => List::Prompts,
            _ => return None,
        })
    }

    /// The result member holding the entries (`tools`), also the snapshot
    /// file's member.
    pub fn member(self) -> &'static str {
        match self {
            List::Tools => "tools",
            List::Resources => "resources",
            List::ResourceTemplates => "resourceTemplates",
            List::Prompts => "prompts",
        }
    }

    /// The member that names an entry (`name`, `uri`, `uriTemplate`).
    pub fn key(self) -> &'static str {
        match self {
            List::Tools | List::Prompts => "name",
            List::Resources => "uri",
            List::ResourceTemplates => "uriTemplate",
        }
    }
}

/// Builds a [`Snapshot`] from results, revision by revision: feed it the
/// `initialize` (or `server/discover`) result with [`Builder::server`] and
/// each page of each list with [`Builder::page`], in the order they came.
///
/// ```
/// use mcpwire::snapshot::{Builder, List};
/// use serde_json::json;
///
/// let mut b = Builder::new();
/// b.server("2025-11-25", &json!({"capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "1"}}));
/// b.page("2025-11-25", List::Tools, true, &json!({"tools": [{"name": "b", "inputSchema": {}}], "nextCursor": "2"}));
/// b.page("2025-11-25", List::Tools, false, &json!({"tools": [{"name": "a", "inputSchema": {}}]}));
/// let snapshot = b.finish();
/// let tools = snapshot.revisions["2025-11-25"].tools.as_ref().unwrap();
/// assert_eq!(tools.keys().collect::<Vec<_>>(), ["a", "b"]);
/// ```
#[derive(Debug, Default)]
pub struct Builder {
    snapshot: Snapshot,
    skipped: usize,
}

impl Builder {
    /// An empty builder.
    pub fn new() -> Builder {
        Builder::default()
    }

    /// Records an `initialize` result (or a `server/discover` result, whose
    /// server info travels in `_meta`) for `revision`.
    pub fn server(&mut self, revision: &str, result: &Value) {
        let interface = self.interface(revision);
        let info = result.get("serverInfo").or_else(|| {
            result
                .pointer("/_meta")
                .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
        });
        interface.server_info = info.cloned();
        interface.capabilities = result.get("capabilities").cloned();
        interface.instructions = result
            .get("instructions")
            .and_then(Value::as_str)
            .map(str::to_string);
    }

    /// Records one page of a list result for `revision`. `first`: the
    /// request carried no cursor, so this page starts the list afresh (a
    /// later full listing replaces an earlier one); other pages add to it.
    /// An entry without its naming member ([`List::key`]) is skipped and
    /// counted ([`Builder::skipped`]); a name listed twice keeps its first
    /// entry.
    pub fn page(&mut self, revision: &str, list: List, first: bool, result: &Value) {
        let mut skipped = 0;
        let entries = self.interface(revision).list_mut(list);
        if first || entries.is_none() {
            *entries = Some(BTreeMap::new());
        }
        let entries = entries.get_or_insert_with(BTreeMap::new);
        let listed = result.get(list.member()).and_then(Value::as_array);
        for entry in listed.into_iter().flatten() {
            let (Some(object), Some(name)) = (
                entry.as_object(),
                entry.get(list.key()).and_then(Value::as_str),
            ) else {
                skipped += 1;
                continue;
            };
            let mut object = object.clone();
            object.remove("_meta");
            entries
                .entry(name.to_string())
                .or_insert(Value::Object(object));
        }
        self.skipped += skipped;
    }

    /// How many list entries were skipped for lacking their name.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The snapshot built so far.
    pub fn finish(self) -> Snapshot {
        self.snapshot
    }

    fn interface(&mut self, revision: &str) -> &mut Interface {
        self.snapshot
            .revisions
            .entry(revision.to_string())
            .or_default()
    }
}
