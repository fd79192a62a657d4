//! The HTTP checks run after a revision's conversation, on a server that
//! spoke the revision: the session and protocol-version checks and the
//! Origin (DNS rebinding) check, each a table line and, when its sentence
//! is broken, a finding.

use std::time::Duration;

use crate::Version;

use super::{
    exercise, http,
    link::Link,
    messages,
    protocol::{stateless, ProbeFinding},
    rules,
    table::{self, RevisionReport},
};

/// A server on loopback must refuse a request with a foreign `Origin`
/// (DNS rebinding): the revision's opening request is sent with one.
pub(super) fn origin_check(
    h: &mut http::HttpLink,
    revision: Version,
    timeout: Duration,
    table: &mut RevisionReport,
    findings: &mut Vec<ProbeFinding>,
) {
    use table::NotCalled;
    if !h.loopback {
        table.not_called.push(NotCalled {
            what: format!("the Origin check (Origin: {})", http::FOREIGN_ORIGIN),
            why: "the URL's host is not a loopback address".into(),
            names: Vec::new(),
        });
        return;
    }
    let legacy = h.transport() == http::Transport::Legacy;
    let id = h.last_id() + 1;
    let (method, message) = if stateless(revision) {
        (
            "server/discover",
            messages::request_message(
                id,
                "server/discover",
                None,
                Some(&exercise::request_meta(revision)),
            ),
        )
    } else {
        (
            "initialize",
            messages::request_message(
                id,
                "initialize",
                Some(exercise::initialize_params(revision)),
                None,
            ),
        )
    };
    let what = if legacy {
        "a GET of the SSE endpoint".to_string()
    } else {
        format!("a POST of '{method}'")
    };
    let status = match h.origin_check(&message, timeout) {
        http::OriginCheck::Accepted(status) => status,
        http::OriginCheck::Refused(status) => {
            table.origin_check = Some(format!("{what} refused (HTTP {status})"));
            return;
        }
        http::OriginCheck::NoAnswer(why) => {
            table.origin_check = Some(format!("{what}: no answer ({why})"));
            return;
        }
    };
    table.origin_check = Some(format!("{what} served (HTTP {status})"));
    {
        *table
            .findings
            .entry(rules::ORIGIN.id.to_string())
            .or_default() += 1;
        findings.push(ProbeFinding {
            id: None,
            rule: rules::ORIGIN,
            method: Some(if legacy { "GET" } else { method }.to_string()),
            message: format!(
                "{what} with `Origin: {}` was served (HTTP {status}): a server on loopback that \
                 accepts a foreign origin answers web pages through DNS rebinding",
                http::FOREIGN_ORIGIN
            ),
            // The sentences are MUSTs, and a foreign page served by a
            // loopback server is the DNS-rebinding case they exist for.
            warning: false,
        });
    }
}

/// The session and protocol-version checks (Streamable HTTP, a server
/// that issued a session id), each a table line and, when its sentence is
/// broken, a finding.
pub(super) fn security_checks(
    h: &mut http::HttpLink,
    revision: Version,
    timeout: Duration,
    table: &mut RevisionReport,
    findings: &mut Vec<ProbeFinding>,
) {
    use http::Check;
    let id = h.last_id() + 100;
    let ping = messages::request_message(id, "ping", None, None);
    let initialize = messages::request_message(
        id + 1,
        "initialize",
        Some(exercise::initialize_params(revision)),
        None,
    );
    for o in h.security_checks(&ping, &initialize, timeout) {
        let name = o.check.name();
        if let Some(why) = o.skipped {
            table.not_called.push(table::NotCalled {
                what: format!("the {name} check"),
                why,
                names: Vec::new(),
            });
            continue;
        }
        table.http_checks.insert(name.to_string(), o.what.clone());
        if !o.failed {
            continue;
        }
        let (rule, warning) = match o.check {
            Check::SessionMissing => (rules::SESSION_MISSING, true),
            Check::SessionMadeUp => (rules::SESSION_MADE_UP, true),
            Check::SessionDeleted => (rules::SESSION_DELETED, false),
            Check::VersionMissing => (rules::VERSION_MISSING, true),
            Check::VersionUnsupported => (rules::VERSION_UNSUPPORTED, false),
        };
        *table.findings.entry(rule.id.to_string()).or_default() += 1;
        findings.push(ProbeFinding {
            id: None,
            rule,
            method: Some("ping".to_string()),
            message: o.what,
            warning,
        });
    }
}
