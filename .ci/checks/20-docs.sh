#!/usr/bin/env bash
# The published crates' API docs build without a warning: every intra-doc
# link resolves, and no public doc links to a private item. Reuses the
# test build's dependencies (rustdoc runs on the three crates only).
set -euo pipefail
cd "$(dirname "$0")/../.."
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features \
  -p mcpwire -p mcpwire-runtime -p mcpwire-codegen -p mcpwire-macros
echo "20-docs: no warnings"
