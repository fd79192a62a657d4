// The module's string scan (runtime/src/bytes.rs `find_special`: 16 bytes
// at a time, with simd128 in the package's build) against JavaScript's own
// reading: a special byte — a quote, an escape, a control character, each
// kind of UTF-8 sequence, invalid UTF-8 — at every offset across the first
// blocks of a member name and of a string value. A text is readable for
// mcpwire exactly when it is UTF-8 (`TextDecoder` with `fatal`) and
// `JSON.parse` reads it; then the method the report names is the one
// `JSON.parse` gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from 'mcpwire';

const bytes = (s) => new TextEncoder().encode(s);
const specials = [
  ['closing quote', []],
  ['escape \\n', bytes('\\n')],
  ['escaped quote', bytes('\\"')],
  ['escape \\u00e9', bytes('\\u00e9')],
  // JSON.parse keeps a lone surrogate; serde_json, whose reading mcpwire
  // follows, refuses it (`reference` says so).
  ['lone surrogate escape', bytes('\\ud800')],
  ['bad escape', bytes('\\x')],
  ['control 0x01', [0x01]],
  ['control 0x1f', [0x1f]],
  ['tab', [0x09]],
  ['DEL', [0x7f]],
  ['two-byte é', bytes('é')],
  ['three-byte €', bytes('€')],
  ['four-byte 😀', bytes('😀')],
  ['0xff', [0xff]],
  ['lone continuation', [0x80]],
  ['overlong', [0xc0, 0xaf]],
  ['truncated', [0xe2, 0x82]],
  ['encoded surrogate', [0xed, 0xa0, 0x80]],
];

// JavaScript's reading of `text`: the parsed value, or null when it is not
// UTF-8 or not JSON — or holds a lone surrogate escape, the one thing
// JSON.parse reads and serde_json (mcpwire's reading) does not.
function reference(text) {
  try {
    const source = new TextDecoder('utf-8', { fatal: true }).decode(text);
    if (/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i.test(source)) return null;
    return JSON.parse(source);
  } catch {
    return null;
  }
}

function concat(...parts) {
  const all = parts.flatMap((p) => [...p]);
  return Uint8Array.from(all);
}

test('a special byte at every offset of a string value or member name is read as JSON.parse reads it', () => {
  const s = new Session('2025-11-25');
  let checked = 0;
  for (const [what, special] of specials) {
    for (let at = 0; at <= 40; at++) {
      const filler = bytes('x'.repeat(at));
      const texts = [
        // In the method's value (the report names it).
        concat(bytes('{"jsonrpc":"2.0","method":"'), filler, special, bytes('tail"}')),
        // In a member name (a notification's params member).
        concat(bytes('{"jsonrpc":"2.0","method":"m","params":{"'), filler, special, bytes('k":1}}')),
        // Right before the end of the text (fewer than 16 bytes left).
        concat(bytes('{"method":"'), filler, special, bytes('"}')),
      ];
      for (const text of texts) {
        const want = reference(text);
        const [report] = s.observeText('c2s', 'implementation', text);
        const label = `${what} at ${at}: ${JSON.stringify(new TextDecoder().decode(text))}`;
        if (want === null) {
          assert.equal(report.kind, 'unreadable', label);
        } else {
          assert.notEqual(report.kind, 'unreadable', `${label}: ${report.input_error}`);
          assert.equal(report.method, want.method, label);
        }
        checked++;
      }
    }
  }
  s.free();
  assert.equal(checked, specials.length * 41 * 3);
});
