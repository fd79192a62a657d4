#!/usr/bin/env bash
# examples/rmcp_guard.rs (feature `tokio`): the test guard on a real rmcp
# client and server. The tee, guard and rmcp tests (tests/tee*.rs,
# tests/live.rs) run in .ci/run's test stage, which has every feature on.
# The example is built with the test stage's flags, so the build is reused
# (`cargo test` builds examples, it does not run them).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --workspace --all-features --example rmcp_guard
target=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
"$target/debug/examples/rmcp_guard"
