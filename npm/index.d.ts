// Types of the mcpwire npm package. Reports and violations are the Rust
// library's serde form (the same field names as `mcpwire::Report`), so a
// report from Node and one from Rust compare equal. These declarations need
// no DOM lib and no `esnext.disposable` lib (test/types.test.mjs checks them
// under `lib: ["es2022"]` alone).

/** A revision string: "2024-11-05" … "2026-07-28", or "draft". */
export type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28' | 'draft';

/** Which way a message travelled: client to server, or server to client. */
export type Direction = 'c2s' | 's2c';

/** Who wrote a message: the implementation under test, or the harness. */
export type Origin = 'implementation' | 'harness';

/**
 * A message as a JS value, judged as the text `JSON.stringify` gives for it
 * (its wire form). A JS string is a JSON string value, never re-read as
 * text: JSON text goes to the `…Text` entry points.
 */
export type Message = unknown;

/**
 * JSON text: a string, or its UTF-8 bytes. Text keeps what a JS value
 * cannot hold: integers beyond 2^53, `1.0` versus `1`, repeated member names.
 */
export type JsonText = string | Uint8Array;

/** The `code` of an {@link McpwireError}. */
export type McpwireErrorCode =
  /** An unknown revision, or one not compiled in. */
  | 'ERR_MCPWIRE_REVISION'
  /** A definition the revision does not have (the message names close ones). */
  | 'ERR_MCPWIRE_DEFINITION'
  /** A Session option that is not understood. */
  | 'ERR_MCPWIRE_OPTIONS'
  /** A direction, origin or text argument of the wrong kind. */
  | 'ERR_MCPWIRE_ARGUMENT'
  /** Text (`validateText`) that is not one readable JSON value. */
  | 'ERR_MCPWIRE_INPUT'
  /** A JS value without JSON text: undefined, a function, a symbol, a BigInt, a cycle. */
  | 'ERR_MCPWIRE_NOT_JSON'
  /** A call before `await init()` in a browser. */
  | 'ERR_MCPWIRE_NOT_INITIALISED'
  /** A call on a Session after `free()`. */
  | 'ERR_MCPWIRE_FREED';

/** Every error the package throws on purpose. */
export class McpwireError extends Error {
  readonly name: 'McpwireError';
  readonly code: McpwireErrorCode;
}

/** One way an instance breaks its schema. */
export interface Violation {
  /** RFC 6901 pointer into the message (or instance): "/params/arguments/0". */
  instance: string;
  /** Pointer into the published schema.json: "/$defs/CallToolRequest/required". */
  schema: string;
  /** The failing keyword ("type", "required", …; "dispatch" for rules mcpwire's dispatch enforces). */
  keyword: string;
  /** Why, in words. */
  message: string;
}

/** A violation and the definition whose check found it. */
export interface Finding extends Violation {
  /** The definition checked ("CallToolResult"). */
  definition: string;
}

/** Something worth knowing that the schema does not forbid. */
export interface Warning {
  /** The class ("unknown_response", "wrong_sender", "rule", …). */
  kind: string;
  /** For kind "rule": the rule's stable id. */
  rule?: string;
  /** "error" for a rule that rests on a MUST (it fails a run like a violation), else "warning". */
  severity: 'error' | 'warning';
  /** Where in the message. */
  pointer: string;
  /** What and why. */
  message: string;
}

/** The judgement of one message (or one element of a batch). */
export interface Report {
  /** 0-based index of the message in the session. */
  index: number;
  /** Index inside a batch, or null. */
  batch_index: number | null;
  direction: Direction;
  origin: Origin;
  /** The revision it was judged at (null when the input was unreadable). */
  revision: Revision | null;
  kind: 'request' | 'notification' | 'result' | 'error' | 'unknown' | 'unreadable';
  /** Its method, or for a response the method of its request. */
  method: string | null;
  /** Its id, when present. */
  id: unknown;
  /** The definitions checked, most general first (envelope, then typed). */
  definitions: string[];
  /** Schema violations: empty when valid. */
  violations: Finding[];
  warnings: Warning[];
  /** Why the text could not be read as a message, if it could not. */
  input_error: string | null;
  /** The message's line in a transcript, when one was given (absent otherwise). */
  line?: number;
  /** Fields added by later versions of the library appear here too. */
  [more: string]: unknown;
}

/** A request that never got a response. */
export interface Unanswered {
  direction: Direction;
  method: string;
  /** Its index in the session. */
  index: number;
  /** The revision it was judged at. */
  revision: Revision;
  /** Its id, as written. */
  id: unknown;
  /** Its line in a transcript, or null. */
  line: number | null;
  [more: string]: unknown;
}

