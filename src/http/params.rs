//! Tool parameters mirrored into `Mcp-Param-{Name}` headers (2026-07-28
//! on, Streamable HTTP): which `x-mcp-header` annotations of a tool's
//! `inputSchema` are valid (basic/transports/streamable-http, "Constraints
//! on `x-mcp-header` values"), the header a call's argument becomes ("Type
//! conversion", "Value Encoding"), and a header's value decoded from the
//! Base64 sentinel form. The probe sends these headers and the HTTP rules
//! ([`super::rules::MCP_PARAM_HEADER`]) check them, from the one
//! definition here.
//!
//! The page puts the constraints on the annotation and the duty on the
//! client: "Clients using the Streamable HTTP transport **MUST** reject
//! tool definitions where any `x-mcp-header` value violates these
//! constraints".

use base64::Engine as _;

use serde_json::Value;

/// A tool parameter mirrored into a header: `Mcp-Param-{name}` carries
/// the argument at `path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamHeader {
    /// The `x-mcp-header` value.
    pub name: String,
    /// The chain of `properties` keys to the argument.
    pub path: Vec<String>,
}

/// The annotated parameters of `schema`, or why the tool definition is
/// invalid (the broken constraint, quoted).
pub fn param_headers(schema: &Value) -> Result<Vec<ParamHeader>, String> {
    let mut out = Vec::new();
    walk(schema, Some(&[]), &mut out)?;
    let mut seen: Vec<String> = Vec::new();
    for p in &out {
        let lower = p.name.to_ascii_lowercase();
        if seen.contains(&lower) {
            return Err(format!(
                "x-mcp-header {:?} breaks \"MUST be case-insensitively unique among all \
                 `x-mcp-header` values in the `inputSchema`\"",
                p.name
            ));
        }
        seen.push(lower);
    }
    Ok(out)
}

/// Walks `value`; `path` is `Some` while it is reached by `properties`
/// keys alone from the root (`Some(&[])` at the root itself).
fn walk(value: &Value, path: Option<&[String]>, out: &mut Vec<ParamHeader>) -> Result<(), String> {
    match value {
        Value::Array(items) => items.iter().try_for_each(|v| walk(v, None, out)),
        Value::Object(map) => {
            if let Some(name) = map.get("x-mcp-header") {
                let Some(path) = path.filter(|p| !p.is_empty()) else {
                    return Err(format!(
                        "x-mcp-header {name} breaks \"MUST only be applied to properties that \
                         are _statically reachable_ from the schema root\""
                    ));
                };
                out.push(check(name, value, path)?);
            }
            for (key, sub) in map {
                match (key.as_str(), sub) {
                    ("x-mcp-header", _) => {}
                    ("properties", Value::Object(props)) => {
                        for (prop, schema) in props {
                            let mut next = path.unwrap_or_default().to_vec();
                            next.push(prop.clone());
                            walk(schema, path.map(|_| &next[..]), out)?;
                        }
                    }
                    _ => walk(sub, None, out)?,
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// One annotation `name` on the property `schema` at `path`.
fn check(name: &Value, schema: &Value, path: &[String]) -> Result<ParamHeader, String> {
    let breaks = |rule: &str| format!("x-mcp-header {name} breaks \"{rule}\"");
    let Some(text) = name.as_str() else {
        return Err(breaks(
            "MUST match HTTP field-name token syntax (`1*tchar`)",
        ));
    };
    if text.is_empty() {
        return Err(breaks("MUST NOT be empty"));
    }
    if text.chars().any(char::is_control) {
        return Err(breaks("MUST NOT contain control characters"));
    }
    if !super::is_field_name(text) {
        return Err(breaks(
            "MUST match HTTP field-name token syntax (`1*tchar`)",
        ));
    }
    let primitive = matches!(
        schema.get("type").and_then(Value::as_str),
        Some("string" | "integer" | "boolean")
    );
    if !primitive {
        return Err(breaks(
            "MUST only be applied to parameters with primitive types (integer, string, boolean)",
        ));
    }
    Ok(ParamHeader {
        name: text.to_string(),
        path: path.to_vec(),
    })
}

impl ParamHeader {
    /// The header's name, lower case (`mcp-param-{name}`).
    pub fn header(&self) -> String {
        format!("mcp-param-{}", self.name.to_ascii_lowercase())
    }

    /// The argument it mirrors in a call's `arguments`, when present and
    /// not `null` ("If no value is present at that path in the call
    /// arguments, the header is omitted"; "Parameter value is `null`:
    /// Client MUST omit the header").
    pub fn argument<'a>(&self, arguments: Option<&'a Value>) -> Option<&'a Value> {
        self.path
            .iter()
            .try_fold(arguments?, |v, k| v.get(k.as_str()))
            .filter(|v| !v.is_null())
    }
}

/// The `Mcp-Param-*` headers (lower-case name, value) a conforming client
/// sends with a `tools/call` whose `arguments` are given: one per
/// annotated argument present.
pub fn mirrored(params: &[ParamHeader], arguments: Option<&Value>) -> Vec<(String, String)> {
    params
        .iter()
        .filter_map(|p| Some((p.header(), header_text(p.argument(arguments)?)?)))
        .collect()
}

/// An argument as its header value ("Type conversion", then "Value
/// Encoding"); `None` for a value that is not a string, an integer or a
/// boolean.
pub fn header_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(encode(s)),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) if n.is_i64() || n.is_u64() => Some(n.to_string()),
        _ => None,
    }
}

