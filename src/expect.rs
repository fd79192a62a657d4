//! Expected violations (negative tests) as data: a transcript record may
//! declare itself deliberately invalid, as the reference harness's negative
//! self-tests and its `skipValidation` / `takeWireViolations` opt-outs do.
//!
//! ```text
//! {"dir": "s2c", "expect": "invalid", "msg": {…}}
//! {"dir": "s2c", "expect": {"violations": ["/error/data/requiredCapabilities"]}, "msg": {…}}
//! ```
//!
//! [`Expect::apply`] moves the violations the record expects from
//! [`Report::violations`] to [`Report::expected`] (so the report is valid
//! and the run does not fail), and adds a violation "expected violation
//! missing" for each expectation nothing met (so a record that should fail
//! but does not fails the run). `"invalid"` expects at least one violation
//! anywhere; `{"violations": [p, …]}` expects, for each pointer `p`, a
//! violation at `p` or below it, and only those: violations elsewhere stay
//! violations.

use serde_json::Value;

use crate::{
    message::Target,
    report::{Finding, Report},
    Keyword, Pointer, Violation,
};

/// What a record expects of its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// At least one violation, any.
    Invalid,
    /// A violation at (or below) each of these instance pointers.
    Violations(Vec<Pointer>),
}

/// RFC 6901: `prefix` is `pointer` or one of its ancestors.
fn at_or_below(prefix: &str, pointer: &str) -> bool {
    pointer == prefix
        || (pointer.starts_with(prefix) && pointer.as_bytes().get(prefix.len()) == Some(&b'/'))
}

impl Expect {
    /// Reads a record's `expect` member; the error words what is wrong.
    pub fn from_value(v: &Value) -> Result<Expect, String> {
        const SHAPE: &str =
            "\"expect\" must be \"invalid\" or {\"violations\": [\"/json/pointer\", …]}";
        match v {
            Value::String(s) if s == "invalid" => Ok(Expect::Invalid),
            Value::Object(map) => {
                let Some(Value::Array(list)) = map.get("violations") else {
                    return Err(SHAPE.into());
                };
                if map.len() != 1 || list.is_empty() {
                    return Err(SHAPE.into());
                }
                let mut pointers = Vec::with_capacity(list.len());
                for p in list {
                    match p.as_str() {
                        Some(s) if s.is_empty() || s.starts_with('/') => {
                            pointers.push(Pointer::from_escaped(s))
                        }
                        _ => return Err(SHAPE.into()),
                    }
                }
                Ok(Expect::Violations(pointers))
            }
            _ => Err(SHAPE.into()),
        }
    }

    /// Applies the expectation to the reports of one message (all its
    /// batch elements together); returns whether it was met.
    pub fn apply(&self, reports: &mut [Report]) -> bool {
        if reports.is_empty() {
            return false;
        }
        let mut met = true;
        match self {
            Expect::Invalid => {
                let mut any = false;
                for r in reports.iter_mut() {
                    any |= !r.violations.is_empty();
                    r.expected.append(&mut r.violations);
                }
                if !any {
                    met = false;
                    missing(&mut reports[0], &Pointer::root(), "a violation anywhere");
                }
            }
            Expect::Violations(pointers) => {
                let mut seen = vec![false; pointers.len()];
                for r in reports.iter_mut() {
                    let (expected, kept): (Vec<Finding>, Vec<Finding>) =
                        r.violations.drain(..).partition(|f| {
                            let at = f.violation.instance.as_str();
                            let mut hit = false;
                            for (i, p) in pointers.iter().enumerate() {
                                if at_or_below(p.as_str(), at) {
                                    seen[i] = true;
                                    hit = true;
                                }
                            }
                            hit
                        });
                    r.violations = kept;
                    r.expected.extend(expected);
                }
                for (p, seen) in pointers.iter().zip(seen) {
                    if !seen {
                        met = false;
                        missing(&mut reports[0], p, &format!("a violation at {p}"));
                    }
                }
            }
        }
        met
    }
}

fn missing(report: &mut Report, pointer: &Pointer, what: &str) {
    let definition = report.definition().unwrap_or("JSONRPCMessage");
    let target = report.target_of(report.revision.and_then(crate::Version::spec), definition);
    report.violations.push(missing_violation(
        definition,
        target,
        pointer,
        "the record",
        what,
    ));
}

/// The violation that stands for an expectation nothing met (keyword
/// `dispatch`): "expected violation missing: `<who>` expects `<what>`, and
/// none was found". Transcript records (`who`: "the record") and
/// [`crate::testing::Guard`] ("the test") word it the same way.
pub fn missing_violation(
    definition: &'static str,
    target: Target,
    pointer: &Pointer,
    who: &str,
    what: &str,
) -> Finding {
    Finding {
        definition,
        target,
        violation: Violation {
            instance: pointer.clone(),
            schema: "",
            keyword: Keyword::Dispatch,
            message: format!(
                "expected violation missing: {who} expects {what}, and none was found"
            ),
        },
    }
}
