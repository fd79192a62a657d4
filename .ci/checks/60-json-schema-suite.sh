#!/usr/bin/env bash
# The JSON Schema Test Suite (draft7, draft2020-12; ../shared/json-schema-test-suite)
# on mcpwire's generated validators, Value and bytes paths, beside the
# jsonschema crate (docs/json-schema-suite.md). Fails on a failure that
# xtask/json-schema-suite-expected.toml does not pin.
# Cost, measured on a 2-core machine shared with other builds (load 12-17):
# the 782 cases generate in 9-16 s; the scratch workspace under
# target/json-schema-suite/ (13 group crates of 64 cases, the runner,
# jsonschema and its dependencies) builds from clean in ~200 s in debug
# (~410 s in release; the group crates alone: 29 s debug, 154 s release, so
# the harness builds debug); the 3,946 tests run in under a second.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
status=0
# --no-engine: the run-time engine's lines come from tests/contracts_suite.rs,
# which the test stage (the README's test command) already ran.
cargo xtask json-schema-suite --no-engine || status=$?
echo "json-schema-suite: $(( $(date +%s) - start )) s"
exit "$status"
