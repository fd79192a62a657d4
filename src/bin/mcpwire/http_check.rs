//! `mcpwire check` on HAR 1.2 captures: the file is read whole, turned into
//! ordered steps ([`mcpwire::http::har::steps`]), routed to conversations
//! ([`Router`]) and judged by [`HttpJudge`] — what the proxy does live.

use std::{collections::BTreeMap, fs, io::Read, io::Write};

use mcpwire::http::{har, ConversationId, Router, Step};

use crate::{
    check::CheckConfig,
    http_judge::HttpJudge,
    output::{Sink, Summary},
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

/// Checks one HAR file. Returns `false` if it could not be read (reported
/// on standard error).
pub fn run<W: Write>(
    name: &str,
    config: &CheckConfig,
    sink: &mut Sink<W>,
    summary: &mut Summary,
) -> Result<bool, Failure> {
    let bytes = match fs::read(name) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("mcpwire: error: cannot open {name}: {e}");
            return Ok(false);
        }
    };
    let steps = match har::read(&bytes).and_then(|h| har::steps(&h, config.limits.max_bytes)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("mcpwire: error: cannot read {name}: {e}");
            return Ok(false);
        }
    };
    drop(bytes);
    summary.files += 1;
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
    Ok(true)
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
