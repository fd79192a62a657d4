//! A finding that repeats at several revisions, shown once with them: the
//! findings [`super::Outputs`] holds for a probe (each revision's
//! conversation asks the server the same things, so the same defect is
//! found once per revision), grouped as [`crate::probe::Report::distinct`]
//! groups a probe's report — the same severity, rule, direction, method
//! and message — and kept at the first place found.

use std::collections::HashMap;

use super::sink::Finding;

/// Messages' findings held until the end of the run.
#[derive(Default)]
pub(super) struct Held {
    messages: Vec<(Vec<Finding>, Option<Vec<u8>>)>,
}

/// What makes two findings the same one.
type Key<'a> = (
    super::sink::Severity,
    &'a str,
    Option<crate::Direction>,
    Option<&'a str>,
    &'a str,
);

fn key(f: &Finding) -> Key<'_> {
    (
        f.severity,
        &f.keyword,
        f.direction,
        f.method.as_deref(),
        &f.message,
    )
}

impl Held {
    /// One message's findings and its text.
    pub fn push(&mut self, findings: Vec<Finding>, text: Option<&[u8]>) {
        self.messages.push((findings, text.map(<[u8]>::to_vec)));
    }

    /// The messages in order, each finding that repeats one found earlier
    /// at another revision left out and that revision added to the
    /// earlier one's [`Finding::revisions`]; a message left without
    /// findings is left out.
    pub fn collapsed(self) -> Vec<(Vec<Finding>, Option<Vec<u8>>)> {
        // Where each distinct finding is kept: (message, finding) indices.
        let mut first: HashMap<String, (usize, usize)> = HashMap::new();
        let mut out: Vec<(Vec<Finding>, Option<Vec<u8>>)> = Vec::new();
        for (findings, text) in self.messages {
            let mut kept = Vec::new();
            for f in findings {
                let k = format!("{:?}", key(&f));
                let earlier = first.get(&k).copied();
                let repeat = earlier.and_then(|(m, i)| {
                    let g = if m == out.len() {
                        kept.get_mut(i)
                    } else {
                        out.get_mut(m).and_then(|(fs, _)| fs.get_mut(i))
                    }?;
                    let (Some(at), Some(here)) = (g.revision, f.revision) else {
                        return None;
                    };
                    if g.revisions.is_empty() {
                        g.revisions.push(at);
                    }
                    (!g.revisions.contains(&here)).then(|| g.revisions.push(here))
                });
                if repeat.is_none() {
                    if earlier.is_none() {
                        first.insert(k, (out.len(), kept.len()));
                    }
                    kept.push(f);
                }
            }
            out.push((kept, text));
        }
        for (findings, _) in &mut out {
            for f in findings.iter_mut().filter(|f| f.revisions.len() == 1) {
                f.revisions.clear();
            }
        }
        out.retain(|(findings, _)| !findings.is_empty());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{render::Severity, Direction, Origin, Version};

    fn finding(revision: Version, keyword: &str) -> Finding {
        Finding {
            file: format!("{revision} <server>"),
            line: 3,
            span: None,
            severity: Severity::Violation,
            fails: true,
            direction: Some(Direction::ServerToClient),
            direction_inferred: false,
            origin: Origin::Implementation,
            revision: Some(revision),
            revisions: Vec::new(),
            kind: None,
            method: Some("tools/list".into()),
            id: None,
            batch_index: None,
            definition: None,
            pointer: String::new(),
            schema_pointer: None,
            keyword: keyword.into(),
            message: "wrong".into(),
            definition_path: String::new(),
            excerpt: None,
            http: None,
        }
    }

    #[test]
    fn a_repeat_at_another_revision_is_one_finding_with_both() {
        let (a, b) = (Version::V2025_06_18, Version::V2025_11_25);
        let mut held = Held::default();
        held.push(vec![finding(a, "type"), finding(a, "required")], None);
        held.push(vec![finding(a, "type")], Some(b"{}"));
        held.push(vec![finding(b, "type")], None);
        held.push(vec![finding(b, "required"), finding(b, "enum")], None);
        let out = held.collapsed();
        let shown: Vec<(&str, Vec<Version>)> = out
            .iter()
            .flat_map(|(fs, _)| fs.iter())
            .map(|f| (f.keyword.as_str(), f.revisions.clone()))
            .collect();
        assert_eq!(
            shown,
            [
                ("type", vec![a, b]),
                ("required", vec![a, b]),
                // The same finding twice at one revision: both shown.
                ("type", vec![]),
                ("enum", vec![]),
            ]
        );
        // A message whose findings all repeat is gone; texts stay with theirs.
        assert_eq!(out.len(), 3);
        assert_eq!(out[1].1.as_deref(), Some(&b"{}"[..]));
    }
}
