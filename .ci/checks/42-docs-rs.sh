#!/usr/bin/env bash
# The docs as docs.rs renders them ([package.metadata.docs.rs]: all
# features, --cfg docsrs, nightly rustdoc), warnings denied (broken intra-doc
# links). The spec files come from MCPWIRE_SPEC_DIR here; docs.rs itself has
# no network, see README "Installing".
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo +nightly doc --locked --no-deps --all-features \
  -p mcpwire -p mcpwire-runtime -p mcpwire-codegen -p mcpwire-macros --target-dir target/docs-rs
echo "docs.rs build: ok in $(( $(date +%s) - start )) s"
