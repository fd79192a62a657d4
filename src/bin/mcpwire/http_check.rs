//! `mcpwire check` on HAR 1.2 captures: the file is read whole, turned into
//! ordered steps ([`mcpwire::http::har::steps`]), routed to conversations
//! ([`Router`]) and judged by [`HttpJudge`] — what the proxy does live.

use std::{collections::BTreeMap, fs, io::Read};

use mcpwire::http::{har, ConversationId, Router, Step};

use crate::{
    check::CheckConfig,
    http_judge::HttpJudge,
    output::{Outputs, Summary},
    Failure,
};

/// Whether `name` is a HAR capture (by its name, or its first bytes).
pub fn is_har(name: &str) -> bool {
    if name == "-" {
        return false;
    }
    let mut head = [0u8; 64];
    let n = fs::File::open(name)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    har::looks_like_har(name, &head[..n])
}

/// Checks one HAR file; one that cannot be read is an input error (exit 2).
pub fn run(
    name: &str,
    config: &CheckConfig,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let steps = fs::read(name)
        .map_err(|e| format!("cannot open {name}: {e}"))
        .and_then(|bytes| {
            har::read(&bytes)
                .and_then(|h| har::steps(&h, config.limits.max_bytes))
                .map_err(|e| format!("cannot read {name}: {e}"))
        });
    let steps = match steps {
        Ok(s) => s,
        Err(message) => return sink.input_error(name, &message).map_err(Failure::Output),
    };
    summary.files += 1;
    sink.file_start(name, summary).map_err(Failure::Output)?;
    let mut router = Router::new();
    let mut judges: BTreeMap<ConversationId, HttpJudge> = BTreeMap::new();
    for step in &steps {
        let conversation = route(&mut router, step);
        let judge = judges.entry(conversation).or_insert_with(|| {
            HttpJudge::new(config.mode, config.null_id_as_warning, config.limits)
        });
        judge
            .step(name, step, sink, summary)
            .map_err(Failure::Output)?;
        if let Step::End { exchange, .. } = step {
            router.end(*exchange);
        }
    }
    for judge in judges.values_mut() {
        judge.finish(name, sink, summary).map_err(Failure::Output)?;
    }
    sink.file_done(name, summary).map_err(Failure::Output)
}

/// The conversation of a step, learning from it.
pub fn route(router: &mut Router, step: &Step) -> ConversationId {
    match step {
        Step::Request {
            exchange,
            head,
            body,
        } => router.request(*exchange, head, &body.bytes),
        Step::Response { exchange, head } => {
            router.response(*exchange, head);
            router.conversation(*exchange).unwrap_or(0)
        }
        Step::Event { exchange, event } => {
            router.event(*exchange, event);
            router.conversation(*exchange).unwrap_or(0)
        }
        other => router.conversation(other.exchange()).unwrap_or(0),
    }
}
