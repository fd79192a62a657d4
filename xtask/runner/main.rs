//! The JSON Schema Test Suite runner that `cargo xtask json-schema-suite`
//! writes into its scratch crate: every test of every case on mcpwire's
//! generated validators (the `Value` path and the bytes path) and on the
//! `jsonschema` crate. Usage: `runner CASES_JSON [FIRST_CASE
//! [--reference-only]]` (the latter runs that one case on `jsonschema`
//! alone, after mcpwire's code crashed on it). Prints one JSON line per case
//! start and per test (a failure's reason, `null` for a pass), then
//! `{"done":true}`.

mod groups;

use std::{collections::HashMap, io::Write, panic::AssertUnwindSafe, sync::Arc};

use serde::Deserialize;
use serde_json::{json, Value};

/// One case's functions: `is_valid`, `check(v).is_empty()`, `read`.
pub type Entry = (
    fn(&Value) -> bool,
    fn(&Value) -> bool,
    fn(&[u8]) -> Option<bool>,
);

#[derive(Deserialize)]
struct Input {
    resources: HashMap<String, Value>,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: usize,
    dialect: String,
    formats: bool,
    schema: Value,
    tests: Vec<Test>,
}

#[derive(Deserialize)]
struct Test {
    data: String,
    valid: bool,
}

/// The suite's remote documents, served from memory (no network).
struct Remotes(HashMap<String, Value>);

impl jsonschema::Retrieve for Remotes {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let uri = uri.as_str();
        let uri = uri.split_once('#').map_or(uri, |(doc, _)| doc);
        self.0
            .get(uri)
            .cloned()
            .ok_or_else(|| format!("{uri} is not a suite remote").into())
    }
}

fn panic_text(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(AssertUnwindSafe(f))
        .map_err(|p| format!("panicked: {}", panic_text(p)))
}

fn verdict_text(valid: bool) -> &'static str {
    if valid {
        "said valid"
    } else {
        "said invalid"
    }
}

/// The `Value` path: `is_valid`, and `check` agreeing with it.
fn value_path(entry: &Entry, instance: &Value, expected: bool) -> (Option<String>, Option<bool>) {
    let valid = match guarded(|| (entry.0)(instance)) {
        Ok(v) => v,
        Err(e) => return (Some(format!("is_valid {e}")), None),
    };
    let failure = match guarded(|| (entry.1)(instance)) {
        Err(e) => Some(format!("check {e}")),
        Ok(empty) if empty != valid => Some(format!(
            "check() {} but is_valid() {}",
            if empty {
                "found nothing"
            } else {
                "found violations"
            },
            valid
        )),
        Ok(_) if valid != expected => Some(verdict_text(valid).to_string()),
        Ok(_) => None,
    };
    (failure, Some(valid))
}

/// The bytes path: `read`, falling back to the `Value` path's verdict.
fn bytes_path(
    entry: &Entry,
    text: &str,
    value_verdict: Option<bool>,
    expected: bool,
) -> Option<String> {
    match guarded(|| (entry.2)(text.as_bytes())) {
        Err(e) => Some(format!("read {e}")),
        Ok(Some(false)) => Some("read() returned Some(false), which it never may".into()),
        Ok(Some(true)) if !expected => Some("read() said valid".into()),
        Ok(Some(true)) => None,
        Ok(None) => match value_verdict {
            None => Some("read() stopped and the Value path failed".into()),
            Some(v) if v != expected => Some(format!(
                "read() stopped; the Value path {}",
                verdict_text(v)
            )),
            Some(_) => None,
        },
    }
}

/// The `jsonschema` crate's validator for a case, with the suite's remote
/// documents in its registry (as the crate's own suite run builds it).
fn reference(
    case: &Case,
    draft: jsonschema::Draft,
    retriever: Arc<dyn jsonschema::Retrieve>,
) -> Result<jsonschema::Validator, String> {
    let root = case
        .schema
        .get("$id")
        .and_then(Value::as_str)
        .unwrap_or("json-schema:///");
    let registry = jsonschema::Registry::new()
        .retriever(retriever)
        .draft(draft)
        .add(root, &case.schema)
        .and_then(|b| b.prepare())
        .map_err(|e| format!("did not load the schema: {e}"))?;
    jsonschema::options()
        .with_draft(draft)
        .with_registry(&registry)
        .should_validate_formats(case.formats)
        .build(&case.schema)
        .map_err(|e| format!("did not build the schema: {e}"))
}

fn run(input: Input, first: usize, reference_only: bool) {
    let entries: HashMap<usize, Entry> = groups::all().into_iter().collect();
    let retriever: Arc<dyn jsonschema::Retrieve> = Arc::new(Remotes(input.resources));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let last = if reference_only {
        first + 1
    } else {
        input.cases.len()
    };
    for case in input.cases.iter().take(last).skip(first) {
        writeln!(out, "{}", json!({"case": case.id})).unwrap();
        out.flush().unwrap();
        let draft = if case.dialect == "draft7" {
            jsonschema::Draft::Draft7
        } else {
            jsonschema::Draft::Draft202012
        };
        let reference = guarded(|| reference(case, draft, retriever.clone())).and_then(|r| r);
        let entry = entries.get(&case.id);
        for (i, test) in case.tests.iter().enumerate() {
            let instance: Value = match serde_json::from_str(&test.data) {
                Ok(v) => v,
                Err(e) => {
                    let reason = format!("instance does not parse: {e}");
                    writeln!(
                        out,
                        "{}",
                        json!({"case": case.id, "test": i, "value": reason, "bytes": reason, "jsonschema": reason})
                    )
                    .unwrap();
                    continue;
                }
            };
            let (value, bytes) = match entry {
                _ if reference_only => (None, None),
                None => (
                    Some("not generated".to_string()),
                    Some("not generated".to_string()),
                ),
                Some(entry) => {
                    let (value, verdict) = value_path(entry, &instance, test.valid);
                    (value, bytes_path(entry, &test.data, verdict, test.valid))
                }
            };
            let reference = match &reference {
                Err(e) => Some(e.clone()),
                Ok(validator) => match guarded(|| validator.is_valid(&instance)) {
                    Err(e) => Some(e),
                    Ok(v) if v != test.valid => Some(verdict_text(v).to_string()),
                    Ok(_) => None,
                },
            };
            writeln!(
                out,
                "{}",
                json!({"case": case.id, "test": i, "value": value, "bytes": bytes, "jsonschema": reference})
            )
            .unwrap();
            out.flush().unwrap();
        }
    }
    writeln!(out, "{}", json!({"done": true})).unwrap();
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: runner CASES_JSON [FIRST_CASE [--reference-only]]");
    let first: usize = args
        .next()
        .map_or(0, |s| s.parse().expect("FIRST_CASE is a number"));
    let reference_only = args.next().as_deref() == Some("--reference-only");
    let text = std::fs::read_to_string(&path).expect("read the cases file");
    let input: Input = serde_json::from_str(&text).expect("parse the cases file");
    std::panic::set_hook(Box::new(|_| {}));
    // Generated validators recurse with the schema; a large stack keeps
    // deep suite cases from overflowing it.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run(input, first, reference_only))
        .expect("spawn the runner thread")
        .join()
        .expect("runner thread");
}
