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
  // Load time in a fresh Node process: read + compile + instantiate, then
  // the first Session and observe (everything before the first verdict).
  const probe = `
    const t0 = performance.now();
    const raw = await import(${JSON.stringify(join(out, 'wasm', 'mcpwire_wasm.js'))});
    raw.initSync({ module: (await import('node:fs')).readFileSync(${JSON.stringify(join(out, 'wasm', 'mcpwire_wasm_bg.wasm'))}) });
    const t1 = performance.now();
    const rev = JSON.parse(raw.revisions()).at(-1);
    new raw.RawSession(rev, '{}').observeString('c2s', 'harness', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    console.log(JSON.stringify({ load_ms: t1 - t0, first_verdict_ms: performance.now() - t0 }));`;
  const timing = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' }));
  const gz = gzipSync(readFileSync(join(out, 'wasm', 'mcpwire_wasm_bg.wasm')), { level: 9 }).length;
  rows.push({ revisions: f.includes(',') ? 'all six' : f, wasm_bytes: r.wasm_bytes, before_wasm_opt: r.wasm_bytes_before_opt, gzip: gz, load_ms: +timing.load_ms.toFixed(1), first_verdict_ms: +timing.first_verdict_ms.toFixed(1), build_s: (Date.now() - start) / 1000 });
  console.log(JSON.stringify(rows.at(-1)));
}
console.log('\n| revisions | .wasm (wasm-opt -Os) | before wasm-opt | gzip -9 | load (fresh Node) | to first verdict | build |');
console.log('|---|--:|--:|--:|--:|--:|--:|');
for (const r of rows) console.log(`| ${r.revisions} | ${r.wasm_bytes} | ${r.before_wasm_opt} | ${r.gzip} | ${r.load_ms} ms | ${r.first_verdict_ms} ms | ${r.build_s} s |`);
