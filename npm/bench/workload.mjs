// The benchmarks' workload, in one place (bench.mjs, counts.mjs, costs.mjs
// and messages.mjs use it; the reference engine is ajv.mjs): per revision
// the example transcripts (examples/*.jsonl; the 2025-11-25 one for
// 2024-11-05…2025-11-25, the 2026-07-28 one for 2026-07-28 and draft),
// every record in order.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function transcript(name) {
  return readFileSync(join(repo, 'examples', name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const r = JSON.parse(l);
      return { dir: r.dir, origin: r.origin ?? 'implementation', text: JSON.stringify(r.msg), value: r.msg };
    });
}

const older = transcript('session-2025-11-25.jsonl');
const newer = transcript('session-2026-07-28.jsonl');

/** Records `{ dir, origin, text, value }` per revision. */
export const workload = {
  '2024-11-05': older,
  '2025-03-26': older,
  '2025-06-18': older,
  '2025-11-25': older,
  '2026-07-28': newer,
  draft: newer,
};

/**
 * `lib`, with `Session.prototype.observeText` where a build older than the
 * text entry points has only `observe` (which took JSON text then), so that
 * such a build can still be a baseline.
 */
export function withText(lib) {
  const p = lib.Session.prototype;
  if (!('observeText' in p)) p.observeText = p.observe;
  return lib;
}
