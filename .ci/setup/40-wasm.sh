#!/usr/bin/env bash
# wasm (bindings/wasm, npm/): the wasm32 target, wasm-bindgen-cli at the
# exact version of the wasm-bindgen crate in Cargo.lock, Debian's chromium
# for the playground's browser test, and npm/'s packages from its lock file.
# Idempotent: each step is skipped when already in place.
set -euo pipefail
cd "$(dirname "$0")/../.."

rustup target add wasm32-unknown-unknown

want=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/[" ]/, "", $0); sub(/^version=/, "", $0); print; exit }' Cargo.lock)
[ -n "$want" ] || { echo "40-wasm: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "40-wasm: installing wasm-bindgen-cli $want (found: ${have:-none})"
  # --locked first. wasm-bindgen-cli 0.2.130's packaged lock pins
  # webpki-roots 1.0.11, which this registry does not serve, so there the
  # locked install cannot resolve; the CLI's own version stays pinned
  # exactly and cargo resolves its dependencies instead.
  if ! cargo install --locked wasm-bindgen-cli --version "=$want"; then
    echo "40-wasm: the locked install failed (see above); installing with resolved dependencies" >&2
    cargo install wasm-bindgen-cli --version "=$want"
  fi
fi
[ "$(wasm-bindgen --version | awk '{ print $2 }')" = "$want" ] || { echo "40-wasm: wasm-bindgen is not $want" >&2; exit 1; }

if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
/usr/bin/chromium --version

# No package here needs an install script (playwright-core is pointed at
# /usr/bin/chromium, binaryen's wasm-opt is plain JavaScript).
(cd npm && npm ci --ignore-scripts --no-audit --no-fund)
