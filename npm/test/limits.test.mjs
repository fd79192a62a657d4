// Deep input never breaks the module: wasm frames live on the JavaScript
// engine's stack, so a Session accepts maxDepth 1 to 2,000 (what V8's
// main-thread stack holds with room to spare; bindings/wasm/src/api.rs
// MAX_DEPTH), deeper messages are input errors found by a byte scan, and
// the Session, the package and `npx mcpwire` keep working after any input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpwireError, Session, validateText } from 'mcpwire';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'mcpwire.js');

/** A JSON value `depth` levels deep (objects and arrays by turns). */
function nested(depth) {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return open + '1' + close;
}

/**
 * Messages `depth` levels deep in all, the deep value where the judging
 * descends: free values, a violation elsewhere (the slow path builds the
 * whole message), a result, a batch, a bare value.
 */
function shapes(depth) {
  const inner = nested(depth - 2);
  return [
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":${inner}}}`,
    `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":7,"arguments":${inner}}}`,
    `{"jsonrpc":"2.0","id":3,"result":{"content":[],"structuredContent":${inner}}}`,
    `[{"jsonrpc":"2.0","method":"x","params":${nested(depth - 2)}}]`,
    nested(depth),
  ];
}

const PING = '{"jsonrpc":"2.0","id":9,"method":"ping"}';

test('messages up to maxDepth 2,000 are judged, deeper ones are input errors, the Session goes on', () => {
  for (const [maxDepth, depths] of [[2_000, [512, 1_999, 2_000, 2_001, 10_000, 30_000]], [512, [100, 513]]]) {
    const session = new Session('2025-11-25', { maxDepth });
    for (const depth of depths) {
      for (const text of shapes(depth)) {
        const reports = session.observeText('c2s', 'implementation', text);
        const tooDeep = reports.some((r) => r.input_error != null);
        assert.equal(tooDeep, depth > maxDepth, `${depth} levels, maxDepth ${maxDepth}: ${JSON.stringify(reports).slice(0, 300)}`);
      }
    }
    const [ping] = session.observeText('c2s', 'implementation', PING);
    assert.deepEqual([ping.violations, ping.warnings], [[], []]);
    session.free();
  }
  // The package is still whole: a new Session and validate work.
  assert.deepEqual(validateText('2025-11-25', 'Implementation', '{"name":"x","version":"1"}'), []);
});

test('maxDepth outside 1 to 2,000 is refused', () => {
  for (const maxDepth of [0, 2_001, 10_000]) {
    assert.throws(() => new Session('2025-11-25', { maxDepth }), (e) => e instanceof McpwireError && /maxDepth/.test(e.message), String(maxDepth));
  }
  assert.throws(() => new Session('2025-11-25', { maxDepth: 2 ** 40 }), McpwireError);
});

test('npx mcpwire check judges 2,000 levels, refuses --max-depth above it, reports deeper input', () => {
  const work = mkdtempSync(join(tmpdir(), 'mcpwire-deep-'));
  const transcript = (depth) => shapes(depth).map((m) => `{"dir":"c2s","msg":${m}}`).join('\n') + '\n';
  writeFileSync(join(work, 'deep.jsonl'), transcript(2_000));
  writeFileSync(join(work, 'deeper.jsonl'), transcript(10_000));
  const npx = (...args) => spawnSync(process.execPath, [bin, 'check', '--format', 'json', ...args], { cwd: work, encoding: 'utf8' });
  const judged = npx('--max-depth', '2000', 'deep.jsonl');
  assert.equal(judged.status, 1, judged.stderr);
  assert.equal(judged.stderr, '');
  const records = judged.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(records.some((r) => r.keyword === 'type'), judged.stdout.slice(0, 500));
  assert.ok(!records.some((r) => r.keyword === 'input'), judged.stdout.slice(0, 500));
  const refused = npx('--max-depth', '10000', 'deeper.jsonl');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /^mcpwire: error: --max-depth 10000: npx mcpwire judges at most 2000 levels/);
  const deeper = npx('--max-depth', '2000', 'deeper.jsonl');
  assert.equal(deeper.status, 1, deeper.stderr);
  assert.match(deeper.stdout, /nesting deeper than the limit of 2000 levels/);
});
