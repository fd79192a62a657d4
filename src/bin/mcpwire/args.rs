//! Command-line parsing: [`lexopt`] splits the arguments, the tables of
//! [`crate::commands`] say what each subcommand takes, and this module
//! checks the one against the other ([`Matches::lex`]) and hands out typed
//! values ([`Matches::one`], [`Matches::all`], …).
//!
//! Why not clap: clap (clap_builder, clap_derive, strsim) was a fifth of
//! the CPU time of a clean release build of the CLI, for a
//! command line of five subcommands and a few dozen flags. ripgrep 14 left
//! clap for its own parser on lexopt for the same reasons — build time and
//! control over the help text. lexopt has no dependencies; what clap did
//! for us besides lexing is here (unknown flags with a "did you mean",
//! missing and repeated values, required arguments, defaults, value
//! checks) and in [`crate::help`] (the help text, from the same tables).
//!
//! Usage errors print clap's layout (`error: …`, a tip, the usage line) on
//! standard error and exit with status 2.

use std::{
    ffi::OsString,
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

// What the tables are, for the parser's callers (`commands.rs`, `probe/args.rs`).
pub use crate::table::{
    choice, choice_ignore_case, choices, names, Choice, Command, Flag, Positional,
};
use crate::{help, style::Style};

/// The whole command line: the subcommands and how each one's
/// [`Matches`] become a `T`.
pub struct App<T: 'static> {
    /// One line about the program.
    pub about: &'static str,
    /// The paragraph at the end of the help.
    pub after_help: &'static str,
    /// The subcommands, in help order.
    pub commands: &'static [Entry<T>],
}

/// A subcommand and how its arguments become a `T`.
pub struct Entry<T: 'static> {
    /// The table.
    pub command: &'static Command,
    /// The typing of its [`Matches`] (ends with [`Matches::finish`]).
    pub build: fn(&mut Matches) -> Result<T, Stop>,
}

impl<T> App<T> {
    /// Parses `args` (without the program's name): `[-h|-V] SUBCOMMAND
    /// ARGS…` or `help [SUBCOMMAND]`.
    pub fn parse<I>(&self, args: I) -> Result<T, Stop>
    where
        I: IntoIterator,
        I::Item: Into<OsString>,
    {
        let mut parser = lexopt::Parser::from_args(args);
        let top = |message: String| UsageError::new(None, message);
        let name = match parser.next() {
            Ok(None) => {
                return Err(Stop::Bare(help::app(
                    self.about,
                    self.after_help,
                    self.commands.iter().map(|e| e.command),
                )))
            }
            Ok(Some(lexopt::Arg::Short('h') | lexopt::Arg::Long("help"))) => {
                return Err(Stop::Help(help::app(
                    self.about,
                    self.after_help,
                    self.commands.iter().map(|e| e.command),
                )))
            }
            Ok(Some(lexopt::Arg::Short('V') | lexopt::Arg::Long("version"))) => {
                return Err(Stop::Version(version(None)))
            }
            Ok(Some(lexopt::Arg::Value(v))) => v,
            Ok(Some(lexopt::Arg::Short(c))) => {
                return Err(top(format!("unexpected argument '-{c}' found")).into())
            }
            Ok(Some(lexopt::Arg::Long(l))) => {
                return Err(top(format!("unexpected argument '--{l}' found")).into())
            }
            Err(e) => return Err(top(e.to_string()).into()),
        };
        let name = name.to_string_lossy();
        if name == "help" {
            return Err(self.help(&mut parser));
        }
        let entry = self.entry(&name)?;
        let mut m = Matches::lex(entry.command, &mut parser)?;
        let built = (entry.build)(&mut m)?;
        m.finish()?;
        Ok(built)
    }

