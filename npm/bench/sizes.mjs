#!/usr/bin/env node
// The .wasm size per revision and for all six: builds the module once per
// revision feature (node scripts/build.mjs --features <rev> into a scratch
// directory under target/tmp) and once with all six, and prints bytes before
// and after wasm-opt, and gzip -9 of the optimised module. Slow (one release
// build per revision): not part of CI.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, '..');
const repo = resolve(pkg, '..');
const target = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: repo, encoding: 'utf8' })).target_directory;
const features = ['v2024_11_05', 'v2025_03_26', 'v2025_06_18', 'v2025_11_25', 'v2026_07_28', 'draft'];
const rows = [];
for (const f of [...features, features.join(',')]) {
  const out = join(target, 'tmp', 'wasm-sizes', f.includes(',') ? 'all' : f);
  const start = Date.now();
  const line = execFileSync(process.execPath, [join(pkg, 'scripts', 'build.mjs'), '--features', f, '--out', out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const r = JSON.parse(line.trim().split('\n').at(-1));
  const gz = gzipSync(readFileSync(join(out, 'wasm', 'mcpwire_wasm_bg.wasm')), { level: 9 }).length;
  rows.push({ revisions: f.includes(',') ? 'all six' : f, wasm_bytes: r.wasm_bytes, before_wasm_opt: r.wasm_bytes_before_opt, gzip: gz, build_s: (Date.now() - start) / 1000 });
  console.log(JSON.stringify(rows.at(-1)));
}
console.log('\n| revisions | .wasm (wasm-opt -Os) | before wasm-opt | gzip -9 | build |');
console.log('|---|--:|--:|--:|--:|');
for (const r of rows) console.log(`| ${r.revisions} | ${r.wasm_bytes} | ${r.before_wasm_opt} | ${r.gzip} | ${r.build_s} s |`);
