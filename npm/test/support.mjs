// What the tests need from outside the package, found or reported in one
// way: a test whose input is missing is skipped with a message that says
// how to make it, except under CI=true, where it fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (npm/..). */
export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Whether the tests run in CI (`CI=true`), where nothing may be skipped. */
export const inCI = /^(true|1)$/i.test(process.env.CI ?? '');

let target;
/** Cargo's target directory (`cargo metadata`; `../target` without cargo). */
export function targetDir() {
  if (target === undefined) {
    const run = spawnSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: repo, encoding: 'utf8' });
    target = run.status === 0 ? JSON.parse(run.stdout).target_directory : resolve(repo, 'target');
  }
  return target;
}

/**
 * `ok`, or else: under CI=true a failure naming `what`; elsewhere the test
 * `t` is skipped with `what` as the reason (and false is returned).
 */
export function need(t, ok, what) {
  if (ok) return true;
  if (inCI) assert.fail(`${what} (nothing may be skipped under CI=true)`);
  t.skip(what);
  return false;
}
