#!/usr/bin/env bash
# mitmproxy for tests/http_har_peers.rs (mitmproxy's HAR of a real session
# checked against the proxy's live findings), pinned by
# tests/peers/mitmproxy-constraints.txt, in the virtual environment
# tests/peers/.venv-mitmproxy (not committed). Skipped when the environment
# already matches the constraints file.
set -euo pipefail
cd "$(dirname "$0")/../../tests/peers"
python=${PYTHON:-python3}
venv=.venv-mitmproxy
stamp=$venv/.mcpwire-constraints-sha256
want=$(sha256sum mitmproxy-constraints.txt | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "40-mitmproxy: tests/peers/$venv matches mitmproxy-constraints.txt"
  exit 0
fi
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check -c mitmproxy-constraints.txt mitmproxy
echo "$want" > "$stamp"
echo "40-mitmproxy: $("$venv/bin/mitmdump" --version | head -1)"
