// The package's API on top of the wasm-bindgen module (bindings/wasm).
// Two kinds of entry point: `validate`, `wireSchemaErrors` and
// `Session.observe` take a JS value (judged as the text JSON.stringify
// gives for it: a JS string is a JSON string); `validateText`,
// `wireSchemaErrorsText` and `Session.observeText` take JSON text (a
// string, or its UTF-8 bytes as a Uint8Array). Answers come out as plain
// objects. Entry points: node.js (loads the .wasm synchronously at import)
// and browser.js (`await init()` first). Types: ../index.d.ts.
import { McpwireError, rethrow } from './errors.js';

let raw = null;
let memory = null;

/** @internal Called by the entry points once the module is instantiated. */
export function bind(module, exports) {
  raw = module;
  memory = exports.memory;
  outPtr = raw.fastOut();
}

function module() {
  if (raw === null) {
    throw new McpwireError('ERR_MCPWIRE_NOT_INITIALISED', 'mcpwire: the WebAssembly module is not initialised; call `await init()` first');
  }
  return raw;
}

// Calls into the module, its errors rethrown as McpwireErrors.
function call(f) {
  try {
    return f();
  } catch (e) {
    return rethrow(e);
  }
}

// The wire text of a JS value: what JSON.stringify gives, or null for a
// value JSON has no text for (undefined, a function, a symbol, a BigInt, a
// cycle).
function stringify(value) {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

function valueText(value) {
  const text = stringify(value);
  if (text === null) {
    throw new McpwireError('ERR_MCPWIRE_NOT_JSON', `mcpwire: ${describe(value)} is not a JSON value (pass JSON text to the …Text entry points)`);
  }
  return text;
}

function describe(value) {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return 'a BigInt';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  return 'a value with a cycle or a toJSON that throws';
}

// JSON text: a string or its UTF-8 bytes.
function jsonText(text, where) {
  if (typeof text === 'string' || text instanceof Uint8Array) return text;
  throw new McpwireError('ERR_MCPWIRE_ARGUMENT', `mcpwire: ${where} takes JSON text (a string or a Uint8Array), not ${text === null ? 'null' : typeof text}`);
}

/** The revisions compiled into this build, oldest first. */
export function revisions() {
  return JSON.parse(module().revisions());
}

/**
 * The violations of the JS value `message` against one definition of one
 * revision (`[]` when valid), judged as the text JSON.stringify gives.
 * Throws an McpwireError on an unknown revision or definition, or a value
 * without JSON text.
 */
export function validate(revision, definition, message) {
  const m = module();
  const text = valueText(message);
  return JSON.parse(call(() => m.validateString(revision, definition, text)));
}

/**
 * `validate` for JSON text (a string or a Uint8Array of UTF-8); throws an
 * McpwireError (code ERR_MCPWIRE_INPUT) when it is not one JSON value.
 */
export function validateText(revision, definition, text) {
  const m = module();
  const t = jsonText(text, 'validateText');
  const out = call(() => typeof t === 'string'
    ? m.validateString(revision, definition, t)
    : m.validateText(revision, definition, t));
  return JSON.parse(out);
}

// The harness's answer for a message that is not a JSON-RPC message
// (src/validation/wire-schema.ts): what it gives for `undefined`.
const NOT_A_MESSAGE = 'JSONRPCMessage: not a valid JSON-RPC request, notification, or response';

/**
 * The reference conformance harness's `wireSchemaErrors`, judged by
 * mcpwire: `<Definition><instancePath>: <message>` strings, `[]` when
 * valid. `message` is a JS value, as in the harness; a value without JSON
 * text (undefined) answers as the harness does, with one error string.
 */
export function wireSchemaErrors(version, message, requestMethod) {
  const m = module();
  const text = stringify(message);
  const method = requestMethod ?? undefined;
  const out = JSON.parse(call(() => m.wireSchemaErrorsString(version, text ?? 'null', method)));
  return text === null ? [NOT_A_MESSAGE] : out;
}

/** `wireSchemaErrors` for JSON text (a string or a Uint8Array of UTF-8). */
export function wireSchemaErrorsText(version, text, requestMethod) {
  const m = module();
  const t = jsonText(text, 'wireSchemaErrorsText');
  const method = requestMethod ?? undefined;
  const out = call(() => typeof t === 'string'
    ? m.wireSchemaErrorsString(version, t, method)
    : m.wireSchemaErrorsText(version, t, method));
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

// The hot path of Session.observe (bindings/wasm/src/fast.rs): the text
// is written straight into the module's input buffer, and a report comes
// back as numbers in a fixed record (word offsets as fast.rs `word`), its
// names as ids learnt once each (`fastName`); a report's findings as
// words (name ids, and byte ranges of the text buffer, decoded once).
function directionCode(d) {
  switch (d) {
    case 'c2s': return 0;
    case 's2c': return 1;
    case 'auto': return 2;
    default: return -1;
  }
}

function originCode(o) {
  switch (o) {
    case 'implementation': return 0;
    case 'harness': return 1;
    default: return -1;
  }
}
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const names = [null];
let outPtr = 0;
let inPtr = 0;
let inLen = 0;
// Views on the module's memory, made again when it grows (growing
// detaches the old buffer: byteLength 0).
let bytes = new Uint8Array(0);
let inView = new Uint8Array(0);
let words = new Uint32Array(0);
let findingWords = new Uint32Array(0);
let number = new Float64Array(0);

function views() {
  const buffer = memory.buffer;
  bytes = new Uint8Array(buffer);
  inView = new Uint8Array(buffer, inPtr, inLen);
  words = new Uint32Array(buffer, outPtr, 20);
  findingWords = new Uint32Array(buffer);
  number = new Float64Array(buffer, outPtr + 80, 1);
}

function reserve(len) {
  inPtr = raw.fastInput(len);
  inLen = raw.fastInputLen();
  views();
}

// Writes a message into the input buffer; its length in bytes.
function put(w) {
  if (typeof w === 'string') {
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    if (w.length * 3 > inLen) reserve(w.length * 3);
    else if (inView.byteLength === 0) views();
    const { read, written } = encoder.encodeInto(w, inView);
    if (read !== w.length) throw new RangeError('mcpwire: the message does not fit the input buffer');
    return written;
  }
  if (w.length > inLen) reserve(w.length);
  else if (inView.byteLength === 0) views();
  inView.set(w);
  return w.length;
}

function name(id) {
  if (id === 0) return null;
  return names[id] ?? (names[id] = raw.fastName(id));
}

function text(ptr, len) {
  if (len <= 32) {
    let s = '';
    for (let i = ptr; i < ptr + len; i++) {
      const c = bytes[i];
      if (c >= 0x80) return decoder.decode(bytes.subarray(ptr, ptr + len));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decoder.decode(bytes.subarray(ptr, ptr + len));
}

// The findings of the last observeFast (code 2): the words list name
// ids and byte ranges of the text buffer (fast.rs `word::FINDINGS_PTR`).
// `w` is the record, read before any fastName call (which may grow the
// memory and detach the views).
function findings(w) {
  const base = w[14];
  const ascii = w[18] === 1;
  const all = ascii ? text(base, w[15]) : '';
  const piece = ascii
    ? (a, b) => all.slice(a, b)
    : (a, b) => decoder.decode(bytes.subarray(base + a, base + b));
  const f = findingWords.subarray(w[16] >>> 2, (w[16] >>> 2) + w[17]).slice();
  const nv = f[0], nw = f[1];
  const violations = new Array(nv);
  let at = 2;
  for (let i = 0; i < nv; i++, at += 7) {
    violations[i] = {
      definition: f[at],
      instance: piece(f[at + 1], f[at + 2]),
      schema: f[at + 3],
      keyword: f[at + 4],
      message: piece(f[at + 5], f[at + 6]),
    };
  }
  const warnings = new Array(nw);
  for (let i = 0; i < nw; i++, at += 7) {
    const rule = f[at + 1];
    warnings[i] = rule === 0
      ? { kind: f[at], severity: f[at + 2], pointer: piece(f[at + 3], f[at + 4]), message: piece(f[at + 5], f[at + 6]) }
      : { kind: f[at], rule, severity: f[at + 2], pointer: piece(f[at + 3], f[at + 4]), message: piece(f[at + 5], f[at + 6]) };
  }
  return { violations, warnings };
}

// The names of findings() objects' ids (after every word and text was read).
function learn(violations, warnings) {
  for (const v of violations) {
    v.definition = name(v.definition);
    v.schema = name(v.schema);
    v.keyword = name(v.keyword);
  }
  for (const x of warnings) {
    x.kind = name(x.kind);
    if (x.rule !== undefined) x.rule = name(x.rule);
    x.severity = name(x.severity);
  }
}

// The reports of the last observeFast (`code` its answer). Every word is
// read before the first fastName call, which may grow the memory.
function fastReports(code) {
  if (words.byteLength === 0) views();
  const w = words;
  if (code === 1) return JSON.parse(text(w[14], w[15]));
  const idType = w[6];
  const id = idType === 1 ? number[0] : idType === 2 ? text(w[14], w[19]) : null;
  const index = w[0], direction = w[1], origin = w[2], kind = w[3], revision = w[4], method = w[5];
  const n = w[7];
  const definitions = new Array(n);
  for (let i = 0; i < n; i++) definitions[i] = w[8 + i];
  let violations, warnings;
  if (code === 2) {
    ({ violations, warnings } = findings(w));
    learn(violations, warnings);
  } else {
    violations = [];
    warnings = [];
  }
  for (let i = 0; i < n; i++) definitions[i] = name(definitions[i]);
  return [{
    index,
    batch_index: null,
    direction: direction === 0 ? 'c2s' : 's2c',
    origin: origin === 0 ? 'implementation' : 'harness',
    revision: name(revision),
    kind: name(kind),
    method: name(method),
    id,
    definitions,
    violations,
    warnings,
    input_error: null,
  }];
}

// Freed sessions, kept for the next `new Session` (at most SPARES): their
// module-side state is cleared and their room kept (RawSession.reset), so
// a harness that judges one short conversation after another makes no
// wasm-bindgen object, no finalizer registration and no allocation per
// conversation (measured: npm/README.md, Performance).
const spares = [];
const SPARES = 4;

/** One client–server conversation, judged message by message. */
export class Session {
  #raw;

  constructor(revision = 'auto', options) {
    const text = options == null ? '{}' : JSON.stringify(options);
    const spare = spares.pop();
    if (spare === undefined) {
      const Raw = module().RawSession;
      this.#raw = call(() => new Raw(revision, text));
      return;
    }
    try {
      spare.reset(revision, text);
    } catch (e) {
      spares.push(spare);
      rethrow(e);
    }
    this.#raw = spare;
  }

  #live() {
    const raw = this.#raw;
    if (raw === null) throw new McpwireError('ERR_MCPWIRE_FREED', 'mcpwire: this Session was freed');
    return raw;
  }

  /**
   * Judges one message, a JS value (judged as the text JSON.stringify
   * gives): one report, or one per batch element. `direction` null,
   * undefined or "auto": inferred by the session (as for a bare message in
   * a transcript); `origin` defaults to "implementation".
   */
  observe(direction, origin, message) {
    return this.#observe(direction, origin, valueText(message));
  }

  /**
   * `observe` for JSON text (a string or a Uint8Array of UTF-8); text that
   * is not one JSON value is a report with `input_error`, not a throw.
   */
  observeText(direction, origin, text) {
    return this.#observe(direction, origin, jsonText(text, 'observeText'));
  }

  #observe(direction, origin, w) {
    direction ??= 'auto';
    origin ??= 'implementation';
    const d = directionCode(direction);
    const o = originCode(origin);
    if (d >= 0 && o >= 0) {
      return fastReports(this.#live().observeFast(d, o, put(w)));
    }
    // Not a known direction or origin: the module's own error.
    const raw = this.#live();
    const out = call(() => typeof w === 'string'
      ? raw.observeString(direction, origin, w)
      : raw.observeText(direction, origin, w));
    return reports(out);
  }

  /** Requests never answered so far, in the order they were sent. */
  unanswered() {
    return JSON.parse(this.#live().unanswered());
  }

  /** The revision in force for messages that say nothing themselves. */
  get revision() {
    return this.#live().revision();
  }

  /** Records the `MCP-Protocol-Version` HTTP header of the following messages. */
  setHttpProtocolVersion(header) {
    const raw = this.#live();
    call(() => raw.setHttpProtocolVersion(header));
  }

  /**
   * Ends the session now (otherwise the garbage collector does): its memory
   * is freed, or kept for the next `new Session`. Using it afterwards throws;
   * freeing it again does nothing.
   */
  free() {
    const raw = this.#raw;
    if (raw === null) return;
    this.#raw = null;
    if (spares.length < SPARES) {
      // Cleared now, so a kept session holds no conversation.
      raw.clear();
      spares.push(raw);
    } else {
      raw.free();
    }
  }

  [Symbol.dispose]() {
    this.free();
  }
}
