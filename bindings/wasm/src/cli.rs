//! `npx mcpwire check` and `npx mcpwire validate`: the native command
//! line's own argument parser and judging (`src/bin/mcpwire/`, compiled
//! into this module by the crate root) and the library's output formats
//! (`mcpwire::render`),
//! driven from `npm/bin/mcpwire.js`, which owns what a WebAssembly module
//! cannot do: reading files and directories, writing standard output,
//! standard error and `--output` files, the exit status.
//!
//! [`RawCli::new`] parses the command line; [`RawCli::plan`] says what the
//! script must do (print a stop text, read files, or send the user to the
//! native CLI); the script hands each input's bytes to [`RawCli::check`]
//! or [`RawCli::validate`] (or an unreadable one to
//! [`RawCli::input_error`]), drains what was written with
//! [`RawCli::take`], and ends with [`RawCli::finish`], which gives the
//! exit status. Text, output formats, counts and the verdict are the
//! native CLI's, by construction: the same code writes them.

use std::io;

use mcpwire::{
    capture::Capture,
    input::{self, Limits},
    render::Buffer,
    transcript::Problem,
    Mode, Options, Session, Version,
};
use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::{
    args::{App, Stop},
    commands::{CheckArgs, Cmd, OutputArgs, SpecChoice, ValidateArgs, APP},
    help,
    judge::Judge,
    output::{self, Format, Outputs, Sink, Summary, Verdict},
    style::{ColorChoice, Style},
};

/// Why `--format conformance` is refused.
const NO_CONFORMANCE: &str = "the conformance format is written by the native CLI only \
     (docs/installing.md: cargo install --path . --locked in a checkout)";

/// The command line `npx mcpwire` runs: the native one's `check` and
/// `validate` (the first two of [`APP`]), so that `--help` lists only what
/// this package does; `npm/src/cli.js` answers the native-only subcommands.
const NPX: App<Cmd> = App {
    about: APP.about,
    after_help: "Exit status: 0 passed, 1 failed (violations; warnings with --strict; fewer \
                 messages than --require-messages), 2 usage or input error (an input that \
                 cannot be read fails every output format too). `tap`, `probe`, `proxy`, \
                 `dispatch` and `diff` are in the native command line only \
                 (docs/installing.md). See docs/cli.md.",
    commands: APP.commands.split_at(2).0,
};

/// Where each output goes: `None` standard output, else the file.
type Target = Option<String>;

/// A parsed command line and, for `check` and `validate`, its run.
#[wasm_bindgen(js_name = RawCli)]
pub struct RawCli {
    plan: serde_json::Value,
    run: Option<Run>,
}

/// A `check` or `validate` under way.
struct Run {
    command: Command,
    sink: Outputs,
    summary: Summary,
    stderr: Buffer,
    buffers: Vec<(Target, Buffer)>,
}

enum Command {
    Check {
        mode: Mode,
        options: Options,
    },
    Validate {
        version: Version,
        definition: String,
        limits: Limits,
    },
}

/// The native CLI's report of a stopped parse: (text, to standard
/// error, exit status); styles kept only when `color`.
fn stopped(stop: Stop, color: bool) -> (String, bool, u8) {
    let style = Style { color };
    let (text, stderr, code) = match stop {
        Stop::Help(t) | Stop::Version(t) => (t, false, 0),
        Stop::Bare(t) => (t, true, 2),
        Stop::Usage(e) => {
            // As `UsageError::render` (args.rs) writes it.
            let mut s = format!("{} {}\n\n", style.error("error:"), e.message);
            if let Some(tip) = &e.tip {
                s.push_str(&format!("  {} {tip}\n\n", style.good("tip:")));
            }
            let usage = help::usage(e.command, style);
            s.push_str(&format!("{usage}\n\nFor more information, try '--help'.\n"));
            (s, true, 2)
        }
    };
    let text = if color {
        text
    } else {
        anstream::adapter::strip_str(&text).to_string()
    };
    (text, stderr, code)
}

