//! The help text, laid out from the tables of [`crate::commands`] the way
//! clap laid it out: `-h` one line per flag, `--help` (and `help
//! SUBCOMMAND`) a paragraph per flag with the possible values explained,
//! when there is more to say. Headings, flags and placeholders are styled
//! ([`Style`]); [`crate::args::Stop::report`] writes them through anstream,
//! which drops the styles where the stream takes none.

use crate::{
    style::Style,
    table::{Command, Described, Flag},
};

/// Help is always written with styles (anstream strips them).
const STYLE: Style = Style { color: true };

/// Where the text of a paragraph per flag starts.
const INDENT: &str = "          ";

/// `Usage: mcpwire check [OPTIONS] <FILE>...` (`None`: the top level).
pub fn usage(command: Option<&Command>, style: Style) -> String {
    let mut s = format!("{} ", style.heading("Usage:"));
    let Some(c) = command else {
        return s + &format!(
            "{} {}",
            style.literal("mcpwire"),
            style.placeholder("<COMMAND>")
        );
    };
    s.push_str(&style.literal(&format!("mcpwire {}", c.name)));
    if c.each_flag().any(|f| !f.required) {
        s.push_str(" [OPTIONS]");
    }
    for f in c.each_flag().filter(|f| f.required) {
        s.push(' ');
        s.push_str(&flag_name(f, style));
    }
    if let Some(p) = &c.positional {
        s.push_str(if p.after_dashes { " -- " } else { " " });
        s.push_str(&style.placeholder(&p.display()));
    }
    s
}

/// The program's help: the subcommands and the exit status.
pub fn app<'a>(
    about: &str,
    after_help: &str,
    subcommands: impl Iterator<Item = &'a Command>,
) -> String {
    let commands: Vec<Row> = subcommands
        .map(|c| (c.name, c.about))
        .chain([(
            "help",
            "Print this message or the help of the given subcommand(s)",
        )])
        .map(|(name, about)| Row::new(name.len(), STYLE.literal(name), about.to_string()))
        .collect();
    let options = [help_row(None), version_row()];
    format!(
        "{}\n\n{}\n\n{}\n{}\n\n{}\n{}\n\n{}\n",
        about,
        usage(None, STYLE),
        STYLE.heading("Commands:"),
        compact(&commands),
        STYLE.heading("Options:"),
        compact(&options),
        after_help,
    )
}

/// `-h`: one line per flag.
pub fn short(command: &Command) -> String {
    render(command, false)
}

/// `--help`: a paragraph per flag where any flag or the command has more
/// to say than `-h` shows; otherwise the same as `-h`.
pub fn long(command: &Command) -> String {
    render(command, has_more(command))
}

/// Whether `--help` says more than `-h`.
fn has_more(c: &Command) -> bool {
    c.long_about.is_some()
        || c.each_flag()
            .any(|f| f.long_help.is_some() || described_choices(f).is_some())
}

/// The flag's values with what each means, if any of them says something.
fn described_choices(f: &Flag) -> Option<Vec<Described>> {
    f.choices
        .map(|c| c())
        .filter(|c| c.iter().any(|(_, h)| !h.is_empty()))
}

fn render(c: &Command, long: bool) -> String {
    let more = has_more(c);
    let about = match (long, c.long_about) {
        (true, Some(a)) => a,
        _ => c.about,
    };
    let mut s = format!("{about}\n\n{}\n", usage(Some(c), STYLE));
    let layout = |rows: &[Row]| {
        if long {
            paragraphs(rows)
        } else {
            compact(rows)
        }
    };
    if let Some(p) = &c.positional {
        let text = paragraph(p.help, p.default, long);
        let row = Row::new(p.display().len(), STYLE.placeholder(&p.display()), text);
        s += &format!("\n{}\n{}\n", STYLE.heading("Arguments:"), layout(&[row]));
    }
    let mut rows: Vec<Row> = c.each_flag().map(|f| flag_row(f, long)).collect();
    rows.push(help_row(more.then_some(long)));
    rows.push(version_row());
    s += &format!("\n{}\n{}\n", STYLE.heading("Options:"), layout(&rows));
    s
}

