#!/usr/bin/env node
// Builds the package into npm/dist/ (never committed):
//   0. the prerequisites (scripts/prereqs.mjs): the wasm32 target and
//      wasm-bindgen-cli at the Cargo.lock version are installed when
//      missing (--no-install: only checked), the spec files checked
//   1. cargo build --release --target wasm32-unknown-unknown -p mcpwire-wasm
//      (simd128, fat LTO, one codegen unit)
//   2. wasm-bindgen --target web (the CLI must be the exact version of the
//      wasm-bindgen crate in Cargo.lock; .ci/setup/40-wasm.sh installs it)
//   3. wasm-opt -Os from the npm package `binaryen` (a devDependency), when
//      installed; --no-opt skips it
//   4. src/*.js copied next to the generated glue
//
// Usage: node scripts/build.mjs [--features v2026_07_28,...] [--out DIR] [--no-opt] [--no-simd] [--no-lto] [--names] [--no-install]
// (--names: wasm-opt keeps the function names, -g, for `node --cpu-prof`)
// (default: all six revisions, into dist/). Prints each step's time and
// the .wasm sizes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prerequisites } from './prereqs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, '..');
const repo = resolve(pkg, '..');

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const features = flag('--features');
const out = resolve(flag('--out') ?? join(pkg, 'dist'));
const optimise = !args.includes('--no-opt');
// 128-bit SIMD (Node ≥ 16.4 and every current browser run it): the bytes
// reader's string scans and memchr use it. --no-simd builds without.
const simd = !args.includes('--no-simd');

function run(what, cmd, argv, options = {}) {
  const start = process.hrtime.bigint();
  execFileSync(cmd, argv, { stdio: 'inherit', cwd: repo, ...options });
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  console.error(`build: ${what}: ${s.toFixed(1)} s`);
}

// Everything the build needs, checked (and the wasm target and
// wasm-bindgen-cli installed) before anything compiles.
const problems = prerequisites({ install: !args.includes('--no-install') });
if (problems.length > 0) {
  for (const p of problems) console.error(`build: missing: ${p}`);
  process.exit(1);
}

const metadata = JSON.parse(
  execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: repo, encoding: 'utf8' })
);
const target = metadata.target_directory;
const cargoArgs = ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'mcpwire-wasm'];
if (features) cargoArgs.push('--no-default-features', '--features', features);
// The flags go to the wasm target only (build scripts and proc macros are
// host code); a change of flags rebuilds the wasm target's crates.
// The shadow stack in linear memory (address-taken locals; rustc's default
// is 1 MiB): 16 MiB, far more than the deepest maxDepth a Session accepts
// needs (bindings/wasm/src/api.rs MAX_DEPTH, bounded by the JavaScript
// engine's own stack, which holds the wasm frames; npm/test/limits.test.mjs).
const STACK_BYTES = 16 << 20;
const rustflags = [process.env.CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS, `-C link-arg=-zstack-size=${STACK_BYTES}`, simd ? '-C target-feature=+simd128' : '']
  .filter(Boolean)
  .join(' ');
// Fat LTO and one codegen unit (the release profile's other settings
// kept): 5–10 % less time per message in Node and 4 % smaller, for a longer
// build (docs/javascript.md). --no-lto builds the plain release profile.
const lto = args.includes('--no-lto') ? {} : { CARGO_PROFILE_RELEASE_LTO: 'fat', CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '1' };
run(`cargo (${features ?? 'all revisions'}${simd ? ', simd128' : ''}${lto.CARGO_PROFILE_RELEASE_LTO ? ', fat LTO' : ''})`, 'cargo', cargoArgs, {
  env: { ...process.env, ...lto, CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: rustflags },
});

const wasm = join(target, 'wasm32-unknown-unknown', 'release', 'mcpwire_wasm.wasm');
const glue = join(out, 'wasm');
rmSync(out, { recursive: true, force: true });
mkdirSync(glue, { recursive: true });
run('wasm-bindgen', 'wasm-bindgen', ['--target', 'web', '--out-dir', glue, '--out-name', 'mcpwire_wasm', wasm]);

const bg = join(glue, 'mcpwire_wasm_bg.wasm');
const before = statSync(bg).size;
const wasmOpt = join(pkg, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
if (optimise && existsSync(wasmOpt)) {
  run('wasm-opt -Os (npm binaryen)', process.execPath, [wasmOpt, '-Os', ...(args.includes('--names') ? ['-g'] : []), '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', ...(simd ? ['--enable-simd'] : []), bg, '-o', bg]);
} else if (optimise) {
  console.error('build: wasm-opt not installed (npm ci in npm/ installs binaryen); skipped');
}
const after = statSync(bg).size;

for (const f of readdirSync(join(pkg, 'src'))) {
  if (f.endsWith('.js')) copyFileSync(join(pkg, 'src', f), join(out, f));
}
console.error(`build: ${bg}: ${after} bytes (${before} before wasm-opt)`);
console.log(JSON.stringify({ features: features ?? 'all', wasm_bytes: after, wasm_bytes_before_opt: before }));
