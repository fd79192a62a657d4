#!/usr/bin/env bash
# Every published crate packages and builds from its package alone, as
# crates.io would get it: `cargo publish --workspace --dry-run` packages
# mcpwire-runtime, mcpwire-codegen, mcpwire-macros and mcpwire (publish =
# false members are skipped), and verifies each by building the packaged
# sources. A plain `cargo publish --dry-run -p mcpwire` cannot verify before
# its siblings are on crates.io (the packaged manifest names them by version
# only); with --workspace cargo resolves them from a temporary local registry
# of the crates just packaged, so this is the per-crate dry run. The packaged
# mcpwire is verified with one revision (the other five are the same code
# path and would only add build time); the file lists are printed for review.
# A compile of its own: the packaged sources live under target/package, so
# their fingerprints differ from the workspace's; building what crates.io
# would get is the point of the check.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
for p in mcpwire-runtime mcpwire-codegen mcpwire-macros mcpwire; do
  echo "-- $p: $(cargo package --list --locked -p "$p" | tr '\n' ' ')"
done
# The pin must travel with mcpwire-codegen (codegen/schemas -> ../schemas).
cargo package --list --locked -p mcpwire-codegen | grep -qx 'schemas/pin.toml' \
  || { echo "mcpwire-codegen does not package schemas/pin.toml" >&2; exit 1; }
cargo publish --workspace --dry-run --locked \
  --no-default-features --features mcpwire/v2026_07_28,mcpwire/cli
echo "package: ok in $(( $(date +%s) - start )) s"