/// A flag's text: in `-h`, its line with the default and the values; in
/// `--help`, its long text, the values explained and the default.
fn flag_row(f: &Flag, long: bool) -> Row {
    let name = format!("    {}", flag_name(f, STYLE));
    let width = 4 + f.display().len();
    if !long {
        let mut text = f.help.to_string();
        if let Some(d) = f.default {
            text += &format!(" [default: {d}]");
        }
        if let Some(c) = f.choices {
            let names: Vec<&str> = c().iter().map(|(n, _)| *n).collect();
            text += &format!(" [possible values: {}]", names.join(", "));
        }
        return Row::new(width, name, text);
    }
    let mut text = f.long_help.map_or_else(|| f.help.to_string(), |h| h());
    if let Some(choices) = described_choices(f) {
        let w = choices.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 1;
        text += &format!("\n\n{INDENT}Possible values:");
        for (n, h) in choices {
            let pad = " ".repeat(w - n.len());
            text += &format!("\n{INDENT}- {}{pad}{h}", STYLE.literal(&format!("{n}:")));
        }
    } else if let Some(c) = f.choices {
        let names: Vec<&str> = c().iter().map(|(n, _)| *n).collect();
        text += &format!("\n\n{INDENT}[possible values: {}]", names.join(", "));
    }
    if let Some(d) = f.default {
        text += &format!("\n\n{INDENT}[default: {d}]");
    }
    Row::new(width, name, text)
}

/// A help line or paragraph with its default.
fn paragraph(help: &str, default: Option<&str>, long: bool) -> String {
    match (default, long) {
        (None, _) => help.to_string(),
        (Some(d), false) => format!("{help} [default: {d}]"),
        (Some(d), true) => format!("{help}\n\n{INDENT}[default: {d}]"),
    }
}

/// `--spec <REVISION>`, styled.
fn flag_name(f: &Flag, style: Style) -> String {
    let long = style.literal(&format!("--{}", f.long));
    match f.value {
        Some(v) => format!("{long} {}", style.placeholder(&format!("<{v}>"))),
        None => long,
    }
}

/// `-h, --help`; `more`: whether `--help` says more than `-h`, and which
/// of the two this help is.
fn help_row(more: Option<bool>) -> Row {
    let text = match more {
        None => "Print help",
        Some(false) => "Print help (see more with '--help')",
        Some(true) => "Print help (see a summary with '-h')",
    };
    let name = format!("{}, {}", STYLE.literal("-h"), STYLE.literal("--help"));
    Row::new("-h, --help".len(), name, text.to_string())
}

fn version_row() -> Row {
    let name = format!("{}, {}", STYLE.literal("-V"), STYLE.literal("--version"));
    Row::new("-V, --version".len(), name, "Print version".to_string())
}

/// One entry of a help section: the styled name, how wide it shows, and
/// its text.
struct Row {
    width: usize,
    name: String,
    text: String,
}

impl Row {
    fn new(width: usize, name: String, text: String) -> Row {
        Row { width, name, text }
    }
}

/// `  NAME  text`, the texts aligned.
fn compact(rows: &[Row]) -> String {
    let w = rows.iter().map(|r| r.width).max().unwrap_or(0) + 2;
    let lines: Vec<String> = rows
        .iter()
        .map(|r| format!("  {}{}{}", r.name, " ".repeat(w - r.width), r.text))
        .collect();
    lines.join("\n")
}

/// `  NAME` then the text indented below, a blank line between entries.
fn paragraphs(rows: &[Row]) -> String {
    let entries: Vec<String> = rows
        .iter()
        .map(|r| format!("  {}\n{INDENT}{}", r.name, r.text))
        .collect();
    entries.join("\n\n")
}
