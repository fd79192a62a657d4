//! The table of `docs/survey.md` ([`render`]): one row per server, one
//! column per revision offered, then the findings counted by rule; and
//! writing it between the document's markers ([`write_doc`]).

use std::{collections::BTreeMap, fmt::Write as _, path::Path};

use serde_json::Value;

use super::probe_run::Outcome;

const BEGIN: &str = "<!-- survey:begin -->";
const END: &str = "<!-- survey:end -->";

/// The markdown between the markers: the matrix, then the counts by rule.
pub(super) fn render(outcomes: &[Outcome]) -> String {
    let revisions = revisions(outcomes);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Each cell: the negotiated revision (`—`: not spoken), then the requests \
         answered ok / with an error / timed out, then the findings by rule. The request \
         the probe cancels at once counts as ok or as timed out, run to run: whether the \
         server stops it before answering is a race the spec allows."
    );
    let _ = writeln!(s);
    write_header(&mut s, &revisions);
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    for o in outcomes {
        let _ = write!(
            s,
            "| `{}@{}` | {} | {} | {:.0} s |",
            o.package,
            o.version,
            o.tools,
            o.exit.map_or("signal".into(), |c| c.to_string()),
            o.seconds
        );
        for r in &revisions {
            match o.tables.iter().find(|t| t["offered"] == r.as_str()) {
                Some(t) => {
                    let _ = write!(s, " {} |", cell(t, &mut totals));
                }
                None => {
                    let _ = write!(s, " not probed |");
                }
            }
        }
        let _ = writeln!(s);
    }
    write_totals(&mut s, &totals);
    s
}

/// The revisions offered, in the order they first appear.
fn revisions(outcomes: &[Outcome]) -> Vec<String> {
    outcomes
        .iter()
        .flat_map(|o| o.tables.iter())
        .filter_map(|t| t["offered"].as_str().map(str::to_string))
        .fold(Vec::new(), |mut v, r| {
            if !v.contains(&r) {
                v.push(r);
            }
            v
        })
}

/// The matrix's header row and its separator.
fn write_header(s: &mut String, revisions: &[String]) {
    let _ = write!(s, "| server | tools | exit | wall |");
    for r in revisions {
        let _ = write!(s, " {r} |");
    }
    let _ = writeln!(s);
    let _ = write!(s, "|---|---|---|---|");
    for _ in revisions {
        let _ = write!(s, "---|");
    }
    let _ = writeln!(s);
}

/// One revision's cell from its probe table `t`: the negotiated revision,
/// the requests ok / error / timed out, the findings by rule (each also
/// added to `totals`).
fn cell(t: &Value, totals: &mut BTreeMap<String, u64>) -> String {
    let negotiated = t["negotiated"].as_str().unwrap_or("—");
    let (mut ok, mut err, mut to) = (0, 0, 0);
    if let Some(methods) = t["methods"].as_object() {
        for m in methods.values() {
            ok += m["ok"].as_u64().unwrap_or(0);
            err += m["error"].as_u64().unwrap_or(0);
            to += m["timed_out"].as_u64().unwrap_or(0);
        }
    }
    let mut findings = Vec::new();
    if let Some(f) = t["findings"].as_object() {
        for (rule, n) in f {
            let n = n.as_u64().unwrap_or(0);
            *totals.entry(rule.clone()).or_default() += n;
            findings.push(format!("{rule} {n}"));
        }
    }
    let findings = if findings.is_empty() {
        "none".to_string()
    } else {
        findings.join(", ")
    };
    format!("{negotiated} · {ok}/{err}/{to} · {findings}")
}

/// The findings counted by rule, all servers and revisions.
fn write_totals(s: &mut String, totals: &BTreeMap<String, u64>) {
    let _ = writeln!(s);
    let _ = writeln!(s, "Findings by rule, all servers and revisions:");
    let _ = writeln!(s);
    let _ = writeln!(s, "| rule | findings |");
    let _ = writeln!(s, "|---|---|");
    for (rule, n) in totals {
        let _ = writeln!(s, "| `{rule}` | {n} |");
    }
    if totals.is_empty() {
        let _ = writeln!(s, "| (none) | 0 |");
    }
}

/// Replaces what is between the markers of `docs/survey.md` under `root`
/// with `table`.
pub(super) fn write_doc(root: &Path, table: &str) -> Result<(), String> {
    let path = root.join("docs/survey.md");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (Some(b), Some(e)) = (text.find(BEGIN), text.find(END)) else {
        return Err("docs/survey.md has no survey:begin/survey:end markers".into());
    };
    let begin = b + BEGIN.len();
    let new = format!("{}\n{table}{}", &text[..begin], &text[e..]);
    std::fs::write(&path, new).map_err(|e| e.to_string())?;
    eprintln!("survey: wrote {}", path.display());
    Ok(())
}
