#!/usr/bin/env bash
# python (bindings/python): fmt and clippy of the extension crate (it is
# outside the workspace), the wheel built by bindings/python/build-wheel.sh
# (the native CLI staged into the package, maturin pinned in
# bindings/python/constraints.txt), installed
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
trap 'rm -rf "$work"' EXIT
constraints=$root/bindings/python/constraints.txt
python=${PYTHON:-python3}

target=$(cargo metadata --format-version 1 --no-deps | "$python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
wheel_args=(--out "$work/dist")
if [ -n "${CI:-}" ]; then
  export CARGO_TARGET_DIR=$target
  export MCPWIRE_CLI=$target/debug/mcpwire
  # The test build's CLI (every feature): relinked from the test build's
  # artifacts, since 40-package.sh's verify build of the packaged crate
  # (one revision) writes the same path.
  cargo build --all-features --bin mcpwire
  wheel_args+=(--dev)
fi

(cd bindings/python && cargo fmt --check && cargo clippy --all-targets -- -D warnings)

# The documented one-command build (bindings/python/build-wheel.sh): the
# command line staged into the package, then maturin.
t=$SECONDS
wheel=$(bash bindings/python/build-wheel.sh "${wheel_args[@]}")
echo "60-python: wheel $((SECONDS - t)) s, $(du -k "$wheel" | cut -f1) KiB: $(basename "$wheel")"
maturin=$(ls -d "$target"/maturin-*/bin/maturin 2>/dev/null | head -n 1)
maturin=${maturin:-maturin}

t=$SECONDS
"$python" -m venv "$work/test"
"$work/test/bin/pip" install -q -c "$constraints" "$wheel" pytest mcp
cp -r bindings/python/tests "$work/tests"
(cd "$work" && MCPWIRE_REQUIRE_CLI=1 "$work/test/bin/python" -m pytest -q tests)
(cd "$work" && "$work/test/bin/mcpwire" --version)
echo "60-python: tests $((SECONDS - t)) s"

t=$SECONDS
"$maturin" sdist -m bindings/python/Cargo.toml --out "$work/sdist"
echo "60-python: sdist $((SECONDS - t)) s, $(du -k "$work"/sdist/*.tar.gz | cut -f1) KiB"
echo "60-python: total $((SECONDS - start)) s"
