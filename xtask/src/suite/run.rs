//! Runs the runner binary and collects one verdict per test and path. A
//! runner that crashes (a stack overflow, an abort) or goes silent (a
//! loop) is stopped by its pid; the tests of the case it was on fail with
//! that reason on mcpwire's paths, the case runs again on `jsonschema`
//! alone, and the runner restarts at the next case.

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Command, Stdio},
    sync::mpsc,
    time::Duration,
};

use serde_json::Value;

/// How long the runner may go without printing before it counts as hung.
/// (A test takes milliseconds.)
const SILENCE: Duration = Duration::from_secs(20);

/// A test's outcome on the three paths: `None` = pass, `Some(reason)` = failure.
pub type Verdicts = [Option<String>; 3];

/// The paths, in [`Verdicts`] order.
pub const PATHS: [&str; 3] = ["value", "bytes", "jsonschema"];

/// Runs every case; `tests[c]` is the number of tests of case `c`.
pub fn all(
    runner: &Path,
    cases_json: &Path,
    tests: &[usize],
) -> Result<Vec<Vec<Verdicts>>, String> {
    let mut results: Vec<Vec<Option<Verdicts>>> = tests.iter().map(|&n| vec![None; n]).collect();
    let mut first = 0;
    while first < tests.len() {
        let stop = from(runner, cases_json, first, false, &mut results)?;
        match stop {
            Stop::Done => break,
            Stop::Died { case, why } => {
                let case = case.unwrap_or(first);
                let mut reference: Vec<Vec<Option<Verdicts>>> =
                    tests.iter().map(|&n| vec![None; n]).collect();
                let again = from(runner, cases_json, case, true, &mut reference)?;
                for (t, slot) in results[case].iter_mut().enumerate() {
                    if slot.is_some() {
                        continue;
                    }
                    let jsonschema = match (&again, &reference[case][t]) {
                        (Stop::Done, Some(v)) => v[2].clone(),
                        _ => Some(why.clone()),
                    };
                    *slot = Some([Some(why.clone()), Some(why.clone()), jsonschema]);
                }
                first = case + 1;
            }
        }
    }
    Ok(results
        .into_iter()
        .map(|case| {
            case.into_iter()
                .map(|t| {
                    t.unwrap_or_else(|| {
                        let why = Some("no result".to_string());
                        [why.clone(), why.clone(), why]
                    })
                })
                .collect()
        })
        .collect())
}

enum Stop {
    Done,
    Died { case: Option<usize>, why: String },
}

fn reason(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

/// One runner process from case `first` on (only that case, on
/// `jsonschema` alone, with `reference_only`).
fn from(
    runner: &Path,
    cases_json: &Path,
    first: usize,
    reference_only: bool,
    results: &mut [Vec<Option<Verdicts>>],
) -> Result<Stop, String> {
    let mut command = Command::new(runner);
    command.arg(cases_json).arg(first.to_string());
    if reference_only {
        command.arg("--reference-only");
    }
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", runner.display()))?;
    let stdout = child.stdout.take().ok_or("runner stdout")?;
    let (send, lines) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut current = None;
    let stop = loop {
        match lines.recv_timeout(SILENCE) {
            Ok(line) => {
                let Ok(msg) = serde_json::from_str::<Value>(&line) else {
                    continue;
                };
                if msg["done"] == true {
                    break Stop::Done;
                }
                let Some(case) = msg["case"].as_u64().map(|c| c as usize) else {
                    continue;
                };
                current = Some(case);
                if let Some(test) = msg["test"].as_u64() {
                    if let Some(slot) = results.get_mut(case).and_then(|c| c.get_mut(test as usize))
                    {
                        *slot = Some([
                            reason(&msg["value"]),
                            reason(&msg["bytes"]),
                            reason(&msg["jsonschema"]),
                        ]);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // The child is ours: stop it by its pid.
                let _ = child.kill();
                break Stop::Died {
                    case: current,
                    why: format!("runner hung (no output for {} s)", SILENCE.as_secs()),
                };
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let status = child.wait().map_err(|e| e.to_string())?;
                break Stop::Died {
                    case: current,
                    why: format!("runner died ({status})"),
                };
            }
        }
    };
    let _ = child.wait();
    let _ = reader.join();
    Ok(stop)
}
