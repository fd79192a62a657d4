#!/usr/bin/env node
// The benchmark's workload (bench.mjs) as one line per message and
// revision, `dir \t origin \t revision \t text`, for the native loop
// (bindings/wasm/examples/observe_loop.rs) that profiles the library side.
import { workload } from './workload.mjs';

for (const [revision, records] of Object.entries(workload)) {
  for (const r of records) {
    console.log([r.dir, r.origin, revision, r.text].join('\t'));
  }
}
