//! The values of the command line's options: revisions, sizes, counts.

use mcpwire::Version;

use super::SpecChoice;

/// The revisions, for help texts (all of them, so the help is the same
/// in every build; one whose cargo feature is off is refused by name).
pub(super) fn revisions_help() -> String {
    let names: Vec<&str> = Version::ALL.iter().map(|v| v.as_str()).collect();
    format!(
        "{}, or `latest` for the newest dated one compiled in",
        names.join(", ")
    )
}

/// A revision compiled into this build, or `latest`.
pub(super) fn parse_version(s: &str) -> Result<Version, String> {
    if s == "latest" {
        return Version::enabled()
            .filter(|v| *v != Version::Draft)
            .last()
            .ok_or_else(|| "no dated revision is compiled into this build".to_string());
    }
    let v: Version = s.parse().map_err(|e: mcpwire::UnknownVersion| {
        let close = mcpwire::suggest::closest(s, Version::ALL.iter().map(|v| v.as_str()));
        match close.first() {
            Some(c) => format!("{e}; did you mean {c}?"),
            None => e.to_string(),
        }
    })?;
    if v.spec().is_none() {
        return Err(format!(
            "revision {v} is not compiled into this build (cargo feature {})",
            v.module()
        ));
    }
    Ok(v)
}

/// A revision or `auto`.
pub(super) fn parse_spec(s: &str) -> Result<SpecChoice, String> {
    if s == "auto" {
        return Ok(SpecChoice::Auto);
    }
    parse_version(s).map(SpecChoice::Fixed)
}

/// A byte count: `1048576`, `64KiB`, `256MiB`, `1GiB` (also `K`, `M`, `G`).
pub(super) fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let n: usize = n.parse().map_err(|_| format!("not a size: {s:?}"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(format!("unknown size unit in {s:?} (use KiB, MiB or GiB)")),
    };
    n.checked_mul(1usize << shift)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("size out of range: {s:?}"))
}

/// A count (`--require-messages`).
pub(super) fn parse_count(s: &str) -> Result<usize, String> {
    s.parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())
}

/// `--max-depth`: 1 to 10 000 levels.
pub(super) fn parse_depth(s: &str) -> Result<u32, String> {
    const DEPTHS: std::ops::RangeInclusive<u32> = 1..=10_000;
    let n: u32 = s
        .parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())?;
    if !DEPTHS.contains(&n) {
        return Err(format!("{n} is not in {DEPTHS:?}"));
    }
    Ok(n)
}

/// Text values taken as they are.
pub(super) fn text(s: &str) -> Result<String, String> {
    Ok(s.to_string())
}
