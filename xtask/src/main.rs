//! Repository tasks. `cargo xtask sync-schemas --from DIR` re-pins the MCP
//! schema files (`schemas/pin.toml`) from `DIR/<revision>/schema.json` and
//! prints, per revision, what changed: definitions added, removed and
//! changed, and the dispatch-map diff. A revision directory the pin does not
//! list yet is added: pinned, given its cargo features and its dispatch
//! snapshot (everything else derives from the pin; `wire.rs`), and every
//! erratum whose bug its file still carries (`errata.rs`).
//! `cargo xtask remove-revision NAME` takes one out again.
//! `cargo xtask json-schema-suite` runs the JSON Schema Test Suite on
//! mcpwire's generated validators (`suite/`). `cargo xtask survey` runs
//! `mcpwire probe` on public MCP servers pinned in `xtask/survey/`
//! (`src/survey/`, docs/survey.md). None of them copies a
//! spec file into the repository (spec files are never committed).
#![deny(missing_docs)]

mod errata;
mod suite;
mod survey;
mod sync;
mod wire;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask sync-schemas --from DIR [--dry-run]\n\
       cargo xtask remove-revision NAME\n\
       cargo xtask json-schema-suite [--suite DIR]\n\
       cargo xtask survey [--mcpwire PATH] [--only NAME[,NAME]] [--timeout DURATION] [--no-doc]\n\
\n\
Re-pins schemas/pin.toml from DIR/<revision>/schema.json (commit from DIR/SOURCE\n\
when present) and prints per revision the definitions added/removed/changed and\n\
the dispatch-map diff against the currently pinned files in $MCPWIRE_SPEC_DIR.\n\
A DIR/<name>/schema.json the pin does not list is added as a new revision\n\
(pin, cargo features, dispatch snapshot, errata whose bug it carries);\n\
remove-revision takes one out. json-schema-suite runs the JSON Schema Test\n\
Suite on mcpwire's generated validators and the jsonschema crate\n\
(docs/json-schema-suite.md). survey probes public MCP server packages pinned in\n\
xtask/survey/, each without network, and writes docs/survey.md's table.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut from = None;
    let mut dry_run = false;
    let mut iter = args.iter();
    match iter.next().map(String::as_str) {
        Some("sync-schemas") => {}
        Some("json-schema-suite") => return suite::main(&args[1..]),
        Some("survey") => return survey::main(&args[1..]),
        Some("remove-revision") => {
            let (Some(name), None) = (iter.next(), iter.next()) else {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            };
            return match sync::remove(name) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--from" => from = iter.next().cloned(),
            "--dry-run" => dry_run = true,
            _ => {
                eprintln!("unknown argument {arg}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(from) = from else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match sync::run(std::path::Path::new(&from), dry_run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
