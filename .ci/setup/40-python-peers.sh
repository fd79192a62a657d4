#!/usr/bin/env bash
# A real python-sdk peer for tests/probe_python.rs: a virtual environment at
# tests/peers/python/.venv with the `mcp` package (and what it needs) pinned
# by bindings/python/constraints.txt, the pins the Python bindings' tests
# use. Skipped when the environment already matches the constraints file.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${PYTHON:-python3}
command -v "$python" >/dev/null || { echo "40-python-peers: $python is required" >&2; exit 1; }
venv=tests/peers/python/.venv
stamp=$venv/.mcpwire-constraints-sha256
want=$(sha256sum bindings/python/constraints.txt | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "40-python-peers: $venv matches bindings/python/constraints.txt"
  exit 0
fi
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check -c bindings/python/constraints.txt mcp
echo "$want" > "$stamp"
echo "40-python-peers: $("$venv/bin/python" -c 'import importlib.metadata as m; print("mcp", m.version("mcp"))')"
