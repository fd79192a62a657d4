// Node entry point: the .wasm is read and instantiated synchronously at
// import, so the API is ready at once (`init()` is kept for code shared
// with browsers, and resolves immediately).
import { readFileSync } from 'node:fs';
import { initSync } from './wasm/mcpwire_wasm.js';
import * as raw from './wasm/mcpwire_wasm.js';
import { bind } from './core.js';

const exports = initSync({ module: readFileSync(new URL('./wasm/mcpwire_wasm_bg.wasm', import.meta.url)) });
bind(raw, exports);

/** Resolves at once: the module was loaded at import. */
export default async function init() {}
export { init };
export { revisions, validate, validateText, wireSchemaErrors, wireSchemaErrorsText, Session } from './core.js';
export { McpwireError } from './errors.js';
