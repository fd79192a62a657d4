// ajv 8 as a peer in the bytes bench (benches/bytes/ajv.rs drives it): one
// Node process per corpus, set up as the reference conformance harness sets
// ajv up (npm/bench/ajv.mjs's `harnessValidators`, shared with the npm
// benchmarks), judging the same messages with the same checks as the Rust
// engines.
//
// argv: <schema.json> <corpus.jsonl>; each corpus line is
// {"text": <the message's JSON text>, "checks": [[<definition>, "message"|"result"], ...]}.
// ajv and ajv-formats come from the npm package's devDependencies
// (`npm ci` in npm/).
//
// Commands on stdin, one per line, each answered with one line:
//   verdicts   → JSON array, per message: every check passed
//   run N      → ns of wall time for N passes over the corpus, each message
//                `JSON.parse`d then validated by every check (all errors)
//   parse N    → the same with `JSON.parse` only
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { harnessValidators } from '../../npm/bench/ajv.mjs';

const [schemaFile, corpusFile] = process.argv.slice(2);
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
const { validator } = harnessValidators(schema, 'mcp://bench/schema.json');

const corpus = readFileSync(corpusFile, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => {
    const { text, checks } = JSON.parse(l);
    return { text, checks: checks.map(([name, at]) => [validator(name), at === 'result']) };
  });

function judge(m) {
  const v = JSON.parse(m.text);
  let ok = true;
  for (const [validate, onResult] of m.checks) {
    // Every check runs (all errors are collected), as the Rust engines do.
    if (!validate(onResult ? v.result : v)) ok = false;
  }
  return ok;
}

let sink = 0;
function timed(n, pass) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    for (const m of corpus) sink ^= pass(m) ? 1 : 0;
  }
  return process.hrtime.bigint() - start;
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const [command, count] = line.trim().split(/\s+/);
  const n = Number(count ?? 1);
  if (command === 'verdicts') {
    console.log(JSON.stringify(corpus.map(judge)));
  } else if (command === 'run') {
    console.log(String(timed(n, judge)));
  } else if (command === 'parse') {
    console.log(String(timed(n, (m) => JSON.parse(m.text) !== null)));
  } else {
    console.log(`error: unknown command ${command}`);
  }
}
if (sink === 2) console.error('unreachable');
