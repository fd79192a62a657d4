//! The tables the command line is described by — each subcommand's
//! [`Command`] with its [`Flag`]s and [`Positional`] arguments, and the
//! enums chosen by name ([`Choice`]). [`crate::commands`] writes them,
//! [`crate::args`] parses by them and [`crate::help`] lays them out.

/// A value's name and what it means (`""`: nothing to add).
pub type Described = (&'static str, &'static str);

/// One `--flag` of a subcommand, as the parser and the help see it.
#[derive(Debug)]
pub struct Flag {
    /// The name after `--`.
    pub long: &'static str,
    /// The value's placeholder (`SIZE`); `None`: a switch.
    pub value: Option<&'static str>,
    /// One line for `-h`.
    pub help: &'static str,
    /// The text for `--help` when it says more than [`Flag::help`].
    pub long_help: Option<fn() -> String>,
    /// The value when the flag is absent (parsed like a given one).
    pub default: Option<&'static str>,
    /// The accepted values with what each means ([`choices`]).
    pub choices: Option<fn() -> Vec<Described>>,
    /// Whether the flag must be given.
    pub required: bool,
    /// Whether the flag may be given more than once.
    pub repeat: bool,
}

impl Flag {
    /// A switch (no value, optional, once).
    pub const fn switch(long: &'static str, help: &'static str) -> Flag {
        Flag {
            long,
            value: None,
            help,
            long_help: None,
            default: None,
            choices: None,
            required: false,
            repeat: false,
        }
    }

    /// A flag taking a `value` (optional, once, no default).
    pub const fn value(long: &'static str, value: &'static str, help: &'static str) -> Flag {
        Flag {
            value: Some(value),
            ..Flag::switch(long, help)
        }
    }

    /// `--long <VALUE>` (or `--long` for a switch), as errors name it.
    pub fn display(&self) -> String {
        match self.value {
            Some(v) => format!("--{} <{v}>", self.long),
            None => format!("--{}", self.long),
        }
    }
}

/// The positional arguments of a subcommand.
#[derive(Debug)]
pub struct Positional {
    /// The placeholder (`FILE`).
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Whether more than one may be given.
    pub many: bool,
    /// Whether at least one must be given.
    pub required: bool,
    /// The value when none is given.
    pub default: Option<&'static str>,
    /// Whether they come only after `--` (a command line to run).
    pub after_dashes: bool,
}

impl Positional {
    /// `<FILE>...`, `[FILE]`: as usage lines and errors name it.
    pub fn display(&self) -> String {
        let dots = if self.many { "..." } else { "" };
        if self.required {
            format!("<{}>{dots}", self.name)
        } else {
            format!("[{}]{dots}", self.name)
        }
    }
}

/// A subcommand: its name, help and what it takes.
#[derive(Debug)]
pub struct Command {
    /// The subcommand's name.
    pub name: &'static str,
    /// One line for the command list and `-h`.
    pub about: &'static str,
    /// The text for `--help` when it says more than [`Command::about`].
    pub long_about: Option<&'static str>,
    /// Its flags, in groups (shared groups such as the output flags are
    /// one slice each), in help order.
    pub flags: &'static [&'static [Flag]],
    /// Its positional arguments, if any.
    pub positional: Option<Positional>,
}

impl Command {
    /// Every flag, in help order.
    pub fn each_flag(&self) -> impl Iterator<Item = &'static Flag> {
        self.flags.iter().flat_map(|g| g.iter())
    }

    /// The flag `--long`.
    pub fn flag(&self, long: &str) -> Option<&'static Flag> {
        self.each_flag().find(|f| f.long == long)
    }
}

/// An enum chosen by name on the command line (`--format json`).
pub trait Choice: Copy + 'static {
    /// Each value: its name, the value, and what it means (`""`: nothing
    /// to add to the name).
    const CHOICES: &'static [(&'static str, Self, &'static str)];
}

/// The value named `s` exactly, or an error listing the names (with the
/// closest one).
pub fn choice<T: Choice>(s: &str) -> Result<T, String> {
    if let Some(&(_, v, _)) = T::CHOICES.iter().find(|(n, _, _)| *n == s) {
        return Ok(v);
    }
    let names = names::<T>();
    let mut m = format!("expected one of {}", names.join(", "));
    if let Some(close) = mcpwire::suggest::closest(s, names).first() {
        m.push_str(&format!("; did you mean {close}?"));
    }
    Err(m)
}

/// The value named `s` in any case (`JSON`).
pub fn choice_ignore_case<T: Choice>(s: &str) -> Option<T> {
    T::CHOICES
        .iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case(s))
        .map(|&(_, v, _)| v)
}

/// The names of `T`'s values.
pub fn names<T: Choice>() -> Vec<&'static str> {
    T::CHOICES.iter().map(|(n, _, _)| *n).collect()
}

/// The names and meanings of `T`'s values, for [`Flag::choices`].
pub fn choices<T: Choice>() -> Vec<Described> {
    T::CHOICES.iter().map(|&(n, _, h)| (n, h)).collect()
}
