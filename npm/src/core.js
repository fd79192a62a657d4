// The package's API on top of the wasm-bindgen module (bindings/wasm):
// messages in as JS values (turned into their wire text with
// JSON.stringify), JSON strings or Uint8Array bytes; answers out as plain
// objects (one JSON.parse of the text the module returns). Entry points:
// node.js (loads the .wasm synchronously at import) and browser.js
// (`await init()` first). Types: ../index.d.ts.

let raw = null;

/** @internal Called by the entry points once the module is instantiated. */
export function bind(module) {
  raw = module;
}

function module() {
  if (raw === null) {
    throw new Error('mcpwire: the WebAssembly module is not initialised; call `await init()` first');
  }
  return raw;
}

// A string is JSON text; a Uint8Array is the bytes of JSON text; anything
// else is a JS value, judged as the text JSON.stringify gives for it (what
// it is on the wire).
function wire(message) {
  if (typeof message === 'string' || message instanceof Uint8Array) return message;
  const text = JSON.stringify(message);
  if (text === undefined) {
    throw new TypeError(`mcpwire: ${typeof message} is not a JSON value`);
  }
  return text;
}

/** The revisions compiled into this build, oldest first. */
export function revisions() {
  return JSON.parse(module().revisions());
}

/**
 * The violations of `message` against one definition of one revision
 * (`[]` when valid). Throws on an unknown revision or definition, or text
 * that is not one JSON value.
 */
export function validate(revision, definition, message) {
  const m = module();
  const w = wire(message);
  const out = typeof w === 'string'
    ? m.validateString(revision, definition, w)
    : m.validateText(revision, definition, w);
  return JSON.parse(out);
}

/**
 * The reference conformance harness's `wireSchemaErrors`, judged by
 * mcpwire: `<Definition><instancePath>: <message>` strings, `[]` when valid.
 */
export function wireSchemaErrors(version, message, requestMethod) {
  const m = module();
  const w = wire(message);
  const method = requestMethod ?? undefined;
  const out = typeof w === 'string'
    ? m.wireSchemaErrorsString(version, w, method)
    : m.wireSchemaErrorsText(version, w, method);
  return JSON.parse(out);
}

// The module's answer to observe: JSON, or for one report with nothing to
// say a tab-separated line after "\u0001" (bindings/wasm/src/api.rs,
// `reports_text`), read here into the object the JSON would give.
function reports(out) {
  if (out.charCodeAt(0) !== 1) return JSON.parse(out);
  const p = out.slice(1).split('\t');
  return [{
    index: +p[0],
    batch_index: null,
    direction: p[1],
    origin: p[2],
    revision: p[3] === '' ? null : p[3],
    kind: p[4],
    method: p[5] === '' ? null : p[5].slice(1),
    id: p[6] === '' ? null : JSON.parse(p[6]),
    definitions: p[7] === '' ? [] : p[7].split(','),
    violations: [],
    warnings: [],
    input_error: null,
  }];
}

/** One client–server conversation, judged message by message. */
export class Session {
  #raw;

  constructor(revision = 'auto', options = {}) {
    this.#raw = new (module().RawSession)(revision, JSON.stringify(options ?? {}));
  }

  /**
   * Judges one message: one report, or one per batch element. `direction`
   * null, undefined or "auto": inferred by the session (as for a bare
   * message in a transcript); `origin` defaults to "implementation".
   */
  observe(direction, origin, message) {
    direction ??= 'auto';
    origin ??= 'implementation';
    const w = wire(message);
    const out = typeof w === 'string'
      ? this.#raw.observeString(direction, origin, w)
      : this.#raw.observeText(direction, origin, w);
    return reports(out);
  }

  /** Requests never answered so far, in the order they were sent. */
  unanswered() {
    return JSON.parse(this.#raw.unanswered());
  }

  /** The revision in force for messages that say nothing themselves. */
  get revision() {
    return this.#raw.revision();
  }

  /** Records the `MCP-Protocol-Version` HTTP header of the following messages. */
  setHttpProtocolVersion(header) {
    this.#raw.setHttpProtocolVersion(header);
  }

  /** Frees the session's memory now (otherwise the garbage collector does). */
  free() {
    this.#raw.free();
  }

  [Symbol.dispose]() {
    this.free();
  }
}
