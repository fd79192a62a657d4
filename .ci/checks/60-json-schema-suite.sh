#!/usr/bin/env bash
# The JSON Schema Test Suite (draft7, draft2020-12; ../shared/json-schema-test-suite)
# on mcpwire's generated validators, Value and bytes paths, beside the
# jsonschema crate (docs/json-schema-suite.md). Fails on a failure that
# xtask/json-schema-suite-expected.toml does not pin.
# Cost measured on a 2-core machine shared with other builds (debug build: it
# compiles much faster than release and the tests run in about a second):
# 782 cases generated in ~11 s; the scratch workspace under
# target/json-schema-suite/ (13 group crates of 64 cases, the runner, jsonschema
# and its dependencies) built from clean in ~200 s; rebuilt after a codegen
# change in ~20 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
status=0
cargo xtask json-schema-suite || status=$?
echo "json-schema-suite: $(( $(date +%s) - start )) s"
exit "$status"
