// index.d.ts type-checks under `strict` with the minimal lib (es2022 alone:
// no DOM, no esnext.disposable, no @types/node), through the tsc of the
// committed lock file (test/types/tsconfig.json), and with the DOM and
// esnext.disposable libs too (where `using` works: test/types/dispose.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

test('tsc --noEmit with lib es2022 alone type-checks the documented usage', () => {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(here, 'types', 'tsconfig.json')], { encoding: 'utf8' });
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
});

function diagnostics(files, lib) {
  const program = ts.createProgram(files.map((f) => join(here, 'types', f)), {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

test('with the DOM and esnext.disposable libs as well, and `using` a Session', () => {
  assert.deepEqual(diagnostics(['usage.ts', 'dispose.ts'], ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.esnext.disposable.d.ts']), []);
});

test('the check can fail: a wrong use is reported', () => {
  const d = diagnostics(['wrong.ts'], ['lib.es2022.d.ts']);
  assert.equal(d.length, 1, d.join('\n'));
  assert.match(d[0], /not assignable to parameter of type 'JsonText'/);
});
