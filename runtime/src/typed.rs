//! What the generated `types` modules share: the trait every definition
//! type implements, and the bodies of its `validated`/`validate` and of the
//! name-keyed `roundtrip`. They live here, once, rather than in each
//! revision's module, because a type that is the same in two revisions is
//! generated once and re-exported by the other (codegen's `share`): its one
//! `SchemaDefinition` impl then serves the `roundtrip` of both modules.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::{Keyword, Pointer, Violation, Violations};

/// What every definition type has: its schema pointer and check.
pub trait SchemaDefinition: Serialize + DeserializeOwned {
    /// The definition's pointer in the published file (`/$defs/Tool`).
    const POINTER: &'static str;
    /// Every violation of `value` against the definition.
    fn check(value: &Value) -> Vec<Violation>;
}

/// Checks `value` and, when it is valid, deserializes it as `T`.
pub fn validated_as<T: SchemaDefinition>(value: &Value) -> Result<T, Violations> {
    let violations = T::check(value);
    if !violations.is_empty() {
        return Err(Violations(violations));
    }
    T::deserialize(value).map_err(|e| bug(T::POINTER, "cannot hold this valid value", &e))
}

/// Serializes `this` and checks it against `T`'s definition.
pub fn validate_as<T: SchemaDefinition>(this: &T) -> Result<(), Violations> {
    let value =
        serde_json::to_value(this).map_err(|e| bug(T::POINTER, "does not serialize", &e))?;
    Violations(T::check(&value)).into_result()
}

/// A generated type disagreeing with its schema: never expected.
fn bug(pointer: &'static str, what: &str, error: &serde_json::Error) -> Violations {
    Violations(vec![Violation {
        instance: Pointer::root(),
        schema: pointer,
        keyword: Keyword::Type,
        message: format!(
            "mcpwire bug: the generated type for {pointer} {what} ({error}); please report"
        ),
    }])
}

/// Something to do with a definition's type, chosen by name (a generated
/// module's `with_type`).
pub trait Visit {
    /// What it gives.
    type Out;
    /// Does it with `T`.
    fn visit<T: SchemaDefinition>(self, value: &Value) -> Self::Out;
}

/// Deserializes, then serializes back: no validation.
pub struct Roundtrip;

impl Visit for Roundtrip {
    type Out = Result<Value, String>;
    fn visit<T: SchemaDefinition>(self, value: &Value) -> Self::Out {
        let typed = T::deserialize(value).map_err(|e| e.to_string())?;
        serde_json::to_value(&typed).map_err(|e| e.to_string())
    }
}

/// [`Roundtrip`] through [`validated_as`].
pub struct ValidatedRoundtrip;

impl Visit for ValidatedRoundtrip {
    type Out = Result<Value, Violations>;
    fn visit<T: SchemaDefinition>(self, value: &Value) -> Self::Out {
        let typed = validated_as::<T>(value)?;
        serde_json::to_value(&typed).map_err(|e| bug(T::POINTER, "does not serialize", &e))
    }
}
