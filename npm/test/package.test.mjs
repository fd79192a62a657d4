// The package as its users meet it: package.json's links and bin, a README
// whose links work from the registry (absolute), and the packed tarball
// installed into a fresh project, where the API imports and `npx mcpwire`
// runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo } from './support.mjs';

const pkgDir = join(repo, 'npm');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');

test('package.json links to the repository named in the root Cargo.toml, and has a bin', () => {
  const cargo = readFileSync(join(repo, 'Cargo.toml'), 'utf8');
  const repository = cargo.match(/^\[workspace\.package\][^[]*?^repository = "([^"]+)"/ms)[1];
  assert.equal(pkg.repository.url, `git+${repository}.git`);
  assert.equal(pkg.repository.directory, 'npm');
  assert.ok(pkg.homepage.startsWith(`${repository}/`), pkg.homepage);
  assert.equal(pkg.bugs.url, `${repository}/issues`);
  assert.equal(pkg.bin.mcpwire, 'bin/mcpwire.js');
  assert.match(readFileSync(join(pkgDir, pkg.bin.mcpwire), 'utf8'), /^#!\/usr\/bin\/env node\n/);
});

test('the README is a front page: at most 200 lines, every link absolute', () => {
  assert.ok(readme.split('\n').length <= 200, `${readme.split('\n').length} lines`);
  const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
  assert.ok(links.length > 3);
  for (const link of links) assert.match(link, /^(https:\/\/|#)/, link);
});

test('no work-period or internal issue labels in npm/ and bindings/', () => {
  const label = /\b(session|issue)[ _#-]?\d{1,3}\b|(^|[\s(])#\d{2,4}\b(?!;)/i;
  const walk = (dir, out) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, out);
      else out.push(path);
    }
    return out;
  };
  const files = [...walk(pkgDir, []), ...walk(join(repo, 'bindings'), [])];
  assert.ok(files.length > 20);
  for (const file of files) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      assert.doesNotMatch(line, label, `${file}:${i + 1}`);
    });
  }
});

test('the packed tarball installs into a fresh project: the API imports, npx mcpwire runs', () => {
  const work = mkdtempSync(join(tmpdir(), 'mcpwire-pack-'));
  try {
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: pkgDir, encoding: 'utf8' });
    assert.equal(pack.status, 0, pack.stderr);
    const [{ filename, files }] = JSON.parse(pack.stdout);
    const paths = files.map((f) => f.path);
    for (const want of ['README.md', 'CHANGELOG.md', 'index.d.ts', 'bin/mcpwire.js', 'dist/node.js', 'dist/cli.js', 'dist/wasm/mcpwire_wasm_bg.wasm']) {
      assert.ok(paths.includes(want), `${want} not in the tarball`);
    }
    assert.ok(!paths.some((p) => p.startsWith('test/') || p.startsWith('bench/') || p.startsWith('src/')), paths.join());
    const project = join(work, 'project');
    spawnSync('mkdir', [project]);
    writeFileSync(join(project, 'package.json'), '{"name":"user","version":"1.0.0","type":"module","private":true}');
    const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, filename.split('/').pop())], { cwd: project, encoding: 'utf8' });
    assert.equal(install.status, 0, install.stderr);
    const use = spawnSync(process.execPath, ['--input-type=module', '-e', "import { validate, McpwireError } from 'mcpwire'; console.log(JSON.stringify(validate('2025-11-25', 'TextContent', { type: 'text', text: 7 }).map((v) => v.instance)), typeof McpwireError);"], { cwd: project, encoding: 'utf8' });
    assert.equal(use.stdout, '["/text"] function\n', use.stderr);
    const npx = spawnSync('npx', ['--offline', 'mcpwire', 'check', join(repo, 'examples', 'session-2025-11-25.jsonl')], { cwd: project, encoding: 'utf8' });
    assert.equal(npx.status, 1, npx.stderr);
    assert.match(npx.stdout, /violation\[type\]: \/params\/progress: expected number, found string/);
    assert.match(npx.stdout, /\nsummary: 1 file, \d+ messages/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
