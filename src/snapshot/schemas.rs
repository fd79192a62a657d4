//! What mcpwire's run-time schema engine ([`crate::contracts`]) says of
//! each schema a snapshot holds — a tool's `inputSchema` and
//! `outputSchema` — per revision: its dialect, and the `contract.*`
//! findings a session would report on the `tools/list` that carried it
//! (the rules of [`crate::session::rules`], applied at the revision, with
//! the same compiled metaschema check, [`crate::contracts::schema_validity`]).
//! The snapshot file records them (its `schemas` member) and the diff
//! compares them ([`diff`]), so a diff can say "new: tool X's outputSchema
//! declares draft-07".
//!
//! They are derived from the schemas, so [`Snapshot::from_value`] does not
//! read them back: the mcpwire that reads a snapshot finds them again, and
//! a diff of two files written by different mcpwire versions compares one
//! version's judgement of both, never a change of mcpwire's rules as if it
//! were the server's.
//!
//! [`Snapshot::from_value`]: super::Snapshot::from_value

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::{Map, Value};

use super::{changes::Place, Interface, Severity};
use crate::{
    contracts::{Dialect, Engine, SchemaProblem},
    rule::{self, Rule},
    session::rules,
    Version,
};

/// The members of a tool that hold schemas.
const SCHEMA_MEMBERS: [&str; 2] = ["inputSchema", "outputSchema"];

/// What the engine says of one schema.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchemaFacts {
    /// Its dialect: `2020-12` (also when `$schema` names none), `draft-07`,
    /// `2019-09`, or the `$schema` as written when mcpwire judges no such
    /// dialect.
    pub dialect: String,
    /// Whether `$schema` names the dialect (rather than 2020-12 by default).
    pub declared: bool,
    /// The findings, in rule order; empty for a schema nothing is said of.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<SchemaFinding>,
}

/// One finding of a schema.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchemaFinding {
    /// The rule's id (`contract.schema-invalid`).
    pub rule: &'static str,
    /// What it found (`not a valid draft-07 schema: …`).
    pub message: String,
}

/// The rules a schema's findings are reported under.
const RULES: [&Rule; 5] = [
    &rules::SCHEMA_INVALID,
    &rules::DIALECT_NOT_2020_12,
    &rules::DIALECT_UNSUPPORTED,
    &rules::REF_UNRESOLVABLE,
    &rules::SCHEMA_OVER_BOUNDS,
];

/// The rules about a schema's dialect: a change of dialect says them.
const DIALECT_RULES: [&Rule; 2] = [&rules::DIALECT_NOT_2020_12, &rules::DIALECT_UNSUPPORTED];

impl Interface {
    /// The facts of every tool schema at `revision` (the revision's name;
    /// a name mcpwire does not know applies every rule), by tool name and
    /// member (`inputSchema`, `outputSchema`).
    pub fn schema_facts(&self, revision: &str) -> BTreeMap<(String, &'static str), SchemaFacts> {
        let mut out = BTreeMap::new();
        for (name, tool) in self.tools.iter().flatten() {
            for member in SCHEMA_MEMBERS {
                if let Some(schema) = tool.get(member) {
                    out.insert((name.clone(), member), facts(schema, revision));
                }
            }
        }
        out
    }
}

/// Whether `rule` applies at the revision named `revision`.
fn applies(rule: &Rule, revision: &str) -> bool {
    revision
        .parse::<Version>()
        .map_or(true, |v| rule.applies(v))
}

/// The facts of one schema at `revision`.
pub fn facts(schema: &Value, revision: &str) -> SchemaFacts {
    let engine = Engine::shared();
    let compiled = engine.compile(schema);
    let (dialect, declared) = match &compiled {
        Ok(c) => (c.dialect().name().to_string(), c.declares_dialect()),
        Err(SchemaProblem::UnsupportedDialect(text)) => (text.clone(), true),
        Err(SchemaProblem::Invalid { dialect, .. }) => {
            (dialect.name().to_string(), schema.get("$schema").is_some())
        }
        Err(_) => declared_dialect(&engine, schema),
    };
    let finding = match &compiled {
        Ok(c) if c.declares_dialect() && c.dialect() != Dialect::Draft2020_12 => Some((
            &rules::DIALECT_NOT_2020_12,
            format!(
                "declares JSON Schema {}; peers need support only 2020-12",
                c.dialect().name()
            ),
        )),
        Ok(_) => None,
        Err(problem) => Some((rule_of(problem), problem.to_string())),
    };
    let findings = finding
        .filter(|(rule, _)| applies(rule, revision))
        .map(|(rule, message)| SchemaFinding {
            rule: rule.id,
            message,
        })
        .into_iter()
        .collect();
    SchemaFacts {
        dialect,
        declared,
        findings,
    }
}

/// The rule a problem is reported under (as a session reports it).
fn rule_of(problem: &SchemaProblem) -> &'static Rule {
    match problem {
        SchemaProblem::UnsupportedDialect(_) => &rules::DIALECT_UNSUPPORTED,
        SchemaProblem::UnresolvableRef { .. } => &rules::REF_UNRESOLVABLE,
        SchemaProblem::OverBounds(_) => &rules::SCHEMA_OVER_BOUNDS,
        SchemaProblem::Invalid { .. } => &rules::SCHEMA_INVALID,
    }
}

