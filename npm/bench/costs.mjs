#!/usr/bin/env node
// Where one pass of the benchmark's workload spends its time, message by
// message: process.hrtime (wall clock: run it on a quiet machine) around
// each `Session.observe` on JSON text, summed over many passes, plus the
// cost of `new Session(revision)` + `free()` and of one clean
// notification observed over and over on one session (the fixed cost of
// a call). For finding what to cut; bench.mjs is the measurement.
//
// Usage: node bench/costs.mjs [revision] [passes] [dist dir]
// (default 2024-11-05, 3000, the installed package)
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withText, workload } from './workload.mjs';

const [revision = '2024-11-05', passesArg = '3000', dist] = process.argv.slice(2);
const passes = Number(passesArg);
const lib = withText(dist ? await import(pathToFileURL(join(resolve(dist), 'node.js')).href) : await import('mcpwire'));
const records = workload[revision];

const ns = () => process.hrtime.bigint();
const per = new Float64Array(records.length);
let made = 0n;
let freed = 0n;
for (let p = 0; p < passes; p++) {
  let t = ns();
  const s = new lib.Session(revision);
  made += ns() - t;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    t = ns();
    s.observeText(r.dir, r.origin, r.text);
    per[i] += Number(ns() - t);
  }
  t = ns();
  s.free();
  freed += ns() - t;
}
const clean = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
const s = new lib.Session(revision);
const n = passes * 20;
for (let i = 0; i < 1000; i++) s.observeText('c2s', 'implementation', clean);
let t = ns();
for (let i = 0; i < n; i++) s.observeText('c2s', 'implementation', clean);
const fixed = Number(ns() - t) / n;
s.free();

const us = (x) => (x / 1000).toFixed(2);
let total = 0;
for (let i = 0; i < records.length; i++) {
  const avg = per[i] / passes;
  total += avg;
  const head = records[i].text.slice(0, 70);
  console.log(`${String(i).padStart(2)} ${us(avg).padStart(7)} µs  ${records[i].dir}  ${head}`);
}
console.log(`new Session: ${us(Number(made) / passes)} µs, free() after the pass: ${us(Number(freed) / passes)} µs`);
console.log(`observe, all messages: ${us(total)} µs per pass, ${us(total / records.length)} µs per message`);
console.log(`one clean notification, back to back (no hrtime per call): ${us(fixed)} µs`);
