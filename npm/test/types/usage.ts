// Compiled (never run) by types.test.mjs with `strict` and `lib: ["es2022"]`
// alone (tsconfig.json here: no DOM, no esnext.disposable, no @types/node):
// the declarations in index.d.ts describe the API as the other tests use it.
import init, { McpwireError, Session, revisions, validate, validateText, wireSchemaErrors, wireSchemaErrorsText } from 'mcpwire';
import type { Finding, McpwireErrorCode, Report, Revision, Unanswered, Violation } from 'mcpwire';

export async function use(message: unknown, bytes: Uint8Array): Promise<string[]> {
  await init();
  await init(new ArrayBuffer(8));
  const all: Revision[] = revisions();
  const violations: Violation[] = validate('2026-07-28', 'CallToolResult', message);
  const fromText: Violation[] = validateText('2026-07-28', 'CallToolResult', bytes);
  const session = new Session('auto', { fallback: '2025-11-25', maxDepth: 64 });
  const reports: Report[] = session.observeText('s2c', 'implementation', '{"jsonrpc":"2.0","id":1,"result":{}}');
  reports.push(...session.observe(null, null, { jsonrpc: '2.0', method: 'notifications/initialized' }));
  const findings: Finding[] = reports.flatMap((r) => r.violations);
  const pending: Unanswered[] = session.unanswered();
  const current: Revision = session.revision;
  session.setHttpProtocolVersion('2025-06-18');
  session[Symbol.dispose]();
  let code: McpwireErrorCode | 'none' = 'none';
  try {
    validate('2025-11-25', 'CallToolReslt', {});
  } catch (e) {
    if (e instanceof McpwireError) code = e.code;
  }
  return [
    ...wireSchemaErrors('2025-11-25', message, 'tools/call'),
    ...wireSchemaErrorsText('2025-11-25', '{}'),
    ...findings.map((f) => `${f.definition}${f.instance}`),
    ...violations.map((v) => v.keyword),
    ...fromText.map((v) => v.schema),
    ...pending.map((p) => p.method),
    current,
    code,
    ...all,
  ];
}

// @ts-expect-error: a direction is "c2s" or "s2c"
new Session('draft').observe('up', 'harness', {});
// @ts-expect-error: not a revision
validate('2025-13-01', 'CallToolResult', {});
// @ts-expect-error: text is a string or a Uint8Array
validateText('2025-11-25', 'CallToolResult', { jsonrpc: '2.0' });
