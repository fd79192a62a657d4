// `npx mcpwire` (bin/mcpwire.js) against the native CLI on the same files:
// for each command line, standard output, standard error, the exit status
// and any --output file must be byte for byte the native CLI's. The native
// binary is $MCPWIRE_NATIVE_BIN, else <cargo target>/debug/mcpwire (from
// `cargo build --bin mcpwire`), else <cargo target>/release/mcpwire;
// without one the comparisons are skipped with that command as the reason
// (under CI=true they fail). The subcommands the package does not run are
// checked on their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { need, repo, targetDir } from './support.mjs';

const bin = resolve(repo, 'npm', 'bin', 'mcpwire.js');
const native = [process.env.MCPWIRE_NATIVE_BIN, join(targetDir(), 'debug', 'mcpwire'), join(targetDir(), 'release', 'mcpwire')]
  .find((p) => p && existsSync(p));
const noNative = 'no native mcpwire to compare with: run `cargo build --bin mcpwire` from the repository root (or set MCPWIRE_NATIVE_BIN)';

// Inputs written for the run, in a directory both CLIs are run from (so
// that the file names in findings are the same relative paths).
const work = mkdtempSync(join(tmpdir(), 'mcpwire-cli-'));
const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","id":1,"result":{"tools":"none"}}\n', 'utf16le')]);
const files = {
  'bad.jsonl': '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":7}]}}\n{"jsonrpc":\nnot json at all\n{"dir":"sideways","msg":{}}\n',
  'pretty.json': JSON.stringify([{ dir: 'c2s', msg: { jsonrpc: '2.0', id: 'a', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } }, { jsonrpc: '2.0', id: 'a', result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's' } } }], null, 2),
  'utf16.jsonl': utf16,
  'empty.jsonl': '',
  'nested/one.ndjson': '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":"50%"}}\n',
  'nested/notes.txt': 'not a transcript',
  'result.json': '{"content":[{"type":"text","text":7}],"isError":"no"}',
  'valid-result.json': '{"content":[]}',
  'broken.json': '{"content": [',
};
for (const [name, body] of Object.entries(files)) {
  mkdirSync(join(work, name, '..'), { recursive: true });
  writeFileSync(join(work, name), body);
}
mkdirSync(join(work, 'none'), { recursive: true });
writeFileSync(join(work, 'none', 'readme.txt'), 'nothing to check');
const examples = join(repo, 'examples');

