//! Compile-time behaviour of `fixture!` / `fixture_file!`: the cases under
//! `ui/pass` must compile and run, those under `ui/fail` must fail with the
//! committed `.stderr`. One trybuild invocation (one extra build of mcpwire
//! in trybuild's own target dir). Accept a reviewed change of the messages
//! with `TRYBUILD=overwrite cargo test -p mcpwire-macros-ui --test compile`.

use std::path::Path;

#[test]
fn ui() {
    copy_fixtures_into_trybuild_project();
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}

/// `fixture_file!` paths are relative to the calling crate, which for these
/// cases is trybuild's project `<target>/tests/trybuild/mcpwire-macros-ui`:
/// give it the fixture files (`CARGO_TARGET_TMPDIR` is `<target>/tmp`).
fn copy_fixtures_into_trybuild_project() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("CARGO_TARGET_TMPDIR is <target>/tmp");
    let to = target.join("tests/trybuild/mcpwire-macros-ui/tests/fixtures");
    std::fs::create_dir_all(&to).unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}
