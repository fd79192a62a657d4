//! Runs mcpwire's generator on every case: one validator module each, or
//! the reason the generator refused the case.

use std::collections::BTreeMap;

use serde_json::Value;

use super::load::Case;

/// What the generator made of one case.
pub enum Outcome {
    /// The module body (`is_valid`, `check`, `read`).
    Module(String),
    /// The generator's error (or panic message).
    Refused(String),
}

/// Generates every case through the same codegen mcpwire builds with.
/// A panic in the generator counts as a refusal of that case only.
pub fn all(cases: &[Case], resources: &BTreeMap<String, Value>) -> Vec<Outcome> {
    cases
        .iter()
        .map(|case| {
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| one(case, resources))) {
                Ok(Ok(source)) => Outcome::Module(source),
                Ok(Err(e)) => Outcome::Refused(e),
                Err(payload) => {
                    Outcome::Refused(format!("codegen panicked: {}", panic_text(&payload)))
                }
            }
        })
        .collect()
}

/// A panic payload's message.
pub fn panic_text(payload: &Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// One case through `mcpwire_codegen::standalone::generate`.
fn one(_case: &Case, _resources: &BTreeMap<String, Value>) -> Result<String, String> {
    Err("mcpwire_codegen::standalone is not on this branch yet".into())
}
