//! Comparing a capture's findings with the live proxy's: `mcpwire check`
//! as JSON rows, rows without what differs between the two sides, and
//! rows keyed by the request that drew them (for captures of the same
//! session by different recorders, whose entries differ in number and
//! order). Shared by the HAR peer tests.

use std::{path::Path, process::Command};

use serde_json::Value;

/// `mcpwire check --format json HAR ARGS`: its report.
pub fn check(har: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "json"])
        .args(args)
        .arg(har)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "check {}: {}",
        har.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A json report's finding rows and its summary.
pub fn report(text: &str) -> (Vec<Value>, Value) {
    let mut rows = Vec::new();
    let mut summary = Value::Null;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if v.get("summary").is_some() {
            summary = v;
        } else {
            rows.push(v);
        }
    }
    (rows, summary)
}

/// A row as compared with the other side: every member but the file's
/// name, the HAR entry (the live report has none: checked separately),
/// and of `http` only the method (the live report has the request's
/// target and no status yet; a HAR the absolute URL and the status).
pub fn comparable(row: &Value) -> Value {
    let mut r = row.clone();
    let o = r.as_object_mut().unwrap();
    o.remove("file");
    o.remove("entry");
    if let Some(h) = o.get_mut("http") {
        *h = serde_json::json!({ "method": h["method"] });
    }
    r
}

pub fn read_har(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// Who sent an entry's request, the same in every run and capture: the
/// method, the path without query and the body (the SDK's ids count from
/// 0 in every session).
pub fn identity(entry: &Value) -> String {
    let url = entry["request"]["url"].as_str().unwrap_or("");
    let path = url
        .split_once("://")
        .map_or(url, |(_, rest)| rest.find('/').map_or("", |i| &rest[i..]));
    let path = path.split('?').next().unwrap_or("");
    format!(
        "{} {} {}",
        entry["request"]["method"].as_str().unwrap_or(""),
        path,
        entry["request"]["postData"]["text"].as_str().unwrap_or("")
    )
}

/// A row with its exchange number replaced by its request's identity.
pub fn keyed(row: &Value, identity: String) -> Value {
    let mut r = row.clone();
    let o = r.as_object_mut().unwrap();
    o.remove("line");
    o.remove("exchange");
    o.insert("request".into(), identity.into());
    r
}

pub fn sorted(mut rows: Vec<Value>) -> Vec<Value> {
    rows.sort_by_key(|r| r.to_string());
    rows
}

/// `check HAR ARGS`: its rows keyed by their entry's request, and the
/// summary.
pub fn checked_keyed(har_path: &Path, args: &[&str]) -> (Vec<Value>, Value) {
    let har = read_har(har_path);
    let entries = har["log"]["entries"].as_array().unwrap();
    let (rows, summary) = report(&check(har_path, args));
    let rows = rows
        .iter()
        .map(|r| {
            keyed(
                &comparable(r),
                identity(&entries[r["entry"].as_u64().unwrap() as usize]),
            )
        })
        .collect();
    (sorted(rows), summary)
}
