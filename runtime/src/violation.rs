//! Violations: where an instance breaks its schema, and why.
//!
//! A violation is data, not an error: validators return them, reports carry
//! them. The instance pointer is built only on failure (see [`crate::path`]).

use std::fmt;

use serde::{Serialize, Serializer};

/// An RFC 6901 JSON Pointer into the instance, already escaped
/// (`~` → `~0`, `/` → `~1`). The empty pointer `""` is the whole document.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pointer(String);

impl Pointer {
    /// The pointer to the whole document.
    pub fn root() -> Pointer {
        Pointer(String::new())
    }

    /// Builds a pointer from an already escaped string (`"/a/0"`).
    pub fn from_escaped(s: impl Into<String>) -> Pointer {
        Pointer(s.into())
    }

    /// Appends one unescaped token.
    pub fn push(&mut self, token: &str) {
        push_token(&mut self.0, token);
    }

    /// Appends an array index.
    pub fn push_index(&mut self, index: usize) {
        push_index(&mut self.0, index);
    }

    /// This pointer with `prefix` in front (`/error` + `/code` → `/error/code`).
    pub fn prefixed(&self, prefix: &Pointer) -> Pointer {
        Pointer(format!("{}{}", prefix.0, self.0))
    }

    /// The escaped text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The unescaped reference tokens.
    pub fn tokens(&self) -> impl Iterator<Item = String> + '_ {
        self.0
            .split('/')
            .skip(1)
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
    }

    /// Whether `self` is `other` or lies below it.
    pub fn starts_with(&self, other: &Pointer) -> bool {
        self.0 == other.0
            || (self.0.starts_with(&other.0) && self.0.as_bytes().get(other.0.len()) == Some(&b'/'))
    }
}

