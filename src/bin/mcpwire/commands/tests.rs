//! The command line's tables: every flag parses, the help lays out.

use super::{values::parse_size, *};
use crate::{
    args::{Flag, Stop},
    style::ColorChoice,
};

/// The help without styles.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

/// A value each flag accepts: its default, its first choice, or one
/// for its placeholder.
fn sample(f: &Flag) -> Option<String> {
    let v = f.value?;
    let first = f.choices.map(|c| c()[0].0);
    let by_name = match v {
        "REVISION" | "REV[,REV]" => "latest",
        "REVISION|auto" => "auto",
        "REV" => "2025-11-25",
        "NAME=VALUE" => "A=b",
        "NAME: VALUE" => "X-Key: v",
        "FORMAT=FILE" => "json=-",
        "N" | "LEVELS" => "3",
        "SIZE" => "1KiB",
        "ADDR" => "127.0.0.1:0",
        "URL" => "http://127.0.0.1:1/mcp",
        _ => "x",
    };
    Some(f.default.or(first).unwrap_or(by_name).to_string())
}

fn parse(args: &[&str]) -> Result<Cmd, Stop> {
    APP.parse(args.iter().copied())
}

fn usage(args: &[&str]) -> String {
    match parse(args) {
        Err(Stop::Usage(e)) => {
            let tip = e.tip.map(|t| format!(" / tip: {t}")).unwrap_or_default();
            format!("{}{tip}", e.message)
        }
        other => panic!("{args:?}: not a usage error: {other:?}"),
    }
}

fn help(args: &[&str]) -> String {
    match parse(args) {
        Err(Stop::Help(h)) => plain(&h),
        other => panic!("{args:?}: no help: {other:?}"),
    }
}

#[test]
fn sizes() {
    assert_eq!(parse_size("1024"), Ok(1024));
    assert_eq!(parse_size("64KiB"), Ok(64 << 10));
    assert_eq!(parse_size("256MiB"), Ok(256 << 20));
    assert_eq!(parse_size("2G"), Ok(2 << 30));
    assert!(parse_size("12 parsecs").is_err());
    assert!(parse_size("0").is_err());
}

#[test]
fn every_flag_and_argument_is_in_both_helps() {
    for e in APP.commands {
        let c = e.command;
        for (h, long) in [
            (help(&[c.name, "-h"]), false),
            (help(&[c.name, "--help"]), true),
        ] {
            for f in c.each_flag() {
                let shown = match f.value {
                    Some(v) => format!("--{} <{v}>", f.long),
                    None => format!("--{}", f.long),
                };
                assert!(h.contains(&shown), "{} help lacks {shown}:\n{h}", c.name);
                let text = match (long, f.long_help) {
                    (true, Some(l)) => l(),
                    _ => f.help.to_string(),
                };
                assert!(h.contains(&text), "{} help lacks {text:?}", c.name);
                if let Some(d) = f.default {
                    assert!(h.contains(&format!("[default: {d}]")), "{}", f.long);
                }
                for (name, _) in f.choices.map(|c| c()).unwrap_or_default() {
                    assert!(h.contains(name), "{} lacks {name}", f.long);
                }
            }
            if let Some(p) = &c.positional {
                assert!(h.contains(&p.display()) && h.contains(p.help), "{}", c.name);
            }
            assert!(h.contains(&format!("Usage: mcpwire {}", c.name)), "{h}");
        }
        assert_eq!(help(&["help", c.name]), help(&[c.name, "--help"]));
        let top = help(&["--help"]);
        assert!(top.contains(&format!("  {}", c.name)) && top.contains(c.about));
    }
}

#[test]
fn every_flag_is_read() {
    for e in APP.commands {
        let c = e.command;
        let mut args = vec![c.name.to_string()];
        // `snapshot` asks a server (--url) or reads transcripts
        // (--from-transcript FILE...), never both: the flags of the first.
        let snapshot = c.name == "snapshot";
        for f in c.each_flag() {
            if snapshot && f.long == "from-transcript" {
                continue;
            }
            args.push(format!("--{}", f.long));
            args.extend(sample(f));
        }
        if let Some(p) = c.positional.as_ref().filter(|_| !snapshot) {
            args.extend(p.after_dashes.then(|| "--".to_string()));
            if c.name == "diff" {
                // Two revisions, the only positionals `diff` takes.
                args.extend(["2025-11-25".to_string(), "2026-07-28".to_string()]);
            } else {
                args.push("-".to_string());
            }
        }
        let parsed = APP.parse(args.iter().map(String::as_str));
        assert!(parsed.is_ok(), "{args:?}: {parsed:?}");
    }
}

