#!/usr/bin/env bash
# Installs the toolchain of the stated MSRV (`rust-version` in Cargo.toml's
# [workspace.package]) for .ci/checks/41-msrv.sh. Fast when already installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ -n "$msrv" ] || { echo "no rust-version in Cargo.toml" >&2; exit 1; }
for toolchain in "$msrv"; do
  if rustup run "$toolchain" rustc --version >/dev/null 2>&1; then
    echo "toolchain $toolchain: $(rustup run "$toolchain" rustc --version)"
  else
    echo "installing toolchain $toolchain"
    rustup toolchain install "$toolchain" --profile minimal
  fi
done