/// Appends `/` and one unescaped token, escaped (`~` → `~0`, `/` → `~1`):
/// a token with neither is copied whole.
pub(crate) fn push_token(out: &mut String, token: &str) {
    out.push('/');
    if !token.bytes().any(|b| b == b'~' || b == b'/') {
        out.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// Appends `/` and an array index in decimal.
pub(crate) fn push_index(out: &mut String, mut index: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        // A digit: `index % 10` is below 10.
        digits[at] = b'0' + (index % 10) as u8;
        index /= 10;
        if index == 0 {
            break;
        }
    }
    out.push('/');
    // ASCII digits.
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Pointer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// The JSON Schema keyword a violation comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Keyword {
    /// `type`
    Type,
    /// `required`
    Required,
    /// `additionalProperties`
    AdditionalProperties,
    /// `const`
    Const,
    /// `enum`
    Enum,
    /// `anyOf`
    AnyOf,
    /// `oneOf`
    OneOf,
    /// `not`
    Not,
    /// The `false` schema.
    False,
    /// `unevaluatedProperties`
    UnevaluatedProperties,
    /// `unevaluatedItems`
    UnevaluatedItems,
    /// `minimum`
    Minimum,
    /// `maximum`
    Maximum,
    /// `maxItems`
    MaxItems,
    /// `format`
    Format,
    /// `minLength`
    MinLength,
    /// `maxLength`
    MaxLength,
    /// `pattern`
    Pattern,
    /// `exclusiveMinimum`
    ExclusiveMinimum,
    /// `exclusiveMaximum`
    ExclusiveMaximum,
    /// `multipleOf`
    MultipleOf,
    /// `minProperties`
    MinProperties,
    /// `maxProperties`
    MaxProperties,
    /// `dependentRequired`
    DependentRequired,
    /// `dependencies`
    Dependencies,
    /// `minItems`
    MinItems,
    /// `uniqueItems`
    UniqueItems,
    /// `contains`
    Contains,
    /// `minContains`
    MinContains,
    /// `maxContains`
    MaxContains,
    /// Not a schema keyword: an MCP rule the schema states only in prose and
    /// mcpwire's dispatch enforces (a batch outside 2025-03-26, an
    /// `InputRequiredResult` for a method that cannot ask for input).
    Dispatch,
}

impl Keyword {
    /// The keyword as spelled in JSON Schema.
    pub fn as_str(self) -> &'static str {
        match self {
            Keyword::Type => "type",
            Keyword::Required => "required",
            Keyword::AdditionalProperties => "additionalProperties",
            Keyword::Const => "const",
            Keyword::Enum => "enum",
            Keyword::AnyOf => "anyOf",
            Keyword::OneOf => "oneOf",
            Keyword::Not => "not",
            Keyword::False => "false",
            Keyword::UnevaluatedProperties => "unevaluatedProperties",
            Keyword::UnevaluatedItems => "unevaluatedItems",
            Keyword::Minimum => "minimum",
            Keyword::Maximum => "maximum",
            Keyword::MaxItems => "maxItems",
            Keyword::Format => "format",
            Keyword::MinLength => "minLength",
            Keyword::MaxLength => "maxLength",
            Keyword::Pattern => "pattern",
            Keyword::ExclusiveMinimum => "exclusiveMinimum",
            Keyword::ExclusiveMaximum => "exclusiveMaximum",
            Keyword::MultipleOf => "multipleOf",
            Keyword::MinProperties => "minProperties",
            Keyword::MaxProperties => "maxProperties",
            Keyword::DependentRequired => "dependentRequired",
            Keyword::Dependencies => "dependencies",
            Keyword::MinItems => "minItems",
            Keyword::UniqueItems => "uniqueItems",
            Keyword::Contains => "contains",
            Keyword::MinContains => "minContains",
            Keyword::MaxContains => "maxContains",
            Keyword::Dispatch => "dispatch",
        }
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Keyword {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One way an instance breaks its schema.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Where in the instance (RFC 6901): `/params/arguments/0`.
    pub instance: Pointer,
    /// Where in the published schema file: `/$defs/CallToolRequest/required`.
    pub schema: &'static str,
    /// The failing keyword.
    pub keyword: Keyword,
    /// Human-readable reason: `"name" is a required property`.
    pub message: String,
}

impl Violation {
    /// This violation with its instance pointer moved below `prefix`.
    pub fn prefixed(mut self, prefix: &Pointer) -> Violation {
        self.instance = self.instance.prefixed(prefix);
        self
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.instance.as_str().is_empty() {
            "(root)"
        } else {
            self.instance.as_str()
        };
        write!(f, "{at}: {}", self.message)
    }
}

/// Every violation of one check; the error of `validated`/`validate`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Violations(pub Vec<Violation>);

impl Violations {
    /// Ok when empty.
    pub fn into_result(self) -> Result<(), Violations> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for Violations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            0 => f.write_str("valid"),
            1 => write!(f, "{}", self.0[0]),
            n => {
                write!(f, "{n} violations:")?;
                for v in &self.0 {
                    write!(f, "\n  {v}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Violations {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_escapes_rfc6901() {
        let mut p = Pointer::root();
        p.push("a/b");
        p.push("m~n");
        p.push_index(3);
        assert_eq!(p.as_str(), "/a~1b/m~0n/3");
        assert_eq!(p.tokens().collect::<Vec<_>>(), ["a/b", "m~n", "3"]);
    }

    #[test]
    fn starts_with_respects_token_boundaries() {
        let p = Pointer::from_escaped("/error/data");
        assert!(p.starts_with(&Pointer::from_escaped("/error")));
        assert!(p.starts_with(&Pointer::root()));
        assert!(!Pointer::from_escaped("/errors").starts_with(&Pointer::from_escaped("/error")));
    }

    #[test]
    fn display_names_the_place() {
        let v = Violation {
            instance: Pointer::from_escaped("/params"),
            schema: "/$defs/CallToolRequest/properties/params/required",
            keyword: Keyword::Required,
            message: "\"name\" is a required property".into(),
        };
        assert_eq!(v.to_string(), "/params: \"name\" is a required property");
    }
}
