//! The only retriever the engine gives jsonschema: it fetches nothing,
//! ever, and remembers what it was asked for so the finding can name the
//! `$ref` (2026-07-28 basic/index: "Implementations MUST NOT
//! automatically dereference `$ref` values that resolve to a network
//! URI"). It answers only from the documents the engine's owner handed
//! over in memory ([`super::Engine::with_documents`]; none by default).

use std::{
    collections::BTreeMap,
    sync::{Arc, Mutex},
};

use jsonschema::{Retrieve, Uri};
use serde_json::Value;

/// Refuses every URI but the in-memory documents' (by URI, without
/// fragment), recording each refused one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Refuse {
    asked: Arc<Mutex<Vec<String>>>,
    documents: Arc<BTreeMap<String, Value>>,
}

impl Refuse {
    /// A retriever that answers from `documents` only.
    pub(crate) fn with_documents(documents: Arc<BTreeMap<String, Value>>) -> Refuse {
        Refuse {
            asked: Arc::default(),
            documents,
        }
    }

    /// The first URI asked for, if any.
    pub(crate) fn first_asked(&self) -> Option<String> {
        self.asked.lock().ok()?.first().cloned()
    }
}

#[derive(Debug)]
struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("mcpwire resolves no $ref outside the schema")
    }
}

impl std::error::Error for Refused {}

impl Retrieve for Refuse {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let whole = uri.as_str();
        let document = whole.split_once('#').map_or(whole, |(d, _)| d);
        if let Some(known) = self.documents.get(document) {
            return Ok(known.clone());
        }
        if let Ok(mut asked) = self.asked.lock() {
            if asked.len() < 16 {
                asked.push(uri.as_str().to_string());
            }
        }
        Err(Box::new(Refused))
    }
}

/// Whether `uri` names a network resource (a scheme other than `urn`,
/// `file`, `json-schema` or `tag`).
pub(crate) fn is_network(uri: &str) -> bool {
    let scheme = uri.split_once(':').map_or("", |(s, _)| s);
    !matches!(
        scheme.to_ascii_lowercase().as_str(),
        "" | "urn" | "file" | "json-schema" | "tag"
    )
}
