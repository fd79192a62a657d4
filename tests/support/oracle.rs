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
    /// The same with ajv-formats' `uri` and `uri-template`
    /// ([`super::ajv_formats`]): consulted only to explain a disagreement,
    /// never to decide one.
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
            .with_format("uri", super::ajv_formats::uri)
            .with_format("uri-template", super::ajv_formats::uri_template)
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

    /// Judges like [`Oracle::judge`], but with ajv-formats' `uri` and
    /// `uri-template`.
    pub fn judge_ajv_formats(&self, name: &str, instance: &Value) -> Verdict {
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

/// The strings inside `instance` on which ajv-formats and jsonschema
/// disagree about `uri` or `uri-template` (whatever format, if any, the
/// schema puts on them): the evidence behind an explained case.
pub fn format_disputes(instance: &Value, out: &mut Vec<String>) {
    match instance {
        Value::String(s) => {
            let uri = super::ajv_formats::uri(s) != jsonschema_format("uri", s);
            let template =
                super::ajv_formats::uri_template(s) != jsonschema_format("uri-template", s);
            if uri || template {
                out.push(s.clone());
            }
        }
        Value::Array(items) => items.iter().for_each(|v| format_disputes(v, out)),
        Value::Object(map) => map.values().for_each(|v| format_disputes(v, out)),
        _ => {}
    }
}

/// jsonschema's built-in check of one format.
fn jsonschema_format(format: &str, s: &str) -> bool {
    static CHECKS: std::sync::OnceLock<(Validator, Validator)> = std::sync::OnceLock::new();
    let build = |f: &str| {
        jsonschema::options()
            .should_validate_formats(true)
            .build(&serde_json::json!({ "format": f }))
            .expect("a one-keyword schema compiles")
    };
    let (uri, template) = CHECKS.get_or_init(|| (build("uri"), build("uri-template")));
    let check = if format == "uri" { uri } else { template };
    check.is_valid(&Value::String(s.to_string()))
}

/// RFC 6901 escaping of one token.
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// ajv-formats' `byte`: `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`,
/// written out without a regex engine.
pub fn is_byte(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
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
}
