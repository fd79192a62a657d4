#!/usr/bin/env bash
# One message goes through the library's stages one way: no two sibling
# modules of a crate — its top-level modules, or the files and folders
# inside one folder — import each other, directly or round a circle. The
# graph is read from the source text (.ci/lib/module_circles.py says how).
set -euo pipefail
cd "$(dirname "$0")/../.."
roots=(src src/bin/mcpwire runtime/src codegen/src macros/src xtask/src
  bindings/python/src bindings/wasm/src)
if ! python3 .ci/lib/module_circles.py "${roots[@]}"; then
  echo "15-module-circles: the modules above import each other round a circle;" >&2
  echo "move what both need below both, or the code to the module that owns it" >&2
  exit 1
fi
echo "15-module-circles: none in ${#roots[@]} crates"