    /// The subcommand `name`.
    fn entry(&self, name: &str) -> Result<&'static Entry<T>, Stop> {
        self.commands
            .iter()
            .find(|e| e.command.name == name)
            .ok_or_else(|| {
                let names = self.commands.iter().map(|e| e.command.name);
                UsageError::new(None, format!("unrecognized subcommand '{name}'"))
                    .similar("subcommand", name, names, "")
                    .into()
            })
    }

    /// `help [SUBCOMMAND]`: the program's help or the subcommand's long one.
    fn help(&self, parser: &mut lexopt::Parser) -> Stop {
        match parser.next() {
            Ok(Some(lexopt::Arg::Value(name))) => match self.entry(&name.to_string_lossy()) {
                Ok(e) => Stop::Help(help::long(e.command)),
                Err(stop) => stop,
            },
            _ => Stop::Help(help::app(
                self.about,
                self.after_help,
                self.commands.iter().map(|e| e.command),
            )),
        }
    }
}

/// Why parsing stopped without a command to run.
#[derive(Debug)]
pub enum Stop {
    /// `--help`, `-h`, `help`: this text on standard output, status 0.
    Help(String),
    /// `--version`, `-V`: this line on standard output, status 0.
    Version(String),
    /// No subcommand: the help on standard error, status 2.
    Bare(String),
    /// A usage error: standard error, status 2.
    Usage(UsageError),
}

impl Stop {
    /// Prints what stopped parsing and gives the exit status.
    pub fn report(self) -> ExitCode {
        let (text, code) = match self {
            Stop::Help(t) | Stop::Version(t) => (t, 0),
            Stop::Bare(t) => (t, 2),
            Stop::Usage(e) => (e.render(Style { color: true }), 2),
        };
        // Help and errors are written with styles; anstream drops them
        // where the stream takes none (a pipe, NO_COLOR, TERM=dumb).
        let written = if code == 0 {
            anstream::AutoStream::auto(io::stdout().lock()).write_all(text.as_bytes())
        } else {
            anstream::AutoStream::auto(io::stderr().lock()).write_all(text.as_bytes())
        };
        match written {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => ExitCode::from(2),
            _ => ExitCode::from(code),
        }
    }
}

/// A usage error: what is wrong, a tip, and the usage line.
#[derive(Debug)]
pub struct UsageError {
    /// What is wrong (`unexpected argument '--frmat' found`).
    pub message: String,
    /// How to fix it (`a similar argument exists: '--format'`).
    pub tip: Option<String>,
    /// The command it is about (`None`: the top level), for the usage line.
    pub command: Option<&'static Command>,
}

impl UsageError {
    /// An error about `command` (`None`: the top level).
    pub fn new(command: Option<&'static Command>, message: String) -> UsageError {
        UsageError {
            message,
            tip: None,
            command,
        }
    }

    /// With a tip.
    pub fn tip(mut self, tip: String) -> UsageError {
        self.tip = Some(tip);
        self
    }

    /// With `similar` as the tip when it is the closest of `candidates`
    /// to `wanted`.
    pub fn similar<'a>(
        self,
        what: &str,
        wanted: &str,
        candidates: impl IntoIterator<Item = &'a str>,
        prefix: &str,
    ) -> UsageError {
        match mcpwire::suggest::closest(wanted, candidates).first() {
            Some(c) => self.tip(format!("a similar {what} exists: '{prefix}{c}'")),
            None => self,
        }
    }

    fn render(&self, style: Style) -> String {
        let mut s = format!("{} {}\n\n", style.error("error:"), self.message);
        if let Some(tip) = &self.tip {
            s.push_str(&format!("  {} {tip}\n\n", style.good("tip:")));
        }
        let usage = help::usage(self.command, style);
        s.push_str(&format!("{usage}\n\nFor more information, try '--help'.\n"));
        s
    }
}

impl From<UsageError> for Stop {
    fn from(e: UsageError) -> Stop {
        Stop::Usage(e)
    }
}

