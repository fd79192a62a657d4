// The package's one error class, and the codes it carries. The module
// (bindings/wasm/src/lib.rs `js_error`) throws an Error whose message is
// `<code>\u0001<text>`; `rethrow` turns it into an McpwireError.

/** Why a call was refused: `code` says which way, `message` says what. */
export class McpwireError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'McpwireError';
    this.code = code;
  }
}

/** Every `code` an McpwireError may carry (index.d.ts `McpwireErrorCode`). */
export const codes = Object.freeze([
  'ERR_MCPWIRE_REVISION',
  'ERR_MCPWIRE_DEFINITION',
  'ERR_MCPWIRE_OPTIONS',
  'ERR_MCPWIRE_ARGUMENT',
  'ERR_MCPWIRE_INPUT',
  'ERR_MCPWIRE_NOT_JSON',
  'ERR_MCPWIRE_NOT_INITIALISED',
  'ERR_MCPWIRE_FREED',
]);

/** An error thrown by the module, as an McpwireError (others unchanged). */
export function rethrow(e) {
  if (e instanceof Error && !(e instanceof McpwireError)) {
    const cut = e.message.indexOf('\u0001');
    if (cut > 0 && e.message.startsWith('ERR_MCPWIRE_')) {
      throw new McpwireError(e.message.slice(0, cut), e.message.slice(cut + 1));
    }
  }
  throw e;
}
