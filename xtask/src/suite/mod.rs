//! `cargo xtask json-schema-suite [--suite DIR]`: the official JSON Schema
//! Test Suite (draft-07 and 2020-12) as a test of mcpwire's generator.
//! Every case is generated through `mcpwire_codegen::standalone`, compiled
//! in a scratch workspace under `target/json-schema-suite/`, and every test
//! run on the `Value` path, the bytes path and the `jsonschema` crate
//! (docs/json-schema-suite.md). Then the run-time schema engine's lines
//! ([`engine`]: draft-07 and 2020-12 through `mcpwire::contracts`).

mod compile;
mod engine;
mod expected;
mod generate;
mod load;
mod report;
mod run;
mod scratch;
#[cfg(test)]
#[path = "../../runner/verdict.rs"]
mod verdict;
#[cfg(test)]
mod verdict_tests;

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    process::ExitCode,
    time::Instant,
};

/// The pinned expected failures, relative to the repository root.
const EXPECTED: &str = "xtask/json-schema-suite-expected.toml";

/// The suite mirror's default place, relative to the repository root.
const DEFAULT_SUITE: &str = "../shared/json-schema-test-suite";

/// Usage of the subcommand.
pub const USAGE: &str = "cargo xtask json-schema-suite [--suite DIR] [--no-engine]";

fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

/// Parses the arguments after `json-schema-suite` and runs the suite.
pub fn main(args: &[String]) -> ExitCode {
    let root = repo_root();
    let mut suite = root.join(DEFAULT_SUITE);
    let mut engine = true;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "--no-engine" {
            engine = false;
            continue;
        }
        match (arg.as_str(), iter.next()) {
            ("--suite", Some(dir)) => suite = PathBuf::from(dir),
            _ => {
                eprintln!("usage: {USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match run(&root, &suite, engine) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs the suite (then, with `engine`, the run-time engine's test);
/// `Ok(false)` when a failure is not pinned or the engine's test failed.
fn run(root: &Path, suite: &Path, engine: bool) -> Result<bool, String> {
    let pinned_path = root.join(EXPECTED);
    let pinned = expected::parse(
        &std::fs::read_to_string(&pinned_path)
            .map_err(|e| format!("{}: {e}", pinned_path.display()))?,
    )
    .map_err(|e| format!("{}: {e}", pinned_path.display()))?;

    let mut cases = Vec::new();
    for dialect in load::DIALECTS {
        cases.extend(load::cases(suite, dialect)?);
    }
    let jsonschema_req = load::jsonschema_requirement(root)?;
    let mut resources = load::remotes(suite)?;
    resources.extend(load::metaschemas(root, &jsonschema_req)?);

    let (modules, mut refused) = generate_modules(&cases, &resources);

    let scratch = scratch::Scratch {
        dir: root.join("target/json-schema-suite"),
        root: root.to_path_buf(),
        jsonschema_req,
    };
    let groups = cases.len().div_ceil(scratch::GROUP_CASES);
    let built = scratch.build(modules, groups)?;
    eprintln!(
        "json-schema-suite: {groups} group crates built in {:.1} s ({} cases did not compile)",
        built.time.as_secs_f64(),
        built.dropped.len()
    );
    refused.extend(built.dropped);

    let start = Instant::now();
    let cases_json = scratch.write_cases(&cases, &resources)?;
    let tests: Vec<usize> = cases.iter().map(|c| c.tests.len()).collect();
    let run = run::all(&built.runner, &cases_json, &tests)?;
    eprintln!(
        "json-schema-suite: {} tests run in {:.1} s; the bytes reader decided {} of them \
         (the rest fell back to the Value path)",
        tests.iter().sum::<usize>(),
        start.elapsed().as_secs_f64(),
        run.decided
    );
    let results = run.verdicts;

    let report = report::build(&cases, &results, &refused, &pinned);
    let compiled = print_report(&report);
    Ok((!engine || engine::run(root)?) && compiled)
}

/// Every case generated (code generation's panics caught, their hook
/// silenced): the modules by case id, and why each refused case was.
fn generate_modules(
    cases: &[load::Case],
    resources: &BTreeMap<String, serde_json::Value>,
) -> (BTreeMap<usize, String>, BTreeMap<usize, String>) {
    let start = Instant::now();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let outcomes = generate::all(cases, resources);
    std::panic::set_hook(hook);
    let mut modules = BTreeMap::new();
    let mut refused = BTreeMap::new();
    for (id, outcome) in outcomes.into_iter().enumerate() {
        match outcome {
            generate::Outcome::Module(source) => {
                modules.insert(id, source);
            }
            generate::Outcome::Refused(why) => {
                refused.insert(id, why);
            }
        }
    }
    eprintln!(
        "json-schema-suite: {} cases, {} generated in {:.1} s",
        cases.len(),
        modules.len(),
        start.elapsed().as_secs_f64()
    );
    (modules, refused)
}

/// Prints the report and what to do about stale pins; `false` when a
/// failure is not pinned.
fn print_report(report: &report::Report) -> bool {
    print!("{}", report.text);
    if report.stale > 0 {
        eprintln!(
            "json-schema-suite: {} pinned failures now pass: remove them from {EXPECTED}",
            report.stale
        );
    }
    if report.unexpected > 0 {
        println!(
            "{} failures of mcpwire's paths are not in {EXPECTED}",
            report.unexpected
        );
        return false;
    }
    true
}
