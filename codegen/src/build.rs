//! The build-script driver shared by `mcpwire` and `mcpwire-macros`: both
//! generate one module per enabled revision into `OUT_DIR`, from the same
//! pinned spec files, and differ only in the [`Options`] they pass
//! (`mcpwire`: everything; `mcpwire-macros`: the validators alone).
//!
//! Unlike the pure stages, this module talks to cargo: it reads the
//! environment cargo gives build scripts and prints `cargo:` directives.

use std::path::{Path, PathBuf};

use crate::{emit, generate_all, load, metaschema, Config, Error, Options, Version};

/// Runs a build script: for every revision whose cargo feature is on
/// (`CARGO_FEATURE_V2025_11_25`, …), generates its module with `options`
/// (an alias module where an earlier enabled revision has the same patched
/// schema, [`generate_all`]) and writes it to `$OUT_DIR/<module>.rs` when
/// its bytes changed.
///
/// `package_root` is the manifest directory of the crate whose build script
/// runs (`mcpwire` or `mcpwire-macros`). The spec files come from
/// [`spec_dir`]; the pin is the one this crate was built with
/// ([`load::PIN_TOML`]). Cargo reruns the script only when `build.rs`, the
/// spec files of enabled revisions, one of the `MCPWIRE_SPEC_*`
/// variables or `MCPWIRE_ASSERT_FORMATS` change.
///
/// When `options.asserted_formats` is `None`, the asserted formats come from
/// [`ASSERT_FORMATS_ENV`] ([`asserted_formats_from_env`]), so `mcpwire` and
/// `mcpwire-macros` judge formats alike.
///
/// Returns the revisions it generated. A failure prints a readable message
/// (also as cargo warnings) and exits with status 1 instead of panicking.
pub fn run(package_root: &Path, mut options: Options) -> Vec<Version> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    for var in SPEC_ENV.iter().chain([&ASSERT_FORMATS_ENV]) {
        println!("cargo:rerun-if-env-changed={var}");
    }
    if options.asserted_formats.is_none() {
        options.asserted_formats = asserted_formats_from_env();
    }
    let pin_file = out.join("pin.toml");
    emit::write_if_changed(&pin_file, load::PIN_TOML)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", pin_file.display()));
    let enabled: Vec<Version> = Version::ALL
        .iter()
        .copied()
        .filter(|v| std::env::var_os(v.feature_env()).is_some())
        .collect();
    if enabled.is_empty() {
        // No revision feature on: nothing to read, nothing to ask for.
        return enabled;
    }
    let spec_dir = match spec_dir(package_root, &load::Pin::embedded(), &enabled) {
        Ok(dir) => dir,
        Err(err) => fail(&err),
    };
    let cfg = Config {
        spec_dir: spec_dir.clone(),
        pin_file,
    };
    for version in &enabled {
        let file = load::schema_path(&spec_dir, *version);
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let generated = match generate_all(&enabled, &cfg, options) {
        Ok(generated) => generated,
        Err(err) => fail(&err),
    };
    for generated in &generated {
        let target = out.join(format!("{}.rs", generated.version.module));
        emit::write_if_changed(&target, &generated.source)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
    }
    enabled
}

