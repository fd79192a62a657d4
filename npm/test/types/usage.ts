// Compiled (never run) by types.test.mjs with `strict`: the declarations
// in index.d.ts describe the API as the other tests use it.
import init, { Session, revisions, validate, wireSchemaErrors } from 'mcpwire';
import type { Finding, Report, Revision, Unanswered, Violation } from 'mcpwire';

export async function use(message: unknown): Promise<string[]> {
  await init();
  const all: Revision[] = revisions();
  const violations: Violation[] = validate('2026-07-28', 'CallToolResult', message);
  const session = new Session('auto', { fallback: '2025-11-25', maxDepth: 64 });
  const reports: Report[] = session.observe('s2c', 'implementation', '{"jsonrpc":"2.0","id":1,"result":{}}');
  const findings: Finding[] = reports.flatMap((r) => r.violations);
  const pending: Unanswered[] = session.unanswered();
  const current: Revision = session.revision;
  session.setHttpProtocolVersion('2025-06-18');
  session.free();
  return [
    ...wireSchemaErrors('2025-11-25', message, 'tools/call'),
    ...findings.map((f) => `${f.definition}${f.instance}`),
    ...violations.map((v) => v.keyword),
    ...pending.map((p) => p.method),
    current,
    ...all,
  ];
}

// @ts-expect-error: a direction is "c2s" or "s2c"
new Session('draft').observe('up', 'harness', {});
// @ts-expect-error: not a revision
validate('2025-13-01', 'CallToolResult', {});