/// A header value as "Value Encoding" says: as it is when it is visible
/// ASCII and spaces without surrounding whitespace, else (and when it
/// looks like the sentinel) `=?base64?…?=`. For `Mcp-Name` too.
pub fn encode(v: &str) -> String {
    let safe = v.bytes().all(|b| b == b' ' || (0x21..=0x7e).contains(&b));
    let padded = v.starts_with(' ') || v.ends_with(' ');
    let plain = !v.is_empty() && safe && !padded && !is_sentinel(v);
    if plain {
        v.to_string()
    } else {
        format!(
            "=?base64?{}?=",
            base64::engine::general_purpose::STANDARD.encode(v.as_bytes())
        )
    }
}

/// An `Mcp-Name` or `Mcp-Param-*` value decoded from the `=?base64?…?=`
/// sentinel form, or as it is; `None` when the sentinel's content is not
/// Base64 of UTF-8.
pub fn decode(v: &str) -> Option<String> {
    match v
        .strip_prefix("=?base64?")
        .and_then(|r| r.strip_suffix("?="))
    {
        Some(b64) => base64::engine::general_purpose::STANDARD
            .decode(b64)
            .ok()
            .and_then(|b| String::from_utf8(b).ok()),
        None => Some(v.to_string()),
    }
}

/// Whether a header value has the sentinel's form.
fn is_sentinel(v: &str) -> bool {
    v.starts_with("=?base64?") && v.ends_with("?=")
}

