#!/usr/bin/env bash
# python (bindings/python): fmt and clippy of the extension crate (it is
# outside the workspace), the native CLI staged into the package, the wheel
# built with maturin (pinned in bindings/python/constraints.txt), installed
# into a fresh virtual environment and tested from there (the tests are
# copied out of the source tree), then the sdist. Prints the wall times.
#
# Under CI (CI set) the wheel is a test build: the extension is compiled in
# the dev profile into the workspace's target directory (so the
# dependencies the test stage built are reused) and the command line it
# ships is the test stage's own `target/debug/mcpwire` (every feature), not
# a release build of its own: the tests need the package's behaviour, not
# its speed. Elsewhere (a release), both are release builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
start=$SECONDS
work=$(mktemp -d)
bin_dir=bindings/python/python/mcpwire/bin
cleanup() { rm -rf "$work" "$bin_dir"; }
trap cleanup EXIT
constraints=$root/bindings/python/constraints.txt
python=${PYTHON:-python3}

target=$(cargo metadata --format-version 1 --no-deps | "$python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
if [ -n "${CI:-}" ]; then
  export CARGO_TARGET_DIR=$target
  profile=(--profile dev)
  cli=$target/debug/mcpwire
else
  profile=(--release)
  cli=
fi

(cd bindings/python && cargo fmt --check && cargo clippy --all-targets -- -D warnings)

"$python" -m venv "$work/build"
"$work/build/bin/pip" install -q -c "$constraints" maturin

# The command line the wheel ships (every revision, `proxy` included; no
# typify types, which the CLI never uses).
t=$SECONDS
if [ -z "$cli" ]; then
  features=cli,proxy,v2024_11_05,v2025_03_26,v2025_06_18,v2025_11_25,v2026_07_28,draft
  cargo build --release --bin mcpwire --no-default-features --features "$features"
  cli=$target/release/mcpwire
fi
mkdir -p "$bin_dir"
cp "$cli" "$bin_dir/"
echo "60-python: native CLI $((SECONDS - t)) s"

t=$SECONDS
"$work/build/bin/maturin" build "${profile[@]}" -m bindings/python/Cargo.toml --out "$work/dist"
wheel=$(ls "$work"/dist/*.whl)
echo "60-python: wheel $((SECONDS - t)) s, $(du -k "$wheel" | cut -f1) KiB: $(basename "$wheel")"

t=$SECONDS
"$python" -m venv "$work/test"
"$work/test/bin/pip" install -q -c "$constraints" "$wheel" pytest mcp
cp -r bindings/python/tests "$work/tests"
(cd "$work" && MCPWIRE_REQUIRE_CLI=1 "$work/test/bin/python" -m pytest -q tests)
(cd "$work" && "$work/test/bin/mcpwire" --version)
echo "60-python: tests $((SECONDS - t)) s"

t=$SECONDS
rm -rf "$bin_dir"
"$work/build/bin/maturin" sdist -m bindings/python/Cargo.toml --out "$work/sdist"
echo "60-python: sdist $((SECONDS - t)) s, $(du -k "$work"/sdist/*.tar.gz | cut -f1) KiB"
echo "60-python: total $((SECONDS - start)) s"
