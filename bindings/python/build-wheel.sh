#!/usr/bin/env bash
# Builds the Python package's wheel from a checkout, with the native
# `mcpwire` command line inside it (what `pip install ./bindings/python`
# leaves out), and prints the wheel's path on its last line:
#
#   bash bindings/python/build-wheel.sh             # → target/wheels/pymcpwire-*.whl
#   pip install target/wheels/pymcpwire-*.whl
#
# Needs Rust (1.88 or later), Python 3.9 or later and the MCP spec files
# (../shared/mcp-spec beside the checkout, as .cargo/config.toml says, or
# MCPWIRE_SPEC_DIR as an absolute path). maturin comes from the pin in
# constraints.txt: the one on PATH if it is that version, else a private
# virtual environment under the target directory.
#
# Options: --out DIR (default: <target>/wheels); --dev (the dev profile:
# a faster build of a slower package, what CI tests); MCPWIRE_CLI=PATH
# ships that `mcpwire` binary instead of building one (CI passes the test
# stage's).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python=${PYTHON:-python3}
constraints=$root/bindings/python/constraints.txt
bin_dir=$root/bindings/python/python/pymcpwire/bin
out=
profile=release
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --dev) profile=dev; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "build-wheel: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

for tool in cargo "$python"; do
  command -v "$tool" >/dev/null || { echo "build-wheel: $tool not found (needs Rust 1.88+ and Python 3.9+)" >&2; exit 1; }
done
target=$(cargo metadata --format-version 1 --no-deps | "$python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
out=${out:-$target/wheels}

# maturin at the pinned version.
want=$(sed -n 's/^maturin==//p' "$constraints")
maturin=$(command -v maturin || true)
if [ -z "$maturin" ] || [ "$("$maturin" --version | awk '{ print $2 }')" != "$want" ]; then
  venv=$target/maturin-$want
  if [ ! -x "$venv/bin/maturin" ]; then
    echo "build-wheel: installing maturin $want into $venv" >&2
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q -c "$constraints" maturin
  fi
  maturin=$venv/bin/maturin
fi

start=$SECONDS
# The command line the wheel ships: every revision and `proxy`, no typify
# types (the CLI never uses them).
cli=${MCPWIRE_CLI:-}
if [ -z "$cli" ]; then
  features=cli,proxy,v2024_11_05,v2025_03_26,v2025_06_18,v2025_11_25,v2026_07_28,draft
  cargo build --profile "$profile" --bin mcpwire --no-default-features --features "$features"
  cli=$target/$([ "$profile" = dev ] && echo debug || echo release)/mcpwire
fi
[ -x "$cli" ] || { echo "build-wheel: no mcpwire binary at $cli" >&2; exit 1; }
trap 'rm -rf "$bin_dir"' EXIT
mkdir -p "$bin_dir"
cp "$cli" "$bin_dir/"
echo "build-wheel: command line $((SECONDS - start)) s" >&2

t=$SECONDS
# The extension (outside the workspace, its own Cargo.lock) builds into the
# workspace's target directory too: the dependencies the two share compile once.
export CARGO_TARGET_DIR=$target
"$maturin" build --profile "$profile" -m bindings/python/Cargo.toml --out "$out" >&2
wheel=$(ls -t "$out"/pymcpwire-*.whl | head -n 1)
echo "build-wheel: wheel $((SECONDS - t)) s, $(du -k "$wheel" | cut -f1) KiB" >&2
echo "$wheel"
