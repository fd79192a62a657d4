//! After the criterion groups: read each benchmark's mean from criterion's
//! `<output>/<group>/<function>/new/estimates.json` and print per-message
//! times, throughputs and the ratios the project tracks, as Markdown (also
//! written to `<output>/mcpwire-ratios.md`).
//!
//! Only estimates written by this run count (file modified after the run
//! started), so a filtered run never mixes in stale numbers: missing ones
//! print as `–`.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
    time::SystemTime,
};

/// Criterion's output directory, resolved as criterion 0.7 does by default
/// (`$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else
/// `target/criterion` of this crate) and handed to criterion explicitly so
/// both sides agree.
pub fn output_directory() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir).join("criterion"),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion"),
    }
}

/// Function ids of a validate group, in table order.
pub const VALIDATE_FNS: [&str; 7] = [
    "parse",
    "mcpwire_is_valid",
    "mcpwire_check",
    "jsonschema_is_valid",
    "jsonschema_iter_errors",
    "macros_is_valid",
    "macros_iter_errors",
];

/// What was measured in one group.
#[derive(Clone, Debug)]
pub struct Group {
    /// Criterion group name (`2025-11-25_call_tool_result`).
    pub name: String,
    /// Revision.
    pub revision: &'static str,
    /// Class (`call_tool_result`, `corpus`, `session`).
    pub class: &'static str,
    /// Messages per iteration.
    pub messages: usize,
    /// Bytes per iteration.
    pub bytes: usize,
}

/// Reads the fresh means of one run.
pub struct Estimates {
    dir: PathBuf,
    since: SystemTime,
}

impl Estimates {
    /// Estimates under `dir` written after `since`.
    pub fn new(dir: PathBuf, since: SystemTime) -> Estimates {
        Estimates { dir, since }
    }

    /// Mean time per iteration, in nanoseconds.
    pub fn mean_ns(&self, group: &str, function: &str) -> Option<f64> {
        let path = self
            .dir
            .join(group)
            .join(function)
            .join("new/estimates.json");
        let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
        if modified < self.since {
            return None;
        }
        let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
        json.pointer("/mean/point_estimate")?.as_f64()
    }
}

/// The 1-minute load average (Linux), to note how busy the machine was.
pub fn load_average() -> Option<String> {
    let s = std::fs::read_to_string("/proc/loadavg").ok()?;
    s.split_whitespace().next().map(str::to_string)
}

/// A one-line note on the machine: cores and load during the run.
pub fn machine_note(load_at_start: Option<String>) -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let load = |x: Option<String>| x.unwrap_or_else(|| "?".into());
    format!(
        "Machine: {cores} cores; 1-minute load average {} at start, {} at end.",
        load(load_at_start),
        load(load_average())
    )
}

fn cell(x: Option<f64>, f: impl Fn(f64) -> String) -> String {
    x.map_or_else(|| "–".to_string(), f)
}

fn ratio(num: Option<f64>, den: Option<f64>) -> Option<f64> {
    Some(num? / den?)
}

fn ns(x: f64) -> String {
    if x >= 100_000.0 {
        format!("{:.0} µs", x / 1000.0)
    } else if x >= 10_000.0 {
        format!("{:.1} µs", x / 1000.0)
    } else {
        format!("{x:.0} ns")
    }
}

fn times(x: f64) -> String {
    format!("{x:.1}×")
}

fn mib_s(bytes: usize, ns: f64) -> f64 {
    bytes as f64 / (ns * 1e-9) / (1024.0 * 1024.0)
}

