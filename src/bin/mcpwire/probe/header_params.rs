//! Which `x-mcp-header` annotations of a tool's `inputSchema` are valid,
//! by the constraints of 2026-07-28 basic/transports/streamable-http
//! ("Constraints on `x-mcp-header` values"). The page puts them on the
//! annotation and the duty on the client: "Clients using the Streamable
//! HTTP transport **MUST** reject tool definitions where any
//! `x-mcp-header` value violates these constraints".

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
    let tchar = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    if !text.bytes().all(tchar) {
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
}
