//! The table row of one generated definition: its name, its pointer, its
//! two `Value` checks and its bytes validator (what `validate::DEFINITIONS`
//! holds: one row per definition, no parallel tables).

use serde_json::Value;

use crate::{
    bytes::{Reader, R},
    path::Path,
    violation::Violation,
};

/// The generated checks of one definition.
pub struct DefinitionFns {
    /// Schema name: `CallToolRequest`.
    pub name: &'static str,
    /// JSON pointer of the definition in the published file.
    pub pointer: &'static str,
    /// Short-circuit check; allocates nothing on success.
    pub is_valid: fn(&Value) -> bool,
    /// Collecting check, reporting instance pointers below `path`.
    pub check_at: fn(&Value, &Path<'_>, &mut Vec<Violation>),
    /// Bytes validator: reads one value, `Ok` only if it is valid (`None`
    /// where only the `Value` checks are compiled, as in `mcpwire-macros`).
    pub read: Option<fn(&mut Reader<'_>) -> R>,
}

impl DefinitionFns {
    /// Every violation of `value`, pointers relative to `value`.
    pub fn check(&self, value: &Value) -> Vec<Violation> {
        let mut out = Vec::new();
        (self.check_at)(value, &Path::Root, &mut out);
        out
    }
}

impl std::fmt::Debug for DefinitionFns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DefinitionFns")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}