/// The dialect of a schema the engine refused for another reason than its
/// dialect (a `$ref` it cannot resolve, over its bounds): the engine's
/// reading of its `$schema` alone.
fn declared_dialect(engine: &Engine, schema: &Value) -> (String, bool) {
    let Some(uri) = schema.get("$schema") else {
        return ("2020-12".into(), false);
    };
    let alone = Value::Object(Map::from_iter([("$schema".to_string(), uri.clone())]));
    match engine.compile(&alone) {
        Ok(c) => (c.dialect().name().to_string(), true),
        Err(_) => (
            uri.as_str().map_or_else(|| uri.to_string(), str::to_string),
            true,
        ),
    }
}

/// The `schemas` member of a revision in the snapshot file: `{"tools":
/// {NAME: {MEMBER: facts}}}`; `None` without tool schemas.
pub(super) fn file_member(interface: &Interface, revision: &str) -> Option<Value> {
    let mut tools = Map::new();
    for ((name, member), facts) in interface.schema_facts(revision) {
        let entry = tools
            .entry(name)
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(m) = entry {
            m.insert(
                member.into(),
                serde_json::to_value(facts).unwrap_or_default(),
            );
        }
    }
    (!tools.is_empty()).then(|| {
        Value::Object(Map::from_iter([(
            "tools".to_string(),
            Value::Object(tools),
        )]))
    })
}

/// The changes of a tool's schema facts from `a` to `b` (the tool's two
/// entries), at `place`: a change of dialect (keyword `$schema`), and each
/// other finding that appears (keyword: the rule's id; breaking for an
/// error — the schema became invalid in its dialect —, undecided for a
/// warning) or goes (compatible). A schema one side lacks has no facts
/// there: a new `outputSchema` that declares draft-07 is a finding that
/// appears.
pub(super) fn diff(place: &mut Place<'_>, a: &Value, b: &Value) {
    for member in SCHEMA_MEMBERS {
        if a.get(member) == b.get(member) {
            continue; // the same schema, the same facts
        }
        let fa = a.get(member).map(|s| facts(s, place.revision));
        let fb = b.get(member).map(|s| facts(s, place.revision));
        let dialect_changed = match (&fa, &fb) {
            (Some(x), Some(y)) if x.dialect != y.dialect => {
                dialect_change(place, member, x, y);
                true
            }
            _ => false,
        };
        let rules_of = |f: &Option<SchemaFacts>| -> BTreeMap<&'static str, String> {
            f.iter()
                .flat_map(|f| &f.findings)
                .map(|x| (x.rule, x.message.clone()))
                .collect()
        };
        let (ra, rb) = (rules_of(&fa), rules_of(&fb));
        let ids: BTreeSet<&'static str> = ra.keys().chain(rb.keys()).copied().collect();
        for id in ids {
            let dialect_rule = DIALECT_RULES.iter().any(|r| r.id == id);
            if dialect_changed && dialect_rule {
                continue;
            }
            let pointer = if dialect_rule {
                format!("/{member}/$schema")
            } else {
                format!("/{member}")
            };
            let (severity, message) = match (ra.get(id), rb.get(id)) {
                (None, Some(m)) => (appeared(id), format!("new: {member} {m} ({id})")),
                (Some(m), None) => (Severity::Compatible, format!("gone: {member} {m} ({id})")),
                _ => continue,
            };
            place.push(severity, pointer, id, message, (None, None));
        }
    }
}

/// A finding that appears: breaking for an error rule (a schema a client
/// cannot compile), undecided for a warning (whether a client copes
/// depends on the client).
fn appeared(id: &str) -> Severity {
    let error = RULES
        .iter()
        .find(|r| r.id == id)
        .is_some_and(|r| r.severity == rule::Severity::Error);
    if error {
        Severity::Breaking
    } else {
        Severity::Undecided
    }
}

/// A schema's dialect changed: compatible to 2020-12 (every peer supports
/// it: "Implementations MUST support at least 2020-12"), undecided to any
/// other (peers need support only 2020-12).
fn dialect_change(place: &mut Place<'_>, member: &str, a: &SchemaFacts, b: &SchemaFacts) {
    let name = |f: &SchemaFacts| {
        if f.declared {
            f.dialect.clone()
        } else {
            format!("{} (by default)", f.dialect)
        }
    };
    let (severity, why) = if b.dialect == "2020-12" {
        (Severity::Compatible, String::new())
    } else {
        let judged = [Dialect::Draft07, Dialect::Draft2019_09].map(Dialect::name);
        let rule = if judged.contains(&b.dialect.as_str()) {
            &rules::DIALECT_NOT_2020_12
        } else {
            &rules::DIALECT_UNSUPPORTED
        };
        let id = if applies(rule, place.revision) {
            format!(" ({})", rule.id)
        } else {
            String::new()
        };
        (
            Severity::Undecided,
            format!(": peers need support only 2020-12{id}"),
        )
    };
    let message = format!(
        "{member} dialect changed from {} to {}{why}",
        name(a),
        name(b)
    );
    let values = (
        Some(Value::String(a.dialect.clone())),
        Some(Value::String(b.dialect.clone())),
    );
    place.push(
        severity,
        format!("/{member}/$schema"),
        "$schema",
        message,
        (values.0.as_ref(), values.1.as_ref()),
    );
}