/// The outputs of `args`, as the native CLI's `OutputArgs::outputs`
/// makes them, writing into buffers.
fn outputs(
    args: &OutputArgs,
    verdict: Verdict,
    color: &Colors,
) -> (Outputs, Buffer, Vec<(Target, Buffer)>) {
    let stderr = Buffer::default();
    let mut buffers = Vec::new();
    let mut sinks = Vec::new();
    let mut open = |target: Target, format: Format, color: bool| {
        let buffer = match buffers.iter().find(|(t, _)| *t == target) {
            Some((_, b)) => Buffer::clone(b),
            None => {
                let b = Buffer::default();
                buffers.push((target, b.clone()));
                b
            }
        };
        output::sink(format, Box::new(buffer), color && format == Format::Text)
    };
    let stdout = args
        .format
        .or(args.output.is_empty().then_some(Format::Text));
    match stdout {
        Some(format) => sinks.push(open(None, format, color.resolve(args.color, true))),
        None => sinks.push(Box::new(mcpwire::render::text::Text::summary_only(
            Box::new(stderr.clone()),
            color.resolve(args.color, false),
        )) as Box<dyn Sink + Send>),
    }
    for o in &args.output {
        let path = o.path.as_ref().map(|p| p.display().to_string());
        let on = args.color == ColorChoice::Always;
        sinks.push(open(path, o.format, on));
    }
    (Outputs::new(sinks, verdict), stderr, buffers)
}

/// What `--color auto` resolves to on each stream (the script asks the
/// terminal and the environment, as anstream does natively).
struct Colors {
    stdout: bool,
    stderr: bool,
}

impl Colors {
    fn resolve(&self, choice: ColorChoice, stdout: bool) -> bool {
        match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto if stdout => self.stdout,
            ColorChoice::Auto => self.stderr,
        }
    }
}

/// Whether `check` or `validate` asks for the conformance format, which
/// stamps the time: a WebAssembly module without WASI cannot read it.
/// The `--max-depth` of `command` when it is beyond what the module's
/// stack holds ([`crate::api::MAX_DEPTH`]; the native CLI takes up to
/// 10,000).
fn too_deep(command: &Cmd) -> Option<u32> {
    let depth = match command {
        Cmd::Check(a) => a.limits.max_depth,
        Cmd::Validate(a) => a.limits.max_depth,
        _ => return None,
    };
    (depth as usize > crate::api::MAX_DEPTH).then_some(depth)
}

fn asks_for_conformance(command: &Cmd) -> bool {
    let conformance = |o: &OutputArgs| {
        o.format == Some(Format::Conformance)
            || o.output.iter().any(|s| s.format == Format::Conformance)
    };
    match command {
        Cmd::Check(a) => conformance(&a.output),
        Cmd::Validate(a) => conformance(&a.output),
        _ => false,
    }
}

fn mode(spec: SpecChoice) -> Mode {
    match spec {
        SpecChoice::Auto => Mode::Auto,
        SpecChoice::Fixed(v) => Mode::Fixed(v),
    }
}

#[wasm_bindgen(js_class = RawCli)]
impl RawCli {
    /// Parses `argv` (a JSON array of strings, without the program name).
    /// `stdout_color` / `stderr_color`: what `--color auto` means on each
    /// stream.
    #[wasm_bindgen(constructor)]
    pub fn new(argv: &str, stdout_color: bool, stderr_color: bool) -> RawCli {
        let argv: Vec<String> = serde_json::from_str(argv).unwrap_or_default();
        let colors = Colors {
            stdout: stdout_color,
            stderr: stderr_color,
        };
        let command = match NPX.parse(argv) {
            Ok(c) => c,
            Err(s) => return RawCli::stopped(s, &colors),
        };
        if asks_for_conformance(&command) {
            return RawCli::failed(NO_CONFORMANCE.into());
        }
        if let Some(depth) = too_deep(&command) {
            return RawCli::failed(format!(
                "--max-depth {depth}: npx mcpwire judges at most {} levels (what the JavaScript \
                 engine's stack holds); the native CLI takes up to 10000 (docs/installing.md)",
                crate::api::MAX_DEPTH
            ));
        }
        match command {
            Cmd::Check(a) => RawCli::check_run(a, &colors),
            Cmd::Validate(a) => RawCli::validate_run(a, &colors),
            other => RawCli {
                plan: json!({ "native": match other {
                    Cmd::Tap(_) => "tap",
                    Cmd::Proxy(_) => "proxy",
                    _ => "dispatch",
                } }),
                run: None,
            },
        }
    }

