#!/usr/bin/env bash
# wasm (bindings/wasm, npm/): npm/'s packages from its lock file, then the
# package's own prerequisite step (npm/scripts/prereqs.mjs --install, what
# `npm run build` runs first): the wasm32 target and wasm-bindgen-cli at the
# exact version of the wasm-bindgen crate in Cargo.lock; then Debian's
# chromium for the playground's browser test.
# Idempotent: each step is skipped when already in place.
set -euo pipefail
cd "$(dirname "$0")/../.."

# No package here needs an install script (playwright-core is pointed at
# /usr/bin/chromium, binaryen's wasm-opt is plain JavaScript).
(cd npm && npm ci --ignore-scripts --no-audit --no-fund)

node npm/scripts/prereqs.mjs --install

if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
/usr/bin/chromium --version