/// What a subcommand was given, by flag, before the values are typed.
#[derive(Debug)]
pub struct Matches {
    command: &'static Command,
    /// Each flag given, with its values (none for a switch).
    given: Vec<(&'static Flag, Vec<OsString>)>,
    positionals: Vec<OsString>,
}

impl Matches {
    /// Reads `command`'s arguments from `parser` (after the subcommand's
    /// name): every flag known and given a value where it takes one, none
    /// repeated unless repeatable, the required ones present. `-h`,
    /// `--help`, `-V` and `--version` stop with the help or version.
    pub fn lex(command: &'static Command, parser: &mut lexopt::Parser) -> Result<Matches, Stop> {
        let mut m = Matches {
            command,
            given: Vec::new(),
            positionals: Vec::new(),
        };
        let error = |message: String| UsageError::new(Some(command), message);
        loop {
            // `--` ends the flags: take the rest as they are (a command
            // line for `tap`), which lexopt would not tell apart.
            if let Some(mut raw) = parser.try_raw_args() {
                if raw.next_if(|a| a == "--").is_some() {
                    let rest: Vec<OsString> = raw.collect();
                    m.positional(rest, true)?;
                    break;
                }
            }
            let arg = match parser.next() {
                Ok(Some(arg)) => arg,
                Ok(None) => break,
                Err(lexopt::Error::UnexpectedValue { option, value }) => {
                    return Err(error(format!(
                        "unexpected value '{}' for '{option}' found; no more were expected",
                        value.to_string_lossy()
                    ))
                    .into())
                }
                Err(e) => return Err(error(e.to_string()).into()),
            };
            match arg {
                lexopt::Arg::Short('h') => return Err(Stop::Help(help::short(command))),
                lexopt::Arg::Long("help") => return Err(Stop::Help(help::long(command))),
                lexopt::Arg::Short('V') | lexopt::Arg::Long("version") => {
                    return Err(Stop::Version(version(Some(command))))
                }
                lexopt::Arg::Short(c) => {
                    return Err(error(format!("unexpected argument '-{c}' found"))
                        .tip(format!("to pass '-{c}' as a value, use '-- -{c}'"))
                        .into())
                }
                lexopt::Arg::Long(long) => {
                    let Some(flag) = command.flag(long) else {
                        let names = command.each_flag().map(|f| f.long);
                        return Err(error(format!("unexpected argument '--{long}' found"))
                            .similar("argument", long, names, "--")
                            .into());
                    };
                    m.flag(flag, parser)?;
                }
                lexopt::Arg::Value(v) => m.positional(vec![v], false)?,
            }
        }
        m.check_required()?;
        Ok(m)
    }

    /// Records `flag`, with its value from `parser` if it takes one.
    fn flag(&mut self, flag: &'static Flag, parser: &mut lexopt::Parser) -> Result<(), Stop> {
        let error = |message: String| Stop::from(UsageError::new(Some(self.command), message));
        let value = match flag.value {
            None => None,
            // `--flag=value`, or the next argument unless it is a flag.
            Some(_) => match parser.optional_value() {
                Some(v) => Some(v),
                None => match parser.try_raw_args().and_then(|mut r| {
                    r.next_if(|a| a == "-" || !a.to_string_lossy().starts_with('-'))
                }) {
                    Some(v) => Some(v),
                    None => {
                        return Err(error(format!(
                            "a value is required for '{}' but none was supplied",
                            flag.display()
                        )))
                    }
                },
            },
        };
        match self.given.iter_mut().find(|(f, _)| f.long == flag.long) {
            Some(_) if !flag.repeat => Err(error(format!(
                "the argument '{}' cannot be used multiple times",
                flag.display()
            ))),
            Some((_, values)) => {
                values.extend(value);
                Ok(())
            }
            None => {
                self.given.push((flag, value.into_iter().collect()));
                Ok(())
            }
        }
    }

    /// Records positional arguments (`after_dashes`: they came after `--`).
    fn positional(&mut self, values: Vec<OsString>, after_dashes: bool) -> Result<(), Stop> {
        // How many more this command takes here.
        let room = match &self.command.positional {
            Some(p) if after_dashes || !p.after_dashes => match p.many {
                true => usize::MAX,
                false => 1 - self.positionals.len().min(1),
            },
            _ => 0,
        };
        if let Some(extra) = values.get(room) {
            return Err(UsageError::new(
                Some(self.command),
                format!("unexpected argument '{}' found", extra.to_string_lossy()),
            )
            .into());
        }
        self.positionals.extend(values);
        Ok(())
    }

