#!/usr/bin/env node
// What building the package needs, checked (and, with --install, put in
// place) before `npm run build` compiles anything, each with the version
// pinned where the build reads it:
//   - Node ≥ 20 (package.json `engines`)
//   - cargo and rustup, with the wasm32-unknown-unknown target
//   - wasm-bindgen-cli at exactly the version of the `wasm-bindgen` crate
//     in the repository's Cargo.lock (the one place that version is pinned;
//     bindings/wasm/Cargo.toml pins the crate with `=`)
//   - the MCP spec files: MCPWIRE_SPEC_DIR, else ../shared/mcp-spec beside
//     the checkout (.cargo/config.toml)
//   - the npm devDependencies (`npm ci`: binaryen's wasm-opt; optional,
//     the build skips wasm-opt without it)
//
// Usage: node scripts/prereqs.mjs [--install]   (exit 1 naming what is missing)
// build.mjs runs it with --install unless given --no-install;
// .ci/setup/40-wasm.sh runs it with --install.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(pkg, '..');

/** The `wasm-bindgen` crate's version in Cargo.lock. */
export function wasmBindgenVersion() {
  const lock = readFileSync(join(repo, 'Cargo.lock'), 'utf8');
  const m = /\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock);
  if (!m) throw new Error('no wasm-bindgen in Cargo.lock');
  return m[1];
}

function output(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function sh(cmd, args) {
  console.error(`prereqs: ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', cwd: repo }).status === 0;
}

/** The spec directory the build will read, if it exists. */
function specDir() {
  // A relative MCPWIRE_SPEC_DIR is taken from where cargo runs: the repository.
  const dir = resolve(repo, process.env.MCPWIRE_SPEC_DIR ?? join('..', 'shared', 'mcp-spec'));
  return existsSync(dir) ? dir : undefined;
}

/**
 * Checks every prerequisite; with `install`, adds the wasm target and
 * installs wasm-bindgen-cli when they are missing. Returns the problems
 * left (empty when the build can run).
 */
export function prerequisites({ install = false } = {}) {
  const problems = [];
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) problems.push(`Node ${process.versions.node}: the package needs Node 20 or later`);

  if (output('cargo', ['--version']) === undefined) {
    problems.push('cargo not found: install Rust 1.88 or later (https://rustup.rs)');
    return problems;
  }
  const targets = output('rustup', ['target', 'list', '--installed']);
  if (targets === undefined) {
    problems.push('rustup not found: the wasm32-unknown-unknown target must be installed for your toolchain');
  } else if (!targets.split('\n').includes('wasm32-unknown-unknown')) {
    if (!install || !sh('rustup', ['target', 'add', 'wasm32-unknown-unknown'])) {
      problems.push('the wasm32-unknown-unknown target is missing: rustup target add wasm32-unknown-unknown');
    }
  }

  const want = wasmBindgenVersion();
  const have = () => output('wasm-bindgen', ['--version'])?.split(/\s+/)[1];
  if (have() !== want) {
    const found = have() ?? 'none';
    if (install) {
      console.error(`prereqs: installing wasm-bindgen-cli ${want} (found: ${found}); a few minutes`);
      // --locked first; the CLI's packaged lock pins crates some
      // registries do not serve (docs/javascript.md), so then the same
      // exact CLI version with freshly resolved dependencies.
      if (!sh('cargo', ['install', '--locked', 'wasm-bindgen-cli', '--version', `=${want}`])) {
        console.error('prereqs: the locked install failed (above); installing with resolved dependencies');
        sh('cargo', ['install', 'wasm-bindgen-cli', '--version', `=${want}`]);
      }
    }
    if (have() !== want) {
      problems.push(`wasm-bindgen ${want} is not on PATH (found: ${found}): cargo install wasm-bindgen-cli --version =${want} (or npm run build, which installs it)`);
    }
  }

  if (specDir() === undefined) {
    problems.push('the MCP spec files are missing: put the upstream schema/ directory at ../shared/mcp-spec beside the checkout, or export MCPWIRE_SPEC_DIR (docs/installing.md, "Spec files")');
  }
  if (!existsSync(join(pkg, 'node_modules', 'binaryen'))) {
    console.error('prereqs: npm/node_modules has no binaryen (npm ci in npm/): the module is built without wasm-opt, larger and slower');
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = prerequisites({ install: process.argv.includes('--install') });
  for (const p of problems) console.error(`prereqs: missing: ${p}`);
  if (problems.length === 0) console.error(`prereqs: ready (wasm-bindgen ${wasmBindgenVersion()}, spec files at ${specDir()})`);
  process.exit(problems.length === 0 ? 0 : 1);
}
