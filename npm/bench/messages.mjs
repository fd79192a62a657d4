#!/usr/bin/env node
// The benchmark's workload (bench.mjs) as one line per message and
// revision, `dir \t origin \t revision \t text`, for the native loop
// (bindings/wasm/examples/observe_loop.rs) that profiles the library side.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (name) =>
  readFileSync(join(repo, 'examples', name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
const older = read('session-2025-11-25.jsonl');
const newer = read('session-2026-07-28.jsonl');
const workload = { '2024-11-05': older, '2025-03-26': older, '2025-06-18': older, '2025-11-25': older, '2026-07-28': newer, draft: newer };
for (const [revision, records] of Object.entries(workload)) {
  for (const r of records) {
    console.log([r.dir, r.origin ?? 'implementation', revision, JSON.stringify(r.msg)].join('\t'));
  }
}
