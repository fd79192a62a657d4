// Types of the mcpwire npm package. Reports and violations are the Rust
// library's serde form (the same field names as `mcpwire::Report`), so a
// report from Node and one from Rust compare equal.

/** A revision string: "2024-11-05" … "2026-07-28", or "draft". */
export type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28' | 'draft';

/** Which way a message travelled: client to server, or server to client. */
export type Direction = 'c2s' | 's2c';

/** Who wrote a message: the implementation under test, or the harness. */
export type Origin = 'implementation' | 'harness';

/**
 * A message: a JS value (judged as the text `JSON.stringify` gives for it,
 * its wire form), a string of JSON text, or the bytes of JSON text. Pass
 * text to keep what a JS value cannot hold: integers beyond 2^53, `1.0`
 * versus `1`, repeated member names.
 */
export type Message = unknown;

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
  /** Deepest nesting accepted (default 512). */
  maxDepth?: number;
  /** Largest message accepted, in bytes of UTF-8 (default 256 MiB). */
  maxMessageBytes?: number;
  /** The `MCP-Protocol-Version` HTTP header of the messages that follow. */
  httpProtocolVersion?: string;
}

/**
 * Loads the WebAssembly module. In Node it is loaded at import and this
 * resolves at once; in browsers call it (once) before anything else. It
 * fetches `mcpwire_wasm_bg.wasm` next to the package's JS unless given a
 * URL, a Response, bytes or a compiled WebAssembly.Module.
 */
export default function init(input?: string | URL | Response | BufferSource | WebAssembly.Module): Promise<void>;
export { init };

/** The revisions compiled into this build, oldest first. */
export function revisions(): Revision[];

/**
 * The violations of `message` against one definition (`[]` when valid).
 * Throws on an unknown revision or definition (suggesting close names), or
 * on text that is not one JSON value.
 */
export function validate(revision: Revision, definition: string, message: Message): Violation[];

/**
 * The reference conformance harness's `wireSchemaErrors`
 * (`src/validation/wire-schema.ts`), judged by mcpwire:
 * `<Definition><instancePath>: <message>` strings, `[]` when valid;
 * ` (result of '<requestMethod>')` after errors in a result body, `[i] `
 * before batch element errors, at most 6 per definition then
 * `... N more error(s)`. Where the verdict differs from ajv's, by design:
 * the package README / docs/javascript.md.
 */
export function wireSchemaErrors(version: Revision, message: Message, requestMethod?: string): string[];

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
  [Symbol.dispose](): void;
}
