#!/usr/bin/env bash
# Debian's Chromium for tests/http_har_browser.rs (a page's MCP session
# recorded by Playwright's recordHar; playwright-core is pinned in
# tests/peers/package-lock.json, .ci/setup/40-npm-peers.sh). Playwright's
# own browser downloads are not used. Skipped when /usr/bin/chromium is
# already there.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  command -v apt-get >/dev/null || { echo "45-chromium: /usr/bin/chromium is missing and there is no apt-get" >&2; exit 1; }
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
echo "45-chromium: $(/usr/bin/chromium --version 2>/dev/null)"