    fn check_required(&self) -> Result<(), Stop> {
        let mut missing: Vec<String> = self
            .command
            .each_flag()
            .filter(|f| f.required && !self.given.iter().any(|(g, _)| g.long == f.long))
            .map(Flag::display)
            .collect();
        if let Some(p) = &self.command.positional {
            if p.required && self.positionals.is_empty() {
                missing.push(p.display());
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        Err(UsageError::new(
            Some(self.command),
            format!(
                "the following required arguments were not provided:\n  {}",
                missing.join("\n  ")
            ),
        )
        .into())
    }

    /// Takes `flag`'s values out (the default's when it was not given).
    fn take(&mut self, flag: &'static Flag) -> Vec<OsString> {
        debug_assert!(
            self.command.flag(flag.long).is_some(),
            "--{} is not in the table of {}",
            flag.long,
            self.command.name
        );
        match self.given.iter().position(|(f, _)| f.long == flag.long) {
            Some(i) => self.given.remove(i).1,
            None => flag.default.map(OsString::from).into_iter().collect(),
        }
    }

    /// Whether the switch `flag` was given.
    pub fn switch(&mut self, flag: &'static Flag) -> bool {
        let given = self.given.iter().any(|(f, _)| f.long == flag.long);
        self.take(flag);
        given
    }

    /// `flag`'s value parsed by `parse`, if given or defaulted.
    pub fn maybe<T>(
        &mut self,
        flag: &'static Flag,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, Stop> {
        Ok(self.all(flag, parse)?.pop())
    }

    /// `flag`'s value parsed by `parse`: a required flag or one with a
    /// default.
    pub fn one<T>(
        &mut self,
        flag: &'static Flag,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, Stop> {
        self.maybe(flag, parse)?.ok_or_else(|| {
            let message = format!(
                "internal: {} has neither a value nor a default",
                flag.display()
            );
            UsageError::new(Some(self.command), message).into()
        })
    }

    /// Each of `flag`'s values parsed by `parse`.
    pub fn all<T>(
        &mut self,
        flag: &'static Flag,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Vec<T>, Stop> {
        let command = self.command;
        self.take(flag)
            .iter()
            .map(|v| {
                let invalid = |why: String| {
                    let v = v.to_string_lossy();
                    let message = format!("invalid value '{v}' for '{}': {why}", flag.display());
                    Stop::from(UsageError::new(Some(command), message))
                };
                let s = v.to_str().ok_or_else(|| invalid("invalid UTF-8".into()))?;
                parse(s).map_err(invalid)
            })
            .collect()
    }

    /// `flag`'s value as a path (any bytes), if given.
    pub fn path(&mut self, flag: &'static Flag) -> Option<PathBuf> {
        self.take(flag).pop().map(PathBuf::from)
    }

    /// The positional arguments as given (or the default).
    pub fn positionals(&mut self) -> Vec<OsString> {
        let default = self.command.positional.as_ref().and_then(|p| p.default);
        match std::mem::take(&mut self.positionals) {
            v if v.is_empty() => default.map(OsString::from).into_iter().collect(),
            v => v,
        }
    }

    /// The positional arguments as text.
    pub fn positional_strings(&mut self) -> Result<Vec<String>, Stop> {
        let command = self.command;
        self.positionals()
            .into_iter()
            .map(|v| {
                v.into_string().map_err(|v| {
                    let message = format!("invalid UTF-8 in '{}'", v.to_string_lossy());
                    UsageError::new(Some(command), message).into()
                })
            })
            .collect()
    }

    /// Ends the typing: every flag given must have been taken (a flag in
    /// the table that no field reads is a bug, caught here and by the
    /// tests that give every flag).
    pub fn finish(self) -> Result<(), Stop> {
        match self.given.first() {
            None => Ok(()),
            Some((f, _)) => Err(UsageError::new(
                Some(self.command),
                format!("internal: {} is not handled", f.display()),
            )
            .into()),
        }
    }
}

/// `mcpwire 0.1.0`, or `mcpwire-check 0.1.0` for a subcommand (as clap
/// printed it).
pub fn version(command: Option<&Command>) -> String {
    let name = match command {
        Some(c) => format!("mcpwire-{}", c.name),
        None => "mcpwire".to_string(),
    };
    format!("{name} {}\n", env!("CARGO_PKG_VERSION"))
}
