#!/usr/bin/env node
// Deterministic per-message costs of the benchmark's engines: instructions,
// simulated cache misses and branch mispredictions, counted by valgrind's
// callgrind on Node itself, so that a before → after is not lost in the
// wall-clock benchmark's ±10–15 % noise (bench.mjs), and whatever else
// the machine is doing does not move it.
//
// How: Node runs one engine over the workload (workload.mjs) for N and for
// 2N passes, under `valgrind --tool=callgrind --cache-sim=yes
// --branch-sim=yes`, with `--no-liftoff` (every wasm function compiled by
// TurboFan up front), `--single-threaded` (no background compiler or
// collector threads) and `--predictable`: two runs of the same build give
// the same counts to about 0.01 %. The difference of the two runs is N
// passes in steady state (start-up, compilation and warm-up cancel out),
// divided by the messages. `cycles≈` weighs the events as a rough cycle
// model — Ir + 10 × (L1 misses) + 15 × (mispredicted branches). It is a
// before → after for one engine, not a forecast of bench.mjs's ratio
// between engines: on the older revisions it lands near it (counted on
// 2025-03-26: 0.71 modelled, 0.72–0.77 measured, where instructions alone
// say 0.92), on 2026-07-28 far above it (2.1 against 1.1–1.25). What it
// showed: the module takes 4–5 times ajv's instruction-cache misses per
// message (docs in npm/README.md, Performance).
//
// Engines: `text` (Session.observe on JSON text, the package's dist/ or
// the one given with --dist) and `ajv` (JSON.parse + ajv as the harness).
// Needs valgrind (Debian's package). Slow (about a minute per engine and
// revision on the two-core machine, the N and 2N runs side by side): not
// part of CI.
//
// `--i1 SIZE,ASSOC,LINE` simulates another first-level instruction cache
// (valgrind's `--I1`; default the host's, 32768,8,64 here): how the
// misses fall with the cache's size shows how much code a message runs
// (counted on 2025-03-26: the module's misses per message are 937 / 772 /
// 380 / 139 at 16 / 32 / 64 / 128 KB, ajv's 446 / 156 / 21 / 2).
//
// Usage: node bench/counts.mjs [--passes N] [--i1 SIZE,ASSOC,LINE] [--dist DIR]... [revision...]
// (default 1000 passes, the installed package, all six revisions)
//        node bench/counts.mjs --run ENGINE REVISION PASSES   (one run, as valgrind's child)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withText, workload } from './workload.mjs';

const args = process.argv.slice(2);

if (args[0] === '--run') {
  const [, engine, revision, passes] = args;
  const records = workload[revision];
  if (engine === 'ajv') {
    // Imported here only: the text engine's runs load no ajv.
    const { ajvJudge } = await import('./ajv.mjs');
    const judge = ajvJudge(revision);
    for (let p = 0; p < Number(passes); p++) for (const r of records) judge(r.origin, JSON.parse(r.text));
  } else {
    const lib = withText(engine === 'installed' ? await import('mcpwire') : await import(pathToFileURL(join(resolve(engine), 'node.js')).href));
    for (let p = 0; p < Number(passes); p++) {
      const s = new lib.Session(revision);
      for (const r of records) s.observeText(r.dir, r.origin, r.text);
      s.free();
    }
  }
  process.exit(0);
}

let passes = 1000;
let i1 = null;
const dists = [];
const revisions = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--passes') passes = Number(args[++i]);
  else if (args[i] === '--dist') dists.push(args[++i]);
  else if (args[i] === '--i1') i1 = args[++i];
  else revisions.push(args[i]);
}
if (revisions.length === 0) revisions.push(...Object.keys(workload));
const engines = ['ajv', ...(dists.length ? dists : ['installed'])];
const EVENTS = ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw', 'Bc', 'Bcm', 'Bi', 'Bim'];
const self = fileURLToPath(import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), 'mcpwire-counts-'));

// The totals of one run: callgrind's `summary:` line, by event.
function run(engine, revision, n) {
  const out = join(scratch, `${revisions.indexOf(revision)}-${engines.indexOf(engine)}-${n}.out`);
  const argv = ['--tool=callgrind', '--cache-sim=yes', '--branch-sim=yes', `--callgrind-out-file=${out}`,
    ...(i1 === null ? [] : [`--I1=${i1}`]), process.execPath, '--no-liftoff', '--single-threaded', '--predictable', self, '--run', engine, revision, String(n)];
  return new Promise((done, fail) => {
    execFile('valgrind', argv, { maxBuffer: 1 << 26 }, (error) => {
      if (error) return fail(new Error(`valgrind ${engine} ${revision} ${n}: ${error.message}`));
      const text = readFileSync(out, 'utf8');
      const events = text.match(/^events: (.*)$/m)[1].split(' ');
      const totals = text.match(/^summary: (.*)$/m)[1].split(' ').map(Number);
      done(Object.fromEntries(events.map((e, i) => [e, totals[i] ?? 0])));
    });
  });
}

async function perMessage(engine, revision) {
  const [a, b] = await Promise.all([run(engine, revision, passes), run(engine, revision, 2 * passes)]);
  const n = passes * workload[revision].length;
  const d = Object.fromEntries(EVENTS.map((e) => [e, (b[e] - a[e]) / n]));
  const misses = d.I1mr + d.D1mr + d.D1mw;
  return { ...d, cycles: d.Ir + 10 * misses + 15 * (d.Bcm + d.Bim) };
}

const rows = [];
try {
  for (const revision of revisions) {
    const got = {};
    for (const engine of engines) got[engine] = await perMessage(engine, revision);
    for (const engine of engines.slice(1)) {
      const e = got[engine];
      const row = {
        revision,
        engine,
        ir: Math.round(e.Ir),
        i1_misses: Math.round(e.I1mr),
        d1_misses: Math.round(e.D1mr + e.D1mw),
        mispredicts: Math.round(e.Bcm + e.Bim),
        cycles_model: Math.round(e.cycles),
        ajv_ir: Math.round(got.ajv.Ir),
        ajv_i1_misses: Math.round(got.ajv.I1mr),
        ajv_cycles_model: Math.round(got.ajv.cycles),
        ratio_ir: +(got.ajv.Ir / e.Ir).toFixed(3),
        ratio_cycles_model: +(got.ajv.cycles / e.cycles).toFixed(3),
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log('\nrevision    engine            Ir  I1 miss  cycles≈   ajv Ir  ajv I1  ajv cycles≈  ajv÷text Ir  ajv÷text cycles≈');
for (const r of rows) {
  console.log(
    `${r.revision.padEnd(11)} ${r.engine.slice(-12).padEnd(12)} ${String(r.ir).padStart(8)} ${String(r.i1_misses).padStart(8)} ${String(r.cycles_model).padStart(8)} ` +
    `${String(r.ajv_ir).padStart(8)} ${String(r.ajv_i1_misses).padStart(7)} ${String(r.ajv_cycles_model).padStart(12)} ${String(r.ratio_ir).padStart(12)} ${String(r.ratio_cycles_model).padStart(17)}`
  );
}
