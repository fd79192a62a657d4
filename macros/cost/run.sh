#!/usr/bin/env bash
# What 100 `fixture!`s cost a test crate's compile time, against the same 100
# values written with `serde_json::json!` and validated at run time.
#
#   macros/cost/run.sh [WORK_DIR]
#
# Generates two throwaway crates in WORK_DIR (default: a fresh `mktemp -d`),
# each with 100 #[test]s made from the 2026-07-28 spec examples
# ($MCPWIRE_SPEC_DIR, default ../shared/mcp-spec beside the repository), and
# times for each: a clean `cargo test --no-run` (own target dir, every
# dependency built) and an incremental one after touching the test file.
# Nothing is written inside the repository.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
spec="${MCPWIRE_SPEC_DIR:-$repo/../shared/mcp-spec}"
work="${1:-$(mktemp -d)}"
export MCPWIRE_SPEC_DIR="$(cd "$spec" && pwd)"

gen() { # variant (macro|json) → crate dir
    local variant=$1 dir="$work/$1"
    mkdir -p "$dir/tests"
    local features='"v2026_07_28"'
    [ "$variant" = macro ] && features='"v2026_07_28", "macros"'
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "fixture-cost-$variant"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
mcpwire = { path = "$repo", default-features = false, features = [$features] }
serde_json = "1"
[workspace]
TOML
    mkdir -p "$dir/src" && echo "" > "$dir/src/lib.rs"
    python3 - "$spec/2026-07-28/examples" "$variant" > "$dir/tests/fixtures.rs" <<'PY'
import json, os, sys
root, variant = sys.argv[1], sys.argv[2]
cases = sorted((d, f) for d in os.listdir(root) for f in os.listdir(os.path.join(root, d)) if f.endswith(".json"))[:100]
print("use mcpwire::v2026_07_28;")
for i, (d, f) in enumerate(cases):
    text = json.dumps(json.load(open(os.path.join(root, d, f))), ensure_ascii=False, indent=1)
    print("#[test]\nfn case_%d() {" % i)
    if variant == "macro":
        print("    let v = mcpwire::fixture!(v2026_07_28::%s, %s);" % (d, text))
    else:
        print("    let v = serde_json::json!(%s);" % text)
        print("    assert!(v2026_07_28::validate::Definition::%s.is_valid(&v));" % d)
    print("    assert!(!v.is_null());\n}")
PY
}

t() { # label, command...: wall and CPU seconds
    local label=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/last.log" \
        || { cat "$work/last.log"; exit 1; }
    awk -v l="$label" '{printf "%-26s wall %6.1fs  cpu(user+sys) %6.1fs\n", l, $1, $2 + $3}' "$work/time"
}

for variant in json macro; do
    gen "$variant"
    ( cd "$work/$variant"
      t "$variant clean" cargo test --no-run --quiet
      touch tests/fixtures.rs
      t "$variant incremental" cargo test --no-run --quiet
      touch tests/fixtures.rs
      t "$variant touched, no incr" env CARGO_INCREMENTAL=0 cargo test --no-run --quiet
      cargo test --quiet >/dev/null 2>&1 && echo "$variant: 100 tests pass" )
done
echo "crates in $work"
