// Parity with the Rust library: the cases and the Rust answers come from
// `cargo test --workspace --test wasm_parity -- --ignored`
// (tests/wasm_parity.rs), which writes them to wasm-parity/ in cargo's CARGO_TARGET_TMPDIR
// (or $MCPWIRE_PARITY_DIR); without them these tests are skipped with that
// command as the reason (under CI=true they fail). For
// every case of the differential corpus sample and every example
// transcript, the package's answers must equal the Rust library's:
// validate() and Session.observe() on the JSON text, and on the JS value
// JSON.parse gives for it (judged as JSON.stringify's text, whose Rust
// answers the file carries when the text differs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, revisions, validate, validateText } from 'mcpwire';
import { need, targetDir } from './support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.env.MCPWIRE_PARITY_DIR ?? join(targetDir(), 'tmp', 'wasm-parity');
const present = existsSync(join(dir, 'transcripts.jsonl'));
const missing = `no parity files in ${dir}: run \`cargo test --workspace --test wasm_parity -- --ignored\` from the repository root (or set MCPWIRE_PARITY_DIR)`;
const MIN_CASES = 5000;

function lines(file) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l));
}

// The answers of the text entry points (`text`) or the value ones.
function answers(revision, definition, message, text) {
  let violations;
  try {
    violations = text ? validateText(revision, definition, message) : validate(revision, definition, message);
  } catch (e) {
    violations = { input_error: e.message };
  }
  const session = new Session(revision);
  const reports = text ? session.observeText('s2c', 'implementation', message) : session.observe('s2c', 'implementation', message);
  return { violations, reports };
}

test('the parity files exist', (t) => {
  need(t, present, missing);
});

for (const revision of revisions()) {
  test(`corpus parity at ${revision}: validate and Session.observe equal the Rust library`, (t) => {
    if (!need(t, present, missing)) return;
    const file = join(dir, `${revision}.jsonl`);
    const cases = lines(file);
    assert.ok(cases.length >= MIN_CASES, `${file}: ${cases.length} cases, want at least ${MIN_CASES}`);
    let valid = 0;
    let respelled = 0;
    let strings = 0;
    for (const c of cases) {
      const where = `${revision} case #${c.index} (${c.definition}): ${c.text.slice(0, 300)}`;
      assert.deepEqual(answers(revision, c.definition, c.text, true), c.rust, `text path, ${where}`);
      const bytes = new TextEncoder().encode(c.text);
      assert.deepEqual(answers(revision, c.definition, bytes, true), c.rust, `bytes path, ${where}`);
      const value = JSON.parse(c.text);
      assert.equal(JSON.stringify(value), c.js.text, `the Rust emulation of JSON.stringify, ${where}`);
      // A JS string is a string value: judged as JSON.stringify's text, like any value.
      if (typeof value === 'string') strings += 1;
      const expected = c.js.rust ?? c.rust;
      if (c.js.rust) respelled += 1;
      assert.deepEqual(answers(revision, c.definition, value, false), expected, `value path, ${where}`);
      if (Array.isArray(c.rust.violations) && c.rust.violations.length === 0) valid += 1;
    }
    console.log(`parity ${revision}: ${cases.length} cases, ${valid} valid, ${respelled} respelled by JSON.stringify, ${strings} string instances`);
  });
}

test('transcript parity: every example transcript, auto and each revision', (t) => {
  if (!need(t, present, missing)) return;
  const runs = lines(join(dir, 'transcripts.jsonl'));
  const examples = readdirSync(resolve(here, '..', '..', 'examples')).filter((f) => f.endsWith('.jsonl'));
  assert.deepEqual([...new Set(runs.map((r) => r.file))].sort(), examples.sort());
  for (const run of runs) {
    for (const asValue of [false, true]) {
      const session = new Session(run.revision);
      run.records.forEach((r, i) => {
        const reports = asValue
          ? session.observe(r.dir, r.origin, JSON.parse(r.text))
          : session.observeText(r.dir, r.origin, r.text);
        assert.deepEqual(
          reports,
          r.reports,
          `${run.file} at ${run.revision}, record ${i + 1} (${asValue ? 'value' : 'text'})`
        );
      });
      assert.deepEqual(session.unanswered(), run.unanswered, `${run.file} at ${run.revision}: unanswered`);
    }
  }
});
