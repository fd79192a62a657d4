// Browser (and bundler) entry point: `await init()` once before the first
// call; it fetches mcpwire_wasm_bg.wasm next to this file (or what you
// pass: a URL, a Response, bytes or a WebAssembly.Module).
import wasmInit, * as raw from './wasm/mcpwire_wasm.js';
import { bind } from './core.js';

let ready = null;

/** Loads and instantiates the module (once; later calls share the promise). */
export default function init(input) {
  ready ??= wasmInit(input === undefined ? undefined : { module_or_path: input }).then((exports) => bind(raw, exports));
  return ready;
}
export { init };
export { revisions, validate, validateText, wireSchemaErrors, wireSchemaErrorsText, Session } from './core.js';
export { McpwireError } from './errors.js';
