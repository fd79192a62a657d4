#!/usr/bin/env node
// One-run benchmark, in one Node process, on the same messages: the
// package's Session.observe on JSON text and on JS values, against ajv 8
// set up as the reference conformance harness sets it up (ajv.mjs).
// Prints messages/s, ratios and setup times per revision as JSON lines,
// then a table. For a before → after that noise cannot blur, counts.mjs
// counts instructions and cache misses instead.
//
// Workload per revision (workload.mjs), every record in order, repeated for about
// MCPWIRE_BENCH_SECONDS (default 1) per engine, in 7 interleaved rounds
// (the median round counts).
//
// MCPWIRE_BENCH_ROUNDS (default 7) sets the rounds; MCPWIRE_BENCH_WARMUP
// (seconds per revision and build, default 0.3) the warm-up before them;
// MCPWIRE_BENCH_BASELINE=<a dist/ directory> (another build, e.g.
// `node scripts/build.mjs --out <dir>` on the commit before a change) adds
// its Session.observe on text as one more engine in the same rounds, for a
// before → after in one run ("text_baseline_per_s", "ratio_text_vs_baseline").
//
// Usage: npm run build && node bench/bench.mjs
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ajvJudge } from './ajv.mjs';
import { withText, workload } from './workload.mjs';

const seconds = Number(process.env.MCPWIRE_BENCH_SECONDS ?? 1);

const t0 = performance.now();
const mcpwire = await import('mcpwire');
const moduleLoadMs = performance.now() - t0;
const baselineDir = process.env.MCPWIRE_BENCH_BASELINE;
const baseline = baselineDir ? withText(await import(pathToFileURL(join(resolve(baselineDir), 'node.js')).href)) : null;

// ---- the runs -------------------------------------------------------------
// The engines take turns: ROUNDS rounds, each engine about
// seconds / ROUNDS per round; the rate is an engine's median round. On a
// shared, busy machine this keeps a load change from landing on one engine.
// MCPWIRE_BENCH_CLOCK=cpu times the rounds by the process's CPU time
// (process.cpuUsage) instead of the wall clock: on a shared, loaded
// machine the time the process waits for a core is then not counted.
const ROUNDS = Number(process.env.MCPWIRE_BENCH_ROUNDS ?? 7);
const cpuClock = process.env.MCPWIRE_BENCH_CLOCK === 'cpu';
const now = cpuClock
  ? () => {
      const c = process.cpuUsage();
      return (c.user + c.system) / 1000;
    }
  : () => performance.now();
function rates(passes) {
  const got = Object.fromEntries(Object.keys(passes).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, pass] of Object.entries(passes)) {
      let messages = 0;
      const start = now();
      let elapsed = 0;
      do {
        messages += pass();
        elapsed = now() - start;
      } while (elapsed < (seconds * 1000) / ROUNDS);
      got[name].push(messages / (elapsed / 1000));
    }
  }
  return Object.fromEntries(
    Object.entries(got).map(([k, v]) => [k, v.sort((a, b) => a - b)[v.length >> 1]])
  );
}

// Warm-up: V8 compiles the .wasm with its baseline compiler first and
// tiers hot functions up in the background; without this the first
// revision's rounds of the build loaded last (the baseline) ran partly
// unoptimised (a "cold" 2024-11-05 baseline was measured so once). Each build
// judges every revision's workload for MCPWIRE_BENCH_WARMUP seconds
// (default 0.3) per revision before anything is measured; the setup
// times below are measured before it, on a cold module.
const warmup = Number(process.env.MCPWIRE_BENCH_WARMUP ?? 0.3);
function warm(lib) {
  for (const revision of lib.revisions()) {
    const records = workload[revision];
    const until = performance.now() + warmup * 1000;
    while (performance.now() < until) {
      const sn = new lib.Session(revision);
      for (const r of records) sn.observeText(r.dir, r.origin, r.text);
      sn.free();
    }
  }
}

