//! The dialect a run-time schema is written in: its `$schema`, or
//! 2020-12 when it names none (basic/index: "When a schema does not
//! include a `$schema` field, it defaults to JSON Schema 2020-12").

use serde_json::Value;

/// A JSON Schema dialect the engine judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// Draft 7 (`http://json-schema.org/draft-07/schema#`).
    Draft07,
    /// Draft 2019-09.
    Draft2019_09,
    /// Draft 2020-12, MCP's default and recommended dialect.
    Draft2020_12,
}

impl Dialect {
    /// The dialect's canonical `$schema` URI.
    pub fn uri(self) -> &'static str {
        match self {
            Dialect::Draft07 => "http://json-schema.org/draft-07/schema#",
            Dialect::Draft2019_09 => "https://json-schema.org/draft/2019-09/schema",
            Dialect::Draft2020_12 => "https://json-schema.org/draft/2020-12/schema",
        }
    }

    /// A short name (`draft-07`, `2019-09`, `2020-12`).
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Draft07 => "draft-07",
            Dialect::Draft2019_09 => "2019-09",
            Dialect::Draft2020_12 => "2020-12",
        }
    }

    pub(crate) fn draft(self) -> jsonschema::Draft {
        match self {
            Dialect::Draft07 => jsonschema::Draft::Draft7,
            Dialect::Draft2019_09 => jsonschema::Draft::Draft201909,
            Dialect::Draft2020_12 => jsonschema::Draft::Draft202012,
        }
    }
}

/// What a schema's `$schema` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Declared {
    /// No `$schema` (or a boolean schema): 2020-12 by default.
    Default,
    /// A supported dialect, named.
    Named(Dialect),
    /// Anything else: a dialect the engine does not judge (draft-04,
    /// draft-06, a custom metaschema) or not a URI; the text as written
    /// (a non-string `$schema` as its JSON).
    Unsupported(String),
}

impl Declared {
    /// The dialect to judge in, when supported.
    pub(crate) fn dialect(&self) -> Option<Dialect> {
        match self {
            Declared::Default => Some(Dialect::Draft2020_12),
            Declared::Named(d) => Some(*d),
            Declared::Unsupported(_) => None,
        }
    }
}

/// The dialect `schema` declares. URIs match with or without the empty
/// fragment (`#`) and over `http` or `https`.
pub(crate) fn declared(schema: &Value) -> Declared {
    let Some(uri) = schema.as_object().and_then(|o| o.get("$schema")) else {
        return Declared::Default;
    };
    let Some(text) = uri.as_str() else {
        return Declared::Unsupported(uri.to_string());
    };
    let bare = text.strip_suffix('#').unwrap_or(text);
    let bare = bare
        .strip_prefix("https://")
        .or_else(|| bare.strip_prefix("http://"));
    let dialect = match bare {
        Some("json-schema.org/draft-07/schema") => Dialect::Draft07,
        Some("json-schema.org/draft/2019-09/schema") => Dialect::Draft2019_09,
        Some("json-schema.org/draft/2020-12/schema") => Dialect::Draft2020_12,
        _ => return Declared::Unsupported(text.to_string()),
    };
    Declared::Named(dialect)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn dialects_by_uri() {
        assert_eq!(declared(&json!({"type": "object"})), Declared::Default);
        assert_eq!(declared(&json!(true)), Declared::Default);
        for (uri, d) in [
            ("http://json-schema.org/draft-07/schema#", Dialect::Draft07),
            ("http://json-schema.org/draft-07/schema", Dialect::Draft07),
            (
                "https://json-schema.org/draft/2020-12/schema",
                Dialect::Draft2020_12,
            ),
            (
                "https://json-schema.org/draft/2019-09/schema#",
                Dialect::Draft2019_09,
            ),
        ] {
            assert_eq!(
                declared(&json!({"$schema": uri})),
                Declared::Named(d),
                "{uri}"
            );
        }
        for uri in [
            json!("http://json-schema.org/draft-04/schema#"),
            json!("x"),
            json!(7),
        ] {
            assert!(matches!(
                declared(&json!({"$schema": uri})),
                Declared::Unsupported(_)
            ));
        }
    }
}
