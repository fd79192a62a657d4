#!/usr/bin/env bash
# The tokio tee, the test guard and the rmcp tests (tests/tee*.rs) need the
# off-by-default features `tokio` and `tracing`, so `cargo test --workspace`
# skips them; run them here on two revisions (a small build: ~3 min on CI).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo test --no-default-features --features v2025_11_25,v2026_07_28,tokio,tracing \
  --test tee --test tee_rmcp --test tee_tracing --test live
cargo run --no-default-features --features v2025_11_25,v2026_07_28,tokio --example rmcp_guard
