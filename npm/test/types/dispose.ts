// Compiled (never run) by types.test.mjs with the `esnext.disposable` lib
// (and with the DOM lib): `using` works, and the package's own declaration
// of `Symbol.dispose` agrees with the lib's.
import { Session } from 'mcpwire';

export function judge(message: unknown): number {
  using session = new Session('2025-11-25');
  return session.observe('c2s', 'implementation', message).length;
}
