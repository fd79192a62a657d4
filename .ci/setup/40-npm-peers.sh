#!/usr/bin/env bash
# Real MCP peers for tests/proxy_peer.rs: server-everything and the official
# TypeScript SDK, an older server-everything release beside it for
# tests/snapshot_peers.rs (the alias server-everything-2025.11.25), and
# playwright-core for tests/http_har_browser.rs, pinned
# by tests/peers/package-lock.json (npm ci). Skipped when the installed tree
# already matches the lock file.
set -euo pipefail
cd "$(dirname "$0")/../../tests/peers"
command -v node >/dev/null || { echo "40-npm-peers: node is required (apt-get install nodejs npm)" >&2; exit 1; }
stamp=node_modules/.mcpwire-lock-sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "40-npm-peers: tests/peers/node_modules matches package-lock.json"
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
node -e 'for (const p of ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server-everything", "playwright-core", "server-everything-2025.11.25"]) { const v = JSON.parse(require("fs").readFileSync(`node_modules/${p}/package.json`)).version; console.log(`40-npm-peers: ${p}@${v}`); }'
