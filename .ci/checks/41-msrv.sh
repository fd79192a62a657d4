#!/usr/bin/env bash
# The MSRV promise: the library and the CLI with default features build with
# the toolchain named by `rust-version` (Cargo.toml [workspace.package]),
# with the committed lock file. Optional features (fetch-spec, macros,
# builders) and dev-dependencies are not covered (README "Minimum supported
# Rust version"). `check`, not `build`: the build scripts still run in full.
# A compile of its own, in a target directory of its own: artifacts of one
# rustc cannot be used by another, so nothing of the test build is reused;
# `check` of the library and binaries only keeps it small.
set -euo pipefail
cd "$(dirname "$0")/../.."
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml | head -1)
start=$(date +%s)
cargo "+$msrv" check --locked -p mcpwire --lib --bins --target-dir target/msrv
echo "msrv $msrv: ok in $(( $(date +%s) - start )) s"