    /// A parse that stopped (help, version, a usage error), as the native
    /// CLI reports it, in the colours of the stream it goes to.
    fn stopped(stop: Stop, colors: &Colors) -> RawCli {
        let stderr_stop = !matches!(stop, Stop::Help(_) | Stop::Version(_));
        let (text, stderr, code) = stopped(
            stop,
            if stderr_stop {
                colors.stderr
            } else {
                colors.stdout
            },
        );
        RawCli {
            plan: json!({ "stop": { "text": text, "stderr": stderr, "code": code } }),
            run: None,
        }
    }

    /// `check`: its outputs and options, and the plan to read its files.
    fn check_run(a: CheckArgs, colors: &Colors) -> RawCli {
        let verdict = Verdict {
            strict: a.strict,
            require_messages: a.require_messages,
            ..Verdict::default()
        };
        let (sink, stderr, buffers) = outputs(&a.output, verdict, colors);
        let options = Options {
            null_id_as_warning: a.null_id_as_warning,
            limits: a.limits.limits(),
            ..Options::default()
        };
        RawCli {
            plan: json!({ "run": "check", "files": a.files }),
            run: Some(Run::new(
                Command::Check {
                    mode: mode(a.spec),
                    options,
                },
                sink,
                stderr,
                buffers,
            )),
        }
    }

    /// `validate`: its revision and definition checked, its outputs, and
    /// the plan to read its file.
    fn validate_run(a: ValidateArgs, colors: &Colors) -> RawCli {
        let Some(spec) = a.spec.spec() else {
            return RawCli::failed(format!("revision {} is not compiled in", a.spec));
        };
        if spec.definition(&a.def).is_none() {
            return RawCli::failed(unknown_definition(spec, &a.def));
        }
        let (sink, stderr, buffers) = outputs(&a.output, Verdict::default(), colors);
        let limits = a.limits.limits();
        RawCli {
            plan: json!({ "run": "validate", "file": a.file, "max_bytes": limits.max_bytes }),
            run: Some(Run::new(
                Command::Validate {
                    version: a.spec,
                    definition: a.def,
                    limits,
                },
                sink,
                stderr,
                buffers,
            )),
        }
    }

    /// A failure before any input is read, as the native CLI reports it
    /// (`mcpwire: error: …` on standard error, status 2).
    fn failed(message: String) -> RawCli {
        RawCli {
            plan: json!({ "stop": { "text": format!("mcpwire: error: {message}\n"), "stderr": true, "code": 2 } }),
            run: None,
        }
    }

    /// What the script does next, as JSON: `{"stop": {text, stderr, code}}`
    /// (print and exit), `{"run": "check", "files": [...]}`, `{"run":
    /// "validate", "file", "max_bytes"}`, or `{"native": "tap"}`.
    pub fn plan(&self) -> String {
        self.plan.to_string()
    }

