//! The reference validator: the `jsonschema` crate, compiled once per
//! revision from the errata-applied `schema.json`.
//!
//! Configuration mirrors what the MCP conformance harness (Ajv +
//! ajv-formats) asserts: formats are assertions, and the `byte` format is
//! ajv-formats' base64 check (jsonschema has no built-in `byte`).

use jsonschema::{Draft, Validator, ValidatorMap};
use serde_json::Value;

/// One revision's reference validators, one per definition.
pub struct Oracle {
    map: ValidatorMap,
    /// The same, with `uri` narrowed to ajv-formats' (see [`ajv_uri`]):
    /// consulted only to explain a disagreement, never to decide one.
    ajv_map: ValidatorMap,
    defs_key: &'static str,
}

/// The oracle's answer for one instance.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// `Validator::is_valid`.
    pub valid: bool,
    /// Every error of `Validator::iter_errors`: (instance pointer, message).
    pub errors: Vec<(String, String)>,
}

impl Oracle {
    /// Compiles every subschema of `schema` (already errata-applied) with
    /// the dialect of `v`.
    pub fn new(v: mcpwire::Version, schema: &Value) -> Oracle {
        let defs_key = super::spec_files::defs_key(v);
        let draft = match defs_key {
            "definitions" => Draft::Draft7,
            _ => Draft::Draft202012,
        };
        let options = || {
            jsonschema::options()
                .with_draft(draft)
                .should_validate_formats(true)
                .should_ignore_unknown_formats(false)
                .with_format("byte", is_byte)
        };
        let map = options()
            .build_map(schema)
            .unwrap_or_else(|e| panic!("jsonschema rejects the {v} schema: {e}"));
        let ajv_map = options()
            .with_format("uri", ajv_uri)
            .build_map(schema)
            .unwrap_or_else(|e| panic!("jsonschema rejects the {v} schema: {e}"));
        Oracle {
            map,
            ajv_map,
            defs_key,
        }
    }

    fn key(&self, name: &str) -> String {
        format!("#/{}/{}", self.defs_key, escape(name))
    }

    /// The validator of one definition (`#/<defs>/<name>`).
    pub fn validator(&self, name: &str) -> Option<&Validator> {
        self.map.get(&self.key(name))
    }

    /// Judges `instance` against definition `name` (which must exist).
    pub fn judge(&self, name: &str, instance: &Value) -> Verdict {
        verdict(self.validator(name), name, instance)
    }

    /// Judges like [`Oracle::judge`], but with ajv-formats' narrower `uri`.
    pub fn judge_ajv_uri(&self, name: &str, instance: &Value) -> Verdict {
        verdict(self.ajv_map.get(&self.key(name)), name, instance)
    }

    /// Just the verdict.
    pub fn is_valid(&self, name: &str, instance: &Value) -> bool {
        self.validator(name)
            .unwrap_or_else(|| panic!("no oracle validator for {name}"))
            .is_valid(instance)
    }
}

fn verdict(validator: Option<&Validator>, name: &str, instance: &Value) -> Verdict {
    let validator = validator.unwrap_or_else(|| panic!("no oracle validator for {name}"));
    Verdict {
        valid: validator.is_valid(instance),
        errors: validator
            .iter_errors(instance)
            .map(|e| (e.instance_path().as_str().to_string(), e.to_string()))
            .collect(),
    }
}

/// RFC 6901 escaping of one token.
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// jsonschema's own `uri` check (RFC 3986 `URI`).
fn rfc3986_uri(s: &str) -> bool {
    static CHECK: std::sync::OnceLock<Validator> = std::sync::OnceLock::new();
    CHECK
        .get_or_init(|| {
            jsonschema::options()
                .should_validate_formats(true)
                .build(&serde_json::json!({"format": "uri"}))
                .expect("a one-keyword schema compiles")
        })
        .is_valid(&Value::String(s.to_string()))
}

/// ajv-formats' `uri` differs from RFC 3986 (and from jsonschema) in one
/// rule: its `hier-part` has no `path-empty` alternative, so a URI whose
/// scheme's colon is followed by nothing, `?` or `#` (`urn:`, `a:?q`) is
/// rejected. This is jsonschema's check narrowed by that rule.
pub fn ajv_uri(s: &str) -> bool {
    let empty_hier_part = s
        .split_once(':')
        .is_some_and(|(_, rest)| rest.is_empty() || rest.starts_with(['?', '#']));
    rfc3986_uri(s) && !empty_hier_part
}

/// ajv-formats' `byte`: `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`,
/// written out without a regex engine.
pub fn is_byte(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() % 4 != 0 {
        return false;
    }
    let pad = if b.ends_with(b"==") {
        2
    } else if b.ends_with(b"=") {
        1
    } else {
        0
    };
    b[..b.len() - pad]
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_matches_the_ajv_formats_regex() {
        for ok in [
            "", "aGk=", "aGVsbG8=", "aGVsbA==", "AAAA", "+/+/", "ab+/cd==",
        ] {
            assert!(is_byte(ok), "{ok:?}");
        }
        for bad in [
            "not base64!",
            "aGk",
            "a===",
            "====",
            "aG=k",
            "aGk=aGk=",
            "aGk =",
            "é",
            "AAAAA",
            "-_-_",
        ] {
            assert!(!is_byte(bad), "{bad:?}");
        }
    }

    #[test]
    fn ajv_uri_narrows_only_the_empty_hier_part() {
        for s in ["urn:", "a:", "a:?q", "a:#f"] {
            assert!(rfc3986_uri(s) && !ajv_uri(s), "{s:?}");
        }
        for s in ["urn:x", "a:/", "https://example.com/x", "file:///x"] {
            assert!(ajv_uri(s), "{s:?}");
        }
        for s in ["relative/path", "/abs", "a b:c"] {
            assert!(!rfc3986_uri(s) && !ajv_uri(s), "{s:?}");
        }
    }
}