/// Runs the metaschema half of a build script (mcpwire's feature
/// `metaschemas`): compiles every dialect of [`metaschema::Metaschema::ALL`]
/// into `$OUT_DIR/metaschema_<module>.rs`, written when its bytes changed.
/// The files come from [`metaschema::dir`] and are checked against the pin
/// this crate was built with ([`metaschema::METASCHEMAS_TOML`]). A failure
/// prints a readable message and exits with status 1.
pub fn metaschemas(package_root: &Path) {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for var in [
        metaschema::DIR_ENV,
        metaschema::BASE_URL_ENV,
        "MCPWIRE_SPEC_CACHE",
        "CARGO_NET_OFFLINE",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let pin = metaschema::MetaPin::embedded();
    let dir = metaschema::dir(package_root, &pin).unwrap_or_else(|err| fail(&err));
    for meta in metaschema::Metaschema::ALL {
        for name in pin.files(meta) {
            println!("cargo:rerun-if-changed={}", dir.join(name).display());
        }
        let source = metaschema::generate(meta, &dir, &pin).unwrap_or_else(|err| fail(&err));
        let target = out.join(format!("metaschema_{}.rs", meta.module));
        emit::write_if_changed(&target, &source)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
    }
}

/// The environment variables that decide where the spec files come from.
pub const SPEC_ENV: [&str; 4] = [
    "MCPWIRE_SPEC_DIR",
    "MCPWIRE_SPEC_BASE_URL",
    "MCPWIRE_SPEC_CACHE",
    "CARGO_NET_OFFLINE",
];

/// The build option naming the `format`s compiled to assertions, a
/// comma-separated list: `MCPWIRE_ASSERT_FORMATS=uri,uri-template,byte` is
/// the default set ([`crate::schema::Options::DEFAULT_FORMATS`]); an empty
/// value asserts none. Every other format is an annotation, as both JSON
/// Schema dialects say; a name the generator has no check for is an
/// annotation too, never a build failure.
pub const ASSERT_FORMATS_ENV: &str = "MCPWIRE_ASSERT_FORMATS";

/// The asserted formats `MCPWIRE_ASSERT_FORMATS` names, or `None` when it
/// is unset ([`ASSERT_FORMATS_ENV`]).
pub fn asserted_formats_from_env() -> Option<Vec<String>> {
    let value = std::env::var(ASSERT_FORMATS_ENV).ok()?;
    Some(parse_format_list(&value))
}

/// Splits a comma-separated format list, trimming blanks and dropping
/// empty names and repeats.
pub fn parse_format_list(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    names
}

/// Where the build reads `<revision>/schema.json` from:
/// 1. `$MCPWIRE_SPEC_DIR` when set. An absolute path is used as is (what
///    cargo passes for `[env] MCPWIRE_SPEC_DIR = { value = "…", relative = true }`
///    in the depending crate's `.cargo/config.toml`). A relative one is taken
///    from the directory cargo was started in (`$PWD`, the depending crate or
///    workspace when you run cargo there), else from `package_root`.
/// 2. Else, with feature `fetch` (mcpwire's `fetch-spec`), the download
///    cache, after every enabled revision's file is in it ([`crate::fetch`]).
/// 3. Else an error saying how to provide the files.
pub fn spec_dir(
    package_root: &Path,
    pin: &load::Pin,
    enabled: &[Version],
) -> Result<PathBuf, Error> {
    if let Some(value) = std::env::var_os("MCPWIRE_SPEC_DIR").filter(|v| !v.is_empty()) {
        return Ok(load::resolve_relative(Path::new(&value), package_root));
    }
    #[cfg(feature = "fetch")]
    {
        let fetcher = crate::fetch::Fetcher::from_env(pin)?;
        let (dir, downloaded) = fetcher.ensure(pin, enabled)?;
        // Build script output (shown by `cargo build -vv`), not a warning.
        println!(
            "mcpwire: spec files of {} revision(s) in {}: {downloaded} downloaded",
            enabled.len(),
            dir.display()
        );
        Ok(dir)
    }
    #[cfg(not(feature = "fetch"))]
    {
        let _ = enabled;
        Err(Error::NoSpecSource {
            upstream: pin.upstream.clone(),
            commit: pin.commit.clone(),
        })
    }
}

/// Prints a readable message instead of a panic backtrace and exits.
fn fail(err: &Error) -> ! {
    eprintln!("error: mcpwire: {err}");
    for line in err.to_string().lines() {
        println!("cargo:warning={line}");
    }
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::parse_format_list;

    /// The one test that touches `MCPWIRE_ASSERT_FORMATS` (no other test of
    /// this crate reads it).
    #[test]
    fn the_option_is_read_from_the_environment() {
        use super::{asserted_formats_from_env, ASSERT_FORMATS_ENV};
        std::env::set_var(ASSERT_FORMATS_ENV, "uri, date-time");
        assert_eq!(
            asserted_formats_from_env(),
            Some(vec!["uri".to_string(), "date-time".to_string()])
        );
        std::env::set_var(ASSERT_FORMATS_ENV, "");
        assert_eq!(asserted_formats_from_env(), Some(Vec::new()));
        std::env::remove_var(ASSERT_FORMATS_ENV);
        assert_eq!(asserted_formats_from_env(), None);
    }

    #[test]
    fn format_lists() {
        assert_eq!(
            parse_format_list(" uri, byte,,uri ,date-time"),
            vec!["uri", "byte", "date-time"]
        );
        assert!(parse_format_list("").is_empty());
        assert!(parse_format_list(" , ").is_empty());
    }
}
