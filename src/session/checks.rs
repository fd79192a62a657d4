//! The planned checks of one message, run on its bytes or its `Value`
//! ([`crate::dispatch::Plan`]).

use super::body::Body;
use crate::{
    dispatch::{self, Plan},
    message::Target,
    report::{Finding, Report},
    scan::MessageHead,
    Path, Violation,
};

/// Runs a plan's checks, collecting violations without duplicates (the
/// envelope and a typed definition may both flag `/id`). An envelope check
/// the typed check implies ([`dispatch::Check::implies_envelope`])
/// runs only when the typed one fails; a response whose typed result
/// implies the envelope's `Result` is read once for both
/// ([`crate::bytes::plan`]) and checked apart only when that pass fails; a
/// request or notification envelope the head shows valid
/// ([`super::envelope`]) is not checked at all.
pub(super) fn run(
    spec: &'static crate::Spec,
    head: &MessageHead,
    body: Body<'_, '_>,
    plan: Plan,
    report: &mut Report,
) {
    report.violations.extend(plan.violations);
    report.warnings.extend(plan.warnings);
    let mut done: Option<(usize, Vec<Violation>)> = None;
    let shown = match plan.checks.first() {
        Some(envelope) if envelope.target == Target::Message && plan.checks.len() > 1 => {
            super::envelope::shows_envelope(spec, envelope.definition, head)
        }
        _ => false,
    };
    // A response and its typed result in one pass (`bytes::plan`).
    if let (Body::Bytes(raw), [envelope, typed]) = (body, plan.checks.as_slice()) {
        if envelope.target == Target::Message
            && typed.target == Target::Result
            && envelope.definition == spec.maps.envelopes.result
        {
            if let (Some(e), Some(t), true) = (envelope.fns, typed.fns, typed.implies_envelope) {
                if raw.reads_result_response(e, t) {
                    report.definitions.push(envelope.definition);
                    report.definitions.push(typed.definition);
                    return;
                }
            }
        }
    }
    if let [envelope, typed] = plan.checks.as_slice() {
        let implied = typed.implies_envelope && typed.target == Target::Message;
        if (shown || implied) && envelope.target == Target::Message {
            if let Some(out) = check_one(spec, body, *typed) {
                if out.is_empty() {
                    report.definitions.push(envelope.definition);
                    report.definitions.push(typed.definition);
                    return;
                }
                done = Some((1, out));
            }
        }
    }
    for (i, &check) in plan.checks.iter().enumerate() {
        report.definitions.push(check.definition);
        if i == 0 && shown {
            continue;
        }
        let out = match done.take() {
            Some((at, out)) if at == i => out,
            other => {
                done = other;
                match check_one(spec, body, check) {
                    Some(out) => out,
                    None => continue,
                }
            }
        };
        for violation in out {
            let duplicate = report.violations.iter().any(|f| {
                f.violation.instance == violation.instance
                    && f.violation.keyword == violation.keyword
                    && f.violation.message == violation.message
            });
            if !duplicate {
                report.violations.push(Finding {
                    definition: check.definition,
                    target: check.target,
                    violation,
                });
            }
        }
    }
}

/// One check's violations; `None` when the definition is unknown or its
/// target member absent.
fn check_one(
    spec: &'static crate::Spec,
    body: Body<'_, '_>,
    check: dispatch::Check,
) -> Option<Vec<Violation>> {
    let fns = check.fns?;
    match body {
        Body::Bytes(raw) => raw.check(spec.version, fns, check.target),
        Body::Value(msg) => {
            let root = Path::Root;
            let (value, path) = match check.target {
                Target::Message => (Some(msg), root),
                Target::Result => (msg.get("result"), root.key("result")),
                Target::Error => (msg.get("error"), root.key("error")),
            };
            let mut out = Vec::new();
            (fns.check_at)(value?, &path, &mut out);
            Some(out)
        }
    }
}
