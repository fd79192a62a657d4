//! A string that matches a schema's `pattern` (and its length bounds).
//!
//! **The choice.** The pattern is parsed with `regex-syntax` (the `regex`
//! crate's parser, kept by the Rust project; already in the build through
//! `regex`) and one string is read off its syntax tree: a literal as
//! written, the first branch of an alternation, each repetition at its
//! least count (more only to reach `minLength`), from a class the first of
//! `a`, `0`, `A`, `_`, `-` it holds, else its first printable ASCII
//! character, else its first character. `rand_regex` (random strings from
//! the same parser) was the alternative; it brings `rand` and its
//! generators for randomness the probe does not want: the same schema
//! gives the same arguments, run after run.
//!
//! **The check.** `regex-syntax` reads Rust's dialect, not ECMA-262's, so
//! every candidate is matched with `regress` — the ECMA-262 engine
//! mcpwire's own validators match `pattern` with
//! (`mcpwire_runtime::text::Pattern`, Unicode flag on) — and kept only
//! when it matches and fits `minLength` / `maxLength`. What the parser
//! cannot read (lookaround, backreferences, `[^]`, ECMA-only escapes) or a
//! candidate that fails the check falls back to `None`: the caller sends
//! its plain synthesised text, which the server may well refuse.

use regex_syntax::hir::{Class, Hir, HirKind};

/// The most a repetition is grown to reach `minLength`.
const MAX_EXTRA: u32 = 64;

/// A string matching `pattern` with `min..=max` characters, or `None`.
pub fn matching(pattern: &str, min: usize, max: Option<usize>) -> Option<String> {
    let hir = regex_syntax::ParserBuilder::new()
        .build()
        .parse(pattern)
        .ok()?;
    let check = regress::Regex::with_flags(pattern, "u").ok()?;
    let fits = |s: &str| {
        let n = s.chars().count();
        n >= min && max.is_none_or(|m| n <= m) && check.find(s).is_some()
    };
    let mut extra = 0;
    loop {
        let mut out = String::new();
        read(&hir, extra, &mut out)?;
        if fits(&out) {
            return Some(out);
        }
        // Unanchored at the end: padding may still match.
        let mut padded = out.clone();
        while padded.chars().count() < min {
            padded.push('a');
        }
        if fits(&padded) {
            return Some(padded);
        }
        if out.chars().count() >= min || extra >= MAX_EXTRA {
            return None;
        }
        extra = (extra * 2).max(1);
    }
}

/// Appends one string of `hir` to `out`, each unbounded repetition
/// `extra` times past its least count.
fn read(hir: &Hir, extra: u32, out: &mut String) -> Option<()> {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => {}
        HirKind::Literal(lit) => out.push_str(std::str::from_utf8(&lit.0).ok()?),
        HirKind::Class(Class::Unicode(c)) => {
            let ranges: Vec<(char, char)> =
                c.ranges().iter().map(|r| (r.start(), r.end())).collect();
            out.push(pick(&ranges)?);
        }
        HirKind::Class(Class::Bytes(c)) => {
            let ranges: Vec<(char, char)> = c
                .ranges()
                .iter()
                .filter(|r| r.start() < 0x80)
                .map(|r| (char::from(r.start()), char::from(r.end().min(0x7f))))
                .collect();
            out.push(pick(&ranges)?);
        }
        HirKind::Repetition(rep) => {
            let count = match rep.max {
                Some(max) => rep.min.saturating_add(extra).min(max),
                None => rep.min.saturating_add(extra),
            };
            for _ in 0..count {
                read(&rep.sub, extra, out)?;
            }
        }
        HirKind::Capture(c) => read(&c.sub, extra, out)?,
        HirKind::Concat(all) => {
            for h in all {
                read(h, extra, out)?;
            }
        }
        HirKind::Alternation(branches) => read(branches.first()?, extra, out)?,
    }
    Some(())
}

/// The character a class gives: a plain one it holds, else its first
/// printable ASCII one, else its first.
fn pick(ranges: &[(char, char)]) -> Option<char> {
    let holds = |c: char| ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi);
    if let Some(c) = ['a', '0', 'A', '_', '-'].into_iter().find(|c| holds(*c)) {
        return Some(c);
    }
    for (lo, hi) in ranges {
        let first = (*lo).max('!');
        if first <= *hi && first <= '~' {
            return Some(first);
        }
    }
    ranges.first().map(|(lo, _)| *lo)
}
