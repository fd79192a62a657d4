//! The plan for a successful response: typed by the request it answers,
//! with `resultType` as a discriminator by value (see the module doc of
//! [`crate::dispatch`]).

use super::{resolved::ResolvedMethod, Plan, Resolved};
use crate::{
    correlate::{Pending, TaskAnswer},
    dispatch::resolved::Def,
    message::Target,
    report::{Finding, WarningKind},
    scan::MessageHead,
    Keyword, Pointer, Spec, Violation,
};

/// The result values the core protocol defines for `resultType`.
pub const CORE_RESULT_TYPES: [&str; 2] = ["complete", "input_required"];
/// `resultType` values of known extensions, checked against the envelope only.
pub const EXTENSION_RESULT_TYPES: [&str; 1] = ["task"];

/// Plan for a successful response, given the request it answers (`None`
/// when no request with its id was seen: envelope only).
pub fn plan_result(spec: &'static Spec, head: &MessageHead, request: Option<&Pending>) -> Plan {
    let mut plan = Plan::default();
    let resolved = Resolved::of(spec);
    // The envelope, always (and alone when the request is unknown).
    plan.check(resolved.result, Target::Message);
    let Some(request) = request else {
        return plan;
    };
    let Some(found) = resolved.method(&request.method) else {
        return plan;
    };
    if let Some(task) = resolved.create_task_result {
        if answered_as_task(&mut plan, head, request, found) {
            plan.check(task, Target::Result);
            return plan;
        }
    }
    let (Some(result_def), Some(result)) = (found.result, found.entry.result) else {
        return plan;
    };
    let typed = Typed {
        found,
        result_def,
        result,
    };
    let declares_result_type = !spec.maps.result_type_declarers.is_empty();
    match head.result_type.as_deref() {
        // SEP-2663 task envelopes belong to the tasks extension's own
        // schema, which this revision does not carry.
        Some(rt) if declares_result_type && EXTENSION_RESULT_TYPES.contains(&rt) => {}
        Some("input_required") if declares_result_type => {
            plan_input_required(&mut plan, spec, resolved, &typed, &request.method);
        }
        rt => {
            let unknown = rt.filter(|rt| declares_result_type && !CORE_RESULT_TYPES.contains(rt));
            plan_typed_result(&mut plan, &typed, unknown);
        }
    }
    plan
}

/// The method's result as the tables name it.
struct Typed<'a> {
    found: &'a ResolvedMethod,
    /// The result definition's functions.
    result_def: Def,
    /// The result definition's name.
    result: &'static str,
}

/// Whether a task-augmented request's answer is judged as a
/// `CreateTaskResult`: where the receiver declared task support, yes; where
/// its support is unknown, by the answer's own shape (with an assumption
/// warning).
fn answered_as_task(
    plan: &mut Plan,
    head: &MessageHead,
    request: &Pending,
    found: &ResolvedMethod,
) -> bool {
    match request.task_answer {
        TaskAnswer::Plain | TaskAnswer::Ignored => false,
        TaskAnswer::Task => true,
        TaskAnswer::Either => {
            let as_task = head.result_task;
            plan.warn(
                WarningKind::Assumption,
                "/result",
                format!(
                    "task-augmented {:?} and the receiver's task support is unknown (no capabilities seen): \
                     judged as {}",
                    request.method,
                    if as_task {
                        "a CreateTaskResult (the result has \"task\")".to_string()
                    } else {
                        format!("the plain result ({})", found.entry.result.unwrap_or("its result"))
                    }
                ),
            );
            as_task
        }
    }
}

/// `resultType: "input_required"`: an `InputRequiredResult` where the
/// method's result response admits one, else a violation and the method's
/// own result.
fn plan_input_required(
    plan: &mut Plan,
    spec: &'static Spec,
    resolved: &Resolved,
    typed: &Typed<'_>,
    method: &str,
) {
    let (found, entry) = (typed.found, typed.found.entry);
    if let Some(irr) = resolved
        .input_required_result
        .filter(|_| entry.admits_input_required)
    {
        plan.check(irr, Target::Result);
        return;
    }
    let schema = found
        .result_response
        .and_then(|r| r.fns)
        .or(typed.result_def.fns)
        .map_or("", |d| d.pointer);
    plan.violations.push(Finding {
        definition: entry.result_response.unwrap_or(typed.result),
        target: if entry.result_response.is_some() {
            Target::Message
        } else {
            Target::Result
        },
        violation: Violation {
            instance: Pointer::from_escaped("/result/resultType"),
            schema,
            keyword: Keyword::Dispatch,
            message: format!(
                "{method:?} cannot answer with an InputRequiredResult in revision {} \
                 (only methods whose result response admits one can ask for input); \
                 judged as {}",
                spec.version, typed.result
            ),
        },
    });
    plan.check(typed.result_def, Target::Result);
}

/// The method's own result (`complete`, absent, or an unknown
/// `resultType`, which is warned about).
fn plan_typed_result(plan: &mut Plan, typed: &Typed<'_>, unknown: Option<&str>) {
    let result = typed.result;
    if let Some(rt) = unknown {
        plan.warn(
            WarningKind::UnknownResultType,
            "/result/resultType",
            format!(
                "resultType {rt:?} is not a core value (complete, input_required) or a known \
                 extension result (task); judged as {result}"
            ),
        );
    }
    match typed.found.result_response {
        // The spec's own response definition is exact when its `result`
        // is a plain reference (no InputRequiredResult).
        Some(response) if !typed.found.entry.admits_input_required => {
            plan.check(response, Target::Message);
        }
        _ => plan.check(typed.result_def, Target::Result),
    }
}