/** Options of a Session (every member optional). */
export interface SessionOptions {
  /** Revision used in auto mode before anything says which (default "2026-07-28"). */
  fallback?: Revision;
  /** Report `"id": null` on −32700/−32600 error responses as a warning (default false). */
  nullIdAsWarning?: boolean;
  /** Deepest nesting accepted, 1 to 2,000 levels (default 512; the JavaScript stack holds that); others throw. */
  maxDepth?: number;
  /** Largest message accepted, in bytes of UTF-8 (default 256 MiB). */
  maxMessageBytes?: number;
  /** The `MCP-Protocol-Version` HTTP header of the messages that follow. */
  httpProtocolVersion?: string;
}

/**
 * What `init` takes: a URL (a string or a `URL`), a fetch `Response` (or a
 * promise of one), the module's bytes, or a compiled `WebAssembly.Module`.
 * Typed structurally, so that these declarations need no DOM lib.
 */
export type InitInput =
  | string
  | { readonly href: string }
  | { arrayBuffer(): Promise<ArrayBuffer> }
  | PromiseLike<{ arrayBuffer(): Promise<ArrayBuffer> }>
  | ArrayBuffer
  | ArrayBufferView
  | object;

/**
 * Loads the WebAssembly module. In Node it is loaded at import and this
 * resolves at once; in browsers call it (once) before anything else. It
 * fetches `mcpwire_wasm_bg.wasm` next to the package's JS unless given a
 * URL, a Response, bytes or a compiled WebAssembly.Module.
 */
export default function init(input?: InitInput): Promise<void>;
export { init };

/** The revisions compiled into this build, oldest first. */
export function revisions(): Revision[];

/**
 * The violations of the JS value `message` against one definition (`[]`
 * when valid). Throws an {@link McpwireError} on an unknown revision or
 * definition (suggesting close names), or a value without JSON text.
 */
export function validate(revision: Revision, definition: string, message: Message): Violation[];

/** {@link validate} for JSON text; text that is not one JSON value throws (`ERR_MCPWIRE_INPUT`). */
export function validateText(revision: Revision, definition: string, text: JsonText): Violation[];

/**
 * The reference conformance harness's `wireSchemaErrors`
 * (`src/validation/wire-schema.ts`), judged by mcpwire:
 * `<Definition><instancePath>: <message>` strings, `[]` when valid;
 * ` (result of '<requestMethod>')` after errors in a result body (named by
 * its result definition at every revision), `[i] `
 * before batch element errors, at most 6 per definition then
 * `... N more error(s)`. Where the verdict differs from ajv's, by design:
 * the package README / docs/javascript.md.
 */
export function wireSchemaErrors(version: Revision, message: Message, requestMethod?: string): string[];

/** {@link wireSchemaErrors} for JSON text; unreadable text is one `JSONRPCMessage: …` error string. */
export function wireSchemaErrorsText(version: Revision, text: JsonText, requestMethod?: string): string[];

/** One client–server conversation, judged message by message. */
export class Session {
  /** A fixed revision, or "auto" to follow the negotiated one. Throws on an unknown revision or option. */
  constructor(revision?: Revision | 'auto', options?: SessionOptions);
  /**
   * Judges one message: one report, or one per batch element (plus one for the batch itself when it is illegal).
   * `direction` null or "auto": inferred by the session, as for a bare message in a transcript (the report says which);
   * `origin` null: "implementation".
   */
  observe(direction: Direction | 'auto' | null, origin: Origin | null, message: Message): Report[];
  /** {@link Session.observe} for JSON text; unreadable text is a report with `input_error`, not a throw. */
  observeText(direction: Direction | 'auto' | null, origin: Origin | null, text: JsonText): Report[];
  /** Requests never answered so far, in the order they were sent. */
  unanswered(): Unanswered[];
  /** The revision in force for messages that say nothing themselves. */
  readonly revision: Revision;
  /** Records the `MCP-Protocol-Version` HTTP header of the following messages. Throws on an unknown value. */
  setHttpProtocolVersion(header: string): void;
  /**
   * Ends the session now (otherwise the garbage collector does): its memory is freed, or kept for the
   * next `new Session`. Using it afterwards throws; freeing it again does nothing.
   */
  free(): void;
  /** `free()`, for `using session = new Session(…)`. */
  [Symbol.dispose](): void;
}

declare global {
  // `Symbol.dispose`, declared as `lib.esnext.disposable` and @types/node
  // declare it, so that the class above type-checks without that lib.
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}
