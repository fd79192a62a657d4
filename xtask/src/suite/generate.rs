//! Runs mcpwire's generator on every case: one validator module each, or
//! the reason the generator refused the case.

use std::collections::BTreeMap;

use mcpwire_codegen::{
    schema::Options,
    standalone::{self, Standalone},
    Dialect,
};
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

/// How a case is generated: unknown keywords are annotations (the suite's
/// expectation). `format` is an annotation, as both dialects say by
/// default and the required tests check, except in `optional/format/`,
/// whose tests assert formats: there the formats mcpwire asserts are
/// asserted (`Options::DEFAULT_FORMATS`).
pub fn options(case: &Case) -> Options {
    let asserts_formats = case.file.starts_with("optional/format/");
    Options {
        unknown_keywords_are_annotations: true,
        asserted_formats: if asserts_formats {
            Options::default().asserted_formats
        } else {
            Vec::new()
        },
        ..Options::default()
    }
}

/// One case through `mcpwire_codegen::standalone::generate`.
fn one(case: &Case, resources: &BTreeMap<String, Value>) -> Result<String, String> {
    let dialect = match case.dialect {
        "draft7" => Dialect::Draft07,
        _ => Dialect::Draft2020_12,
    };
    let input = Standalone {
        dialect,
        root: case.schema.clone(),
        resources: resources.clone(),
        options: options(case),
    };
    standalone::generate(&input).map_err(|e| e.to_string())
}