#[test]
fn values_defaults_and_forms() {
    let Ok(Cmd::Check(a)) = parse(&[
        "check",
        "--max-depth=7",
        "--output",
        "json=-",
        "--output=sarif=x.sarif",
        "a",
        "--strict",
        "b",
    ]) else {
        panic!("check did not parse");
    };
    assert_eq!(a.limits.max_depth, 7);
    assert_eq!(a.limits.max_message_bytes, 256 << 20, "the default");
    assert_eq!(a.output.output.len(), 2, "--output repeats");
    assert_eq!(a.output.color, ColorChoice::Auto);
    assert!(a.strict && !a.no_progress);
    assert!(matches!(a.spec, SpecChoice::Auto));
    assert_eq!(a.files, ["a", "b"]);
    let Ok(Cmd::Tap(t)) = parse(&["tap", "--queue-bytes", "1MiB", "--", "srv", "--spec", "-x"])
    else {
        panic!("tap did not parse");
    };
    assert_eq!(t.queue_bytes, 1 << 20);
    assert!(
        matches!(t.spec, SpecChoice::Auto),
        "--spec after -- is the server's"
    );
    assert_eq!(t.command, ["srv", "--spec", "-x"]);
    let Ok(Cmd::Validate(v)) = parse(&["validate", "--spec", "latest", "--def", "X"]) else {
        panic!("validate did not parse");
    };
    assert_eq!(v.file, "-", "the default file");
    let Ok(Cmd::Dispatch(d)) = parse(&["dispatch", "--spec=latest", "--format", "json"]) else {
        panic!("dispatch did not parse");
    };
    assert_eq!(d.format, MapsFormat::Json);
}

#[test]
fn usage_errors_name_the_argument() {
    assert_eq!(
        usage(&["check", "--frmat", "json", "x"]),
        "unexpected argument '--frmat' found / tip: a similar argument exists: '--format'"
    );
    assert_eq!(
        usage(&["chek"]),
        "unrecognized subcommand 'chek' / tip: a similar subcommand exists: 'check'"
    );
    assert_eq!(
        usage(&["check", "x", "--max-depth"]),
        "a value is required for '--max-depth <LEVELS>' but none was supplied"
    );
    assert_eq!(
        usage(&["check", "--spec", "--strict", "x"]),
        "a value is required for '--spec <REVISION|auto>' but none was supplied"
    );
    assert_eq!(
        usage(&["check", "--max-depth", "10001", "x"]),
        "invalid value '10001' for '--max-depth <LEVELS>': 10001 is not in 1..=10000"
    );
    assert!(
        parse(&["check", "--max-depth", "10000", "x"]).is_ok(),
        "the range is inclusive"
    );
    assert_eq!(
        usage(&["check", "--color", "sometimes", "x"]),
        "invalid value 'sometimes' for '--color <WHEN>': expected one of auto, always, never"
    );
    assert_eq!(
        usage(&["check", "--format", "jsn", "x"]),
        "invalid value 'jsn' for '--format <FORMAT>': expected one of text, json, \
         conformance, sarif, junit, github; did you mean json?"
    );
    assert!(usage(&["check", "--format", "JSON", "x"]).starts_with("invalid value 'JSON'"));
    assert_eq!(
        usage(&["check", "--strict=yes", "x"]),
        "unexpected value 'yes' for '--strict' found; no more were expected"
    );
    assert_eq!(
        usage(&["check", "--spec", "auto", "--spec", "auto", "x"]),
        "the argument '--spec <REVISION|auto>' cannot be used multiple times"
    );
    assert_eq!(
        usage(&["validate", "x"]),
        "the following required arguments were not provided:\n  --spec <REVISION>\n  \
         --def <DEFINITION>"
    );
    assert_eq!(
        usage(&["check"]),
        "the following required arguments were not provided:\n  <FILE>..."
    );
    assert_eq!(usage(&["tap", "srv"]), "unexpected argument 'srv' found");
    assert_eq!(
        usage(&["validate", "--spec", "latest", "--def", "X", "a", "b"]),
        "unexpected argument 'b' found"
    );
    assert_eq!(
        usage(&["check", "-x"]),
        "unexpected argument '-x' found / tip: to pass '-x' as a value, use '-- -x'"
    );
    assert_eq!(usage(&["--frmat"]), "unexpected argument '--frmat' found");
}

#[test]
fn help_and_version_stop_parsing() {
    assert!(matches!(parse(&[]), Err(Stop::Bare(_))));
    assert_eq!(help(&["help"]), help(&["-h"]));
    assert!(matches!(parse(&["--version"]), Err(Stop::Version(v)) if v == "mcpwire 0.1.0\n"));
    assert!(
        matches!(parse(&["check", "-V"]), Err(Stop::Version(v)) if v == "mcpwire-check 0.1.0\n")
    );
    let short = help(&["check", "-h"]);
    let long = help(&["check", "--help"]);
    assert!(
        short.contains("Print help (see more with '--help')"),
        "{short}"
    );
    assert!(
        long.contains("Print help (see a summary with '-h')"),
        "{long}"
    );
    assert!(long.contains("Possible values:\n          - text:        Human-readable"));
    assert!(long.contains("2024-11-05, 2025-03-26") && !short.contains("2024-11-05"));
    assert!(help(&["dispatch", "--help"]).contains("  -h, --help             Print help\n"));
    assert!(help(&["check", "x", "--help"]).starts_with("Check transcripts"));
}