    /// Checks one transcript, `label` its name in findings.
    pub fn check(&mut self, label: &str, bytes: Vec<u8>) -> Result<(), JsError> {
        let run = self.run_mut()?;
        run.check(label, bytes)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Validates one document (`too_large`: it was longer than
    /// `max_bytes`, of which `bytes` holds the first `max_bytes + 1`).
    pub fn validate(&mut self, label: &str, bytes: Vec<u8>) -> Result<(), JsError> {
        let run = self.run_mut()?;
        run.validate(label, bytes)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// An input that cannot be read: in every output, and the run exits 2
    /// (the script writes `mcpwire: error: <message>` to standard error,
    /// as the native CLI does).
    #[wasm_bindgen(js_name = inputError)]
    pub fn input_error(&mut self, file: &str, message: &str) -> Result<(), JsError> {
        let run = self.run_mut()?;
        run.sink
            .input_error(file, message)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Ends the run: every output's summary or document; the exit status.
    pub fn finish(&mut self) -> Result<u8, JsError> {
        let run = self.run_mut()?;
        if matches!(run.command, Command::Validate { .. }) {
            run.sink
                .message_done()
                .map_err(|e| JsError::new(&e.to_string()))?;
        }
        run.sink
            .finish(&run.summary)
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(run.sink.verdict.exit_code(&run.summary))
    }

    /// What was written since the last call, as JSON: `{"stdout",
    /// "stderr", "files": [[path, text], ...]}`.
    pub fn take(&mut self) -> String {
        let Some(run) = &self.run else {
            return json!({ "stdout": "", "stderr": "", "files": [] }).to_string();
        };
        let mut stdout = String::new();
        let mut files = Vec::new();
        for (target, buffer) in &run.buffers {
            match target {
                None => stdout.push_str(&buffer.take()),
                Some(path) => files.push(json!([path, buffer.take()])),
            }
        }
        json!({ "stdout": stdout, "stderr": run.stderr.take(), "files": files }).to_string()
    }

    fn run_mut(&mut self) -> Result<&mut Run, JsError> {
        self.run
            .as_mut()
            .ok_or_else(|| JsError::new("mcpwire: nothing to run"))
    }
}

impl Run {
    fn new(command: Command, sink: Outputs, stderr: Buffer, buffers: Vec<(Target, Buffer)>) -> Run {
        Run {
            command,
            sink,
            summary: Summary {
                summary: true,
                ..Summary::default()
            },
            stderr,
            buffers,
        }
    }

    /// `src/bin/mcpwire/check.rs` `run`, for one input's bytes.
    fn check(&mut self, label: &str, bytes: Vec<u8>) -> io::Result<()> {
        let Command::Check { mode, options } = &self.command else {
            return Err(io::Error::other("not a check"));
        };
        let (sink, summary) = (&mut self.sink, &mut self.summary);
        summary.files += 1;
        sink.file_start(label, summary)?;
        let session = Session::try_with_options(*mode, *options)
            .map_err(|e| io::Error::other(e.to_string()))?;
        // Opened by the library's input stage, as natively (UTF-16
        // decoded); every input is judged as a transcript here.
        let capture = Capture::open(label, bytes.as_slice(), options.limits)?;
        Judge::transcript(label, capture, session, sink, summary, |_, _| Ok(()))
    }

    /// `src/bin/mcpwire/validate.rs` `run`, for the document's bytes.
    fn validate(&mut self, label: &str, bytes: Vec<u8>) -> io::Result<()> {
        let Command::Validate {
            version,
            definition,
            limits,
        } = &self.command
        else {
            return Err(io::Error::other("not a validate"));
        };
        let (version, limits) = (*version, *limits);
        let fns = version
            .spec()
            .and_then(|s| s.definition(definition))
            .ok_or_else(|| io::Error::other("checked by RawCli::new"))?;
        let bytes = if bytes.len() > limits.max_bytes {
            Err(Problem::Input(input::InputError::TooLarge {
                len: bytes.len(),
                limit: limits.max_bytes,
            }))
        } else {
            Ok(bytes)
        };
        crate::document::judge(
            version,
            fns,
            label,
            bytes,
            limits,
            &mut self.sink,
            &mut self.summary,
        )
    }
}

/// The error for an unknown definition, with the closest names (as
/// `validate.rs` `unknown_definition`).
fn unknown_definition(spec: &mcpwire::Spec, name: &str) -> String {
    let close = mcpwire::suggest::closest(name, spec.definitions.iter().map(|d| d.name));
    let mut message = format!(
        "unknown definition {name:?} in revision {} ({} definitions)",
        spec.version,
        spec.definitions.len()
    );
    if !close.is_empty() {
        message.push_str(&format!("; closest: {}", close.join(", ")));
    }
    message
}

#[cfg(test)]
mod tests {
    use super::NPX;

    #[test]
    fn npx_runs_check_and_validate_only() {
        let names: Vec<&str> = NPX.commands.iter().map(|e| e.command.name).collect();
        assert_eq!(names, ["check", "validate"]);
    }
}
