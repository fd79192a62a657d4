// ajv 8 as a peer in the bytes bench (benches/bytes/ajv.rs drives it): one
// Node process per corpus, set up as the reference conformance harness sets
// ajv up (Ajv2020 or Ajv by the file's `$schema`, `strict: false`,
// `allErrors: true`, ajv-formats, `byte` accepting any string, the schema
// added once, one validator compiled per definition), judging the same
// messages with the same checks as the Rust engines.
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
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(repo, 'npm', 'package.json'));
const { default: Ajv } = require('ajv');
const { default: Ajv2020 } = require('ajv/dist/2020');
const { default: addFormats } = require('ajv-formats');

const [schemaFile, corpusFile] = process.argv.slice(2);
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
const is2020 = String(schema.$schema ?? '').includes('2020-12');
const ajv = is2020
  ? new Ajv2020({ strict: false, allErrors: true })
  : new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('byte', true);
const id = 'mcp://bench/schema.json';
ajv.addSchema({ ...schema, $id: id });
const defsKey = '$defs' in schema ? '$defs' : 'definitions';
const compiled = new Map();
const validator = (name) => {
  let v = compiled.get(name);
  if (!v) {
    v = ajv.compile({ $ref: `${id}#/${defsKey}/${name}` });
    compiled.set(name, v);
  }
  return v;
};

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