/// Whether a header value (decoded) stands for `argument`: the same
/// string, boolean, or integer (compared as numbers: "servers **SHOULD**
/// compare the header value and the body value numerically rather than as
/// strings").
pub fn matches(header: &str, argument: &Value) -> bool {
    let Some(text) = decode(header) else {
        return false;
    };
    match argument {
        Value::String(s) => text == *s,
        Value::Bool(b) => text == b.to_string(),
        Value::Number(n) => {
            let number = |t: &str| t.trim().parse::<f64>().ok();
            number(&text).is_some_and(|h| n.as_f64() == Some(h))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn one(prop: Value) -> Result<Vec<ParamHeader>, String> {
        param_headers(&json!({"type": "object", "properties": {"p": prop}}))
    }

    #[test]
    fn each_constraint_is_checked() {
        let ok = one(json!({"type": "string", "x-mcp-header": "Region"})).unwrap();
        assert_eq!(ok[0].path, ["p"]);
        let nested = json!({"type": "object", "properties": {"o": {"type": "object",
            "properties": {"f": {"type": "boolean", "x-mcp-header": "F"}}}}});
        assert_eq!(param_headers(&nested).unwrap()[0].path, ["o", "f"]);
        let broken = |prop: Value, rule: &str| {
            let why = one(prop).unwrap_err();
            assert!(why.contains(rule), "{why}");
        };
        broken(
            json!({"type": "string", "x-mcp-header": ""}),
            "MUST NOT be empty",
        );
        broken(
            json!({"type": "string", "x-mcp-header": "a b"}),
            "token syntax",
        );
        broken(
            json!({"type": "string", "x-mcp-header": "a\r\nb"}),
            "control",
        );
        broken(
            json!({"type": "number", "x-mcp-header": "N"}),
            "primitive types",
        );
        broken(
            json!({"type": "array", "items": {"type": "string",
            "x-mcp-header": "I"}}),
            "statically reachable",
        );
        broken(
            json!({"anyOf": [{"type": "object", "properties": {"x": {"type": "string",
            "x-mcp-header": "X"}}}]}),
            "statically reachable",
        );
        let twice = json!({"type": "object", "properties": {
            "a": {"type": "string", "x-mcp-header": "Dup"},
            "b": {"type": "string", "x-mcp-header": "dup"}}});
        assert!(param_headers(&twice).unwrap_err().contains("unique"));
        let at_root = json!({"type": "string", "x-mcp-header": "R"});
        assert!(param_headers(&at_root)
            .unwrap_err()
            .contains("statically reachable"));
    }

    #[test]
    fn values_are_encoded_where_needed() {
        assert_eq!(encode("get_weather"), "get_weather");
        assert_eq!(
            encode("file:///projects/a b.json"),
            "file:///projects/a b.json"
        );
        assert_eq!(encode("Hello, 世界"), "=?base64?SGVsbG8sIOS4lueVjA==?=");
        assert_eq!(encode(" padded "), "=?base64?IHBhZGRlZCA=?=");
        assert_eq!(
            encode("=?base64?literal?="),
            "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="
        );
        for v in [
            "get_weather",
            "Hello, 世界",
            " padded ",
            "line1\nline2",
            "=?base64?literal?=",
        ] {
            assert_eq!(decode(&encode(v)).as_deref(), Some(v));
        }
        assert_eq!(decode("=?base64?not base64?="), None);
    }

    #[test]
    fn arguments_are_mirrored_and_matched() {
        let schema = json!({"type": "object", "properties": {
            "region": {"type": "string", "x-mcp-header": "Region"},
            "n": {"type": "integer", "x-mcp-header": "N"},
            "nested": {"type": "object", "properties": {
                "flag": {"type": "boolean", "x-mcp-header": "Flag"}}},
            "gone": {"type": "string", "x-mcp-header": "Gone"},
            "list": {"type": "array", "items": {"type": "string"}}
        }});
        let params = param_headers(&schema).unwrap();
        let arguments = json!({"region": "Hello, 世界", "n": -7, "nested": {"flag": true},
            "gone": null});
        let mut got = mirrored(&params, Some(&arguments));
        got.sort();
        assert_eq!(
            got,
            [
                ("mcp-param-flag".to_string(), "true".to_string()),
                ("mcp-param-n".to_string(), "-7".to_string()),
                (
                    "mcp-param-region".to_string(),
                    "=?base64?SGVsbG8sIOS4lueVjA==?=".to_string()
                ),
            ]
        );
        assert!(mirrored(&params, None).is_empty());
        assert!(matches(
            "=?base64?SGVsbG8sIOS4lueVjA==?=",
            &json!("Hello, 世界")
        ));
        assert!(!matches("Hello", &json!("Hello, 世界")));
        assert!(matches("42.0", &json!(42)));
        assert!(!matches("43", &json!(42)));
        assert!(matches("false", &json!(false)));
        assert!(!matches("False", &json!(false)));
    }
}
