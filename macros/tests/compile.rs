//! Compile-time behaviour of `fixture!` / `fixture_file!`: the cases under
//! `ui/pass` must compile and run, those under `ui/fail` must fail with the
//! committed `.stderr`. One trybuild invocation (one extra build of mcpwire
//! in trybuild's own target dir). Accept a reviewed change of the messages
//! with `TRYBUILD=overwrite cargo test -p mcpwire-macros --test compile`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