const rows = [];
const setups = new Map();
for (const revision of mcpwire.revisions()) {
  const records = workload[revision];
  let s = performance.now();
  const session = new mcpwire.Session(revision);
  for (const r of records) session.observeText(r.dir, r.origin, r.text);
  const mcpwireSetupMs = performance.now() - s;
  session.free();
  s = performance.now();
  const judge = ajvJudge(revision);
  for (const r of records) judge(r.origin, JSON.parse(r.text));
  setups.set(revision, { mcpwireSetupMs, ajvSetupMs: performance.now() - s, judge });
}
warm(mcpwire);
if (baseline) warm(baseline);
for (const revision of mcpwire.revisions()) {
  const records = workload[revision];
  // Setup (measured above, before the warm-up): everything before the
  // first verdict on each message.
  const { mcpwireSetupMs, ajvSetupMs, judge } = setups.get(revision);
  // The verdicts each engine gives on the workload (they differ where the
  // designed differences apply, docs/javascript.md).
  const check = new mcpwire.Session(revision);
  const mcpwireInvalid = records.filter((r) => check.observeText(r.dir, r.origin, r.text).some((x) => x.violations.length > 0)).length;
  check.free();
  const verdictJudge = ajvJudge(revision);
  const ajvInvalid = records.filter((r) => !verdictJudge(r.origin, JSON.parse(r.text))).length;

  // Steady state: one session per pass over the transcript, as a harness
  // judges one conversation per scenario.
  const textPass = (lib) => () => {
    const sn = new lib.Session(revision);
    for (const r of records) sn.observeText(r.dir, r.origin, r.text);
    sn.free();
    return records.length;
  };
  const { text, values, ajvText, ajvValues, baselineText } = rates({
    text: textPass(mcpwire),
    ...(baseline && baseline.revisions().includes(revision) ? { baselineText: textPass(baseline) } : {}),
    values: () => {
      const sn = new mcpwire.Session(revision);
      for (const r of records) sn.observe(r.dir, r.origin, r.value);
      sn.free();
      return records.length;
    },
    ajvText: () => {
      for (const r of records) judge(r.origin, JSON.parse(r.text));
      return records.length;
    },
    ajvValues: () => {
      for (const r of records) judge(r.origin, r.value);
      return records.length;
    },
  });
  const row = {
    revision,
    messages: records.length,
    invalid_mcpwire: mcpwireInvalid,
    invalid_ajv: ajvInvalid,
    mcpwire_text_per_s: Math.round(text),
    mcpwire_values_per_s: Math.round(values),
    ajv_parse_per_s: Math.round(ajvText),
    ajv_values_per_s: Math.round(ajvValues),
    ratio_text_vs_parse_ajv: +(text / ajvText).toFixed(2),
    ratio_values_vs_ajv_values: +(values / ajvValues).toFixed(2),
    ...(baselineText ? { text_baseline_per_s: Math.round(baselineText), ratio_text_vs_baseline: +(text / baselineText).toFixed(2) } : {}),
    mcpwire_setup_ms: +mcpwireSetupMs.toFixed(1),
    ajv_setup_ms: +ajvSetupMs.toFixed(1),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
const wasm = join(dirname(fileURLToPath(import.meta.resolve('mcpwire'))), 'wasm', 'mcpwire_wasm_bg.wasm');
console.log(JSON.stringify({ module_load_ms: +moduleLoadMs.toFixed(1), wasm_bytes_all_revisions: statSync(wasm).size, node: process.version, clock: cpuClock ? 'cpu' : 'wall', rounds: ROUNDS }));
const base = rows.some((r) => r.text_baseline_per_s !== undefined);
console.log(`\nrevision    msgs/s text  msgs/s values  ajv parse+validate  ajv values  text/ajv  setup mcpwire  setup ajv${base ? '  baseline text  text/baseline' : ''}`);
for (const r of rows) {
  console.log(
    `${r.revision.padEnd(11)} ${String(r.mcpwire_text_per_s).padStart(12)} ${String(r.mcpwire_values_per_s).padStart(14)} ` +
    `${String(r.ajv_parse_per_s).padStart(19)} ${String(r.ajv_values_per_s).padStart(11)} ${String(r.ratio_text_vs_parse_ajv).padStart(9)} ` +
    `${(r.mcpwire_setup_ms + ' ms').padStart(14)} ${(r.ajv_setup_ms + ' ms').padStart(10)}` +
    (base ? ` ${String(r.text_baseline_per_s ?? '').padStart(14)} ${String(r.ratio_text_vs_baseline ?? '').padStart(14)}` : '')
  );
}
console.log(`module load (all revisions, once): ${moduleLoadMs.toFixed(1)} ms`);