/// The tables for `validate` and `session` groups, as Markdown; `None`
/// when this run wrote no estimates (`--test`, `--list`, or a filter that
/// matched nothing).
pub fn render(est: &Estimates, validate: &[Group], session: &[Group]) -> Option<String> {
    let fresh = validate
        .iter()
        .flat_map(|g| VALIDATE_FNS.iter().map(move |f| (g, *f)))
        .chain(session.iter().map(|g| (g, "session")))
        .any(|(g, f)| est.mean_ns(&g.name, f).is_some());
    if !fresh {
        return None;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "### Time per message (mean; message bytes parsed once, validators run on the parsed value)\n"
    );
    let _ = writeln!(
        out,
        "| revision | class | msgs | KiB | parse | mcpwire is_valid | mcpwire check | jsonschema is_valid | jsonschema iter_errors | macros is_valid | macros iter_errors |"
    );
    let _ = writeln!(out, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    for g in validate {
        let mut row = format!(
            "| {} | {} | {} | {:.1} |",
            g.revision,
            g.class,
            g.messages,
            g.bytes as f64 / 1024.0
        );
        for f in VALIDATE_FNS {
            let per = est.mean_ns(&g.name, f).map(|t| t / g.messages as f64);
            let _ = write!(row, " {} |", cell(per, ns));
        }
        let _ = writeln!(out, "{row}");
    }

    let _ = writeln!(
        out,
        "\n### Ratios (time of the other / time of mcpwire: > 1 means mcpwire is faster)\n"
    );
    let _ = writeln!(
        out,
        "| revision | class | jsonschema / mcpwire is_valid | jsonschema / mcpwire check | macros / mcpwire is_valid | macros / mcpwire check | mcpwire is_valid / parse |"
    );
    let _ = writeln!(out, "|---|---|--:|--:|--:|--:|--:|");
    let mut worst = [f64::INFINITY; 4];
    for g in validate {
        let t = |f| est.mean_ns(&g.name, f);
        let r = [
            ratio(t("jsonschema_is_valid"), t("mcpwire_is_valid")),
            ratio(t("jsonschema_iter_errors"), t("mcpwire_check")),
            ratio(t("macros_is_valid"), t("mcpwire_is_valid")),
            ratio(t("macros_iter_errors"), t("mcpwire_check")),
        ];
        for (w, x) in worst.iter_mut().zip(r) {
            if let Some(x) = x {
                *w = w.min(x);
            }
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            g.revision,
            g.class,
            cell(r[0], times),
            cell(r[1], times),
            cell(r[2], times),
            cell(r[3], times),
            cell(ratio(t("mcpwire_is_valid"), t("parse")), |x| format!(
                "{x:.2}"
            )),
        );
    }
    if worst.iter().all(|w| w.is_finite()) {
        let verdict = |x: f64, goal: f64| if x >= goal { "met" } else { "NOT met" };
        let _ = writeln!(
            out,
            "\nTargets (worst class): jsonschema ≥ 3× mcpwire: is_valid {:.1}× ({}), check {:.1}× ({}); \
             macros ≥ 1× mcpwire: is_valid {:.1}× ({}), check {:.1}× ({}).",
            worst[0],
            verdict(worst[0], 3.0),
            worst[1],
            verdict(worst[1], 3.0),
            worst[2],
            verdict(worst[2], 1.0),
            worst[3],
            verdict(worst[3], 1.0),
        );
    }

    if !session.is_empty() {
        let _ = writeln!(
            out,
            "\n### Session throughput (`Session::judge` over a whole transcript)\n"
        );
        let _ = writeln!(
            out,
            "| revision | msgs | MiB | parse MiB/s | input::parse MiB/s | session MiB/s | session msgs/s | session / parse |"
        );
        let _ = writeln!(out, "|---|--:|--:|--:|--:|--:|--:|--:|");
        for g in session {
            let t = |f| est.mean_ns(&g.name, f);
            let _ = writeln!(
                out,
                "| {} | {} | {:.2} | {} | {} | {} | {} | {} |",
                g.revision,
                g.messages,
                g.bytes as f64 / (1024.0 * 1024.0),
                cell(t("parse"), |x| format!("{:.0}", mib_s(g.bytes, x))),
                cell(t("input_parse"), |x| format!("{:.0}", mib_s(g.bytes, x))),
                cell(t("session"), |x| format!("{:.0}", mib_s(g.bytes, x))),
                cell(t("session"), |x| format!(
                    "{:.0}",
                    g.messages as f64 / (x * 1e-9)
                )),
                cell(ratio(t("session"), t("parse")), |x| format!("{x:.2}×")),
            );
        }
    }
    Some(out)
}
