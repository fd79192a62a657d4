//! `mcpwire check` on HAR 1.2 captures and HTTP transcripts (as the
//! input stage told them, [`Capture::kind`]): the capture is read whole,
//! turned into ordered steps ([`mcpwire::http::har::steps`],
//! [`mcpwire::http::transcript::read`]) and replayed through the live
//! pipeline's judging ([`Replay`]: routing, HTTP rules, one session per
//! conversation) into [`HttpFindings`] — what the proxy does live.

use std::{collections::HashMap, io::Read};

use mcpwire::{
    capture::{Capture, Kind},
    http::{har, Redaction, Step},
    live::{self, Replay},
    Mode, Options,
};

use crate::{
    http_judge::HttpFindings,
    output::{HttpWhere, Outputs, Summary},
    Failure,
};

/// A HAR's exchanges by number: the entry each is, with its method, URL
/// and status.
fn har_entries(har: &har::Har) -> HashMap<u64, HttpWhere> {
    let redaction = Redaction::default();
    har::exchange_entries(har)
        .into_iter()
        .enumerate()
        .map(|(n, index)| {
            let e = &har.log.entries[index];
            let exchange = n as u64 + 1;
            let at = HttpWhere {
                exchange,
                entry: Some(index as u64),
                event: None,
                method: e.request.method.clone(),
                url: redaction.target(&e.request.url),
                status: u16::try_from(e.response.status).ok().filter(|s| *s > 0),
            };
            (exchange, at)
        })
        .collect()
}

/// An HTTP transcript's exchanges by number: each is the entry of its
/// position among the exchanges (in order of first appearance).
fn transcript_entries(steps: &[Step]) -> HashMap<u64, HttpWhere> {
    let redaction = Redaction::default();
    let mut out: HashMap<u64, HttpWhere> = HashMap::new();
    for step in steps {
        let exchange = step.exchange();
        let next = out.len() as u64;
        let at = out.entry(exchange).or_insert_with(|| HttpWhere {
            exchange,
            entry: Some(next),
            ..HttpWhere::default()
        });
        match step {
            Step::Request { head, .. } => {
                at.method = head.method.clone();
                at.url = redaction.target(&head.target);
            }
            Step::Response { head, .. } => at.status = Some(head.status),
            _ => {}
        }
    }
    out
}

/// Checks one HAR file or HTTP transcript, `name` in findings; one that
/// cannot be read is an input error (exit 2).
pub fn run(
    name: &str,
    mut capture: Capture<'_>,
    mode: Mode,
    options: Options,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let steps = if capture.kind() == Kind::Har {
        let mut bytes = Vec::new();
        capture
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {name}: {e}"))
            .and_then(|_| {
                har::read(&bytes)
                    .and_then(|h| Ok((har::steps(&h, options.limits.max_bytes)?, har_entries(&h))))
                    .map_err(|e| format!("cannot read {name}: {e}"))
            })
    } else {
        mcpwire::http::transcript::read(capture, name, options.limits.max_bytes).map(|steps| {
            let entries = transcript_entries(&steps);
            (steps, entries)
        })
    };
    let (steps, entries) = match steps {
        Ok(s) => s,
        Err(message) => return sink.input_error(name, &message).map_err(Failure::Output),
    };
    summary.files += 1;
    sink.file_start(name, summary).map_err(Failure::Output)?;
    let mut replay = Replay::new(live::Config {
        mode,
        options,
        ..live::Config::default()
    });
    let mut findings = HttpFindings::new(name, (&mut *sink, &mut *summary)).with_entries(entries);
    for step in steps {
        replay.step(step, &mut findings);
    }
    replay.finish(&mut findings);
    if let (_, Some(e)) = findings.into_parts() {
        return Err(Failure::Output(e));
    }
    sink.file_done(name, summary).map_err(Failure::Output)
}
