#!/usr/bin/env node
// `npm test`'s first step: the tests load the package from dist/, so a
// checkout without it is built first (scripts/build.mjs: Rust with the
// wasm32 target, wasm-bindgen-cli and the MCP spec files, see README.md);
// when that cannot work, this says what is missing instead of every test
// failing on an import.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const built = ['node.js', 'cli.js', join('wasm', 'mcpwire_wasm_bg.wasm')].every((f) => existsSync(join(pkg, 'dist', f)));
if (!built) {
  const has = (cmd, arg) => spawnSync(cmd, [arg], { stdio: 'ignore' }).status === 0;
  const missing = [['cargo', '--version'], ['wasm-bindgen', '--version']].filter(([c, a]) => !has(c, a)).map(([c]) => c);
  if (missing.length > 0) {
    console.error(`npm test: dist/ is not built and ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing; install them (.ci/setup/40-wasm.sh) and run \`npm run build\``);
    process.exit(1);
  }
  console.error('npm test: dist/ is not built; building it (npm run build)');
  const run = spawnSync(process.execPath, [join(pkg, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: pkg });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
