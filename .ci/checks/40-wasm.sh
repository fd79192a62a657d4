#!/usr/bin/env bash
# wasm (bindings/wasm, npm/): builds the WebAssembly module and the npm
# package (all six revisions, release, wasm-opt from npm's binaryen), writes
# the parity cases with the Rust library (tests/wasm_parity.rs, reusing the
# test build of .ci/run's test stage, which also builds the native
# `mcpwire` binary), then runs the package's Node tests: the API, the types,
# parity with Rust, `npx mcpwire` against the native CLI, and the playground
# in headless Chromium. CI=true: a test whose input is missing fails.
# The npm build compiles bindings/wasm again, for wasm32-unknown-unknown in
# release: another target, so nothing of the host build can be reused.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

node npm/scripts/build.mjs --no-install
echo "40-wasm: build $((SECONDS - start)) s"

target=$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
# cargo's CARGO_TARGET_TMPDIR, where tests/wasm_parity.rs writes.
target_tmp="$target/tmp"
export MCPWIRE_PARITY_DIR="$target_tmp"/wasm-parity
export MCPWIRE_SCREENSHOT_DIR="$target_tmp"/wasm-playground
export MCPWIRE_NATIVE_BIN="$target/debug/mcpwire"
# The test build's CLI (every feature), relinked: 40-package.sh's verify
# build of the packaged crate (one revision) writes the same path.
cargo build --all-features --bin mcpwire
t=$SECONDS
# --workspace --all-features: the flags of the README's test command in
# .ci/run, so its test build is reused, not rebuilt.
cargo test --workspace --all-features --test wasm_parity -- --ignored --nocapture
echo "40-wasm: parity cases $((SECONDS - t)) s"

t=$SECONDS
(cd npm && node --test test/)
echo "40-wasm: node tests $((SECONDS - t)) s; total $((SECONDS - start)) s"