function run(cmd, args, input) {
  const r = spawnSync(cmd[0], [...cmd.slice(1), ...args], { cwd: work, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Each command line, run by both; `out` names --output files to compare.
const cases = [
  ['check, text', ['check', join(examples, 'session-2025-11-25.jsonl')]],
  ['check, json', ['check', '--format', 'json', join(examples, 'session-2025-11-25.jsonl')]],
  ['check, a clean 2026-07-28 session', ['check', join(examples, 'session-2026-07-28.jsonl')]],
  ['check, a fixed older revision', ['check', '--spec', '2024-11-05', '--format', 'json', join(examples, 'session-2025-11-25.jsonl')]],
  ['check, unreadable lines and records', ['check', 'bad.jsonl']],
  ['check, unreadable lines, json', ['check', '--format', 'json', 'bad.jsonl']],
  ['check, a pretty-printed array', ['check', 'pretty.json']],
  ['check, UTF-16 with a byte order mark', ['check', '--format', 'json', 'utf16.jsonl']],
  ['check, a directory (recursive, name order, only transcripts)', ['check', '.']],
  ['check, a directory, json', ['check', '--format', 'json', 'nested']],
  ['check, several files and --strict', ['check', '--strict', 'pretty.json', 'nested/one.ndjson']],
  ['check, --require-messages', ['check', '--require-messages', '3', 'empty.jsonl', 'pretty.json']],
  ['check, --require-messages, json', ['check', '--format', 'json', '--require-messages', '1', 'empty.jsonl']],
  ['check, a missing file', ['check', 'missing.jsonl', 'pretty.json']],
  ['check, a missing file, json', ['check', '--format', 'json', 'missing.jsonl']],
  ['check, a directory with no transcript', ['check', 'none']],
  ['check, standard input', ['check', '--format', 'json', '-'], readFileSync(join(examples, 'session-2025-11-25.jsonl'), 'utf8')],
  ['check, sarif', ['check', '--format', 'sarif', 'bad.jsonl', 'nested/one.ndjson']],
  ['check, junit', ['check', '--format', 'junit', 'bad.jsonl', 'nested/one.ndjson']],
  ['check, github', ['check', '--format', 'github', 'bad.jsonl', 'nested/one.ndjson']],
  ['check, --output json=FILE (summary on standard error)', ['check', '--output', 'json=OUT', 'bad.jsonl'], undefined, ['OUT']],
  ['check, --null-id-as-warning and limits', ['check', '--null-id-as-warning', '--max-depth', '3', '--max-message-bytes', '100', 'bad.jsonl', 'pretty.json']],
  ['validate, violations', ['validate', '--spec', '2025-11-25', '--def', 'CallToolResult', 'result.json']],
  ['validate, violations, json', ['validate', '--spec', '2025-11-25', '--def', 'CallToolResult', '--format', 'json', 'result.json']],
  ['validate, valid', ['validate', '--spec', '2026-07-28', '--def', 'CallToolResult', 'valid-result.json']],
  ['validate, unreadable', ['validate', '--spec', '2025-11-25', '--def', 'CallToolResult', 'broken.json']],
  ['validate, standard input', ['validate', '--spec', '2025-11-25', '--def', 'CallToolResult', '--format', 'json'], files['result.json']],
  ['validate, too large', ['validate', '--spec', '2025-11-25', '--def', 'CallToolResult', '--max-message-bytes', '10', 'result.json']],
  ['validate, an unknown definition', ['validate', '--spec', '2026-07-28', '--def', 'CallToolReqest', 'result.json']],
  ['validate, a missing file', ['validate', '--spec', '2026-07-28', '--def', 'CallToolResult', 'missing.json']],
  ['usage error: a misspelt flag', ['check', '--frmat', 'json', 'bad.jsonl']],
  ['usage error: an unknown revision', ['check', '--spec', '2025-11-52', 'bad.jsonl']],
  ['usage error: validate without --def', ['validate', '--spec', '2025-11-25']],
  ['check --help', ['check', '--help']],
  ['validate -h', ['validate', '-h']],
  ['--version', ['--version']],
];

for (const [name, args, input, outputs = []] of cases) {
  test(`npx mcpwire = native: ${name}`, (t) => {
    if (!need(t, native !== undefined, noNative)) return;
    const answer = (cmd, tag) => {
      const a = args.map((x) => (outputs.includes(x.split('=').pop()) ? x.replace(/=(.*)$/, `=$1.${tag}`) : x));
      const r = run(cmd, a, input);
      r.outputs = outputs.map((o) => readFileSync(join(work, `${o}.${tag}`), 'utf8'));
      return r;
    };
    const want = answer([native], 'native');
    const got = answer([process.execPath, bin], 'npm');
    assert.equal(got.stdout, want.stdout, 'standard output');
    assert.equal(got.stderr, want.stderr, 'standard error');
    assert.equal(got.status, want.status, 'exit status');
    assert.deepEqual(got.outputs, want.outputs, '--output files');
    // Each case says something: output, or a failing status.
    assert.ok(want.stdout.length + want.stderr.length > 0 || want.status !== 0);
  });
}

test('the exit statuses cover 0, 1 and 2', (t) => {
  if (!need(t, native !== undefined, noNative)) return;
  const statuses = new Set(cases.map(([, args, input]) => run([process.execPath, bin], args, input).status));
  assert.deepEqual([...statuses].sort(), [0, 1, 2]);
});

test('tap, proxy, probe, dispatch and diff say how to get the native CLI, and exit 2', () => {
  for (const sub of ['tap', 'proxy', 'probe', 'dispatch', 'diff']) {
    const r = run([process.execPath, bin], [sub, '--', 'true']);
    assert.equal(r.status, 2, sub);
    assert.equal(r.stdout, '', sub);
    assert.match(r.stderr, new RegExp(`^mcpwire: \`${sub}\` is part of the native mcpwire command line`), sub);
    assert.match(r.stderr, /cargo install --path \. --locked/);
    assert.match(r.stderr, /bindings\/python\/build-wheel\.sh/);
  }
});

test('--help lists only the subcommands this package runs; no subcommand prints it too, status 2', () => {
  const help = run([process.execPath, bin], ['--help']);
  assert.equal(help.status, 0);
  const commands = help.stdout.split('Commands:')[1].split('Options:')[0];
  assert.deepEqual(commands.trim().split('\n').map((l) => l.trim().split(/\s+/)[0]), ['check', 'validate', 'help']);
  assert.match(help.stdout, /native command line only/);
  const bare = run([process.execPath, bin], []);
  assert.equal(bare.status, 2);
  assert.equal(bare.stderr, help.stdout);
});

test('the conformance format is refused with the same pointer (it needs the clock)', () => {
  const r = run([process.execPath, bin], ['check', '--format', 'conformance', 'bad.jsonl']);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^mcpwire: error: the conformance format is written by the native CLI only \(docs\/installing\.md: cargo install --path \. --locked in a checkout\)\n$/);
});

test('a HAR capture is sent to the native CLI as an input error', () => {
  writeFileSync(join(work, 'capture.har'), '{"log":{"version":"1.2","entries":[]}}');
  const r = run([process.execPath, bin], ['check', 'capture.har', 'pretty.json']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /capture\.har: HAR captures and HTTP transcripts are checked by the native CLI/);
  assert.match(r.stdout, /summary: 1 file, 2 messages/);
  rmSync(join(work, 'capture.har'));
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test('a copy of the package that was never built says what to run, and exits 2', () => {
  const copy = mkdtempSync(join(tmpdir(), 'mcpwire-unbuilt-'));
  mkdirSync(join(copy, 'bin'));
  writeFileSync(join(copy, 'package.json'), readFileSync(join(bin, '..', '..', 'package.json')));
  writeFileSync(join(copy, 'bin', 'mcpwire.js'), readFileSync(bin));
  const r = run([process.execPath, join(copy, 'bin', 'mcpwire.js')], ['--help']);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^mcpwire: this copy of the package is not built \(it has no dist\/\).*\n {2}npm ci && npm run build\n/);
});
