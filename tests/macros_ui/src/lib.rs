//! Empty: this package only holds the tests of `mcpwire::fixture!` and
//! `mcpwire::fixture_file!` (see `tests/`).
