// ajv 8 set up as the reference conformance harness sets it up, in one
// place (bench.mjs and counts.mjs here, and the Rust bytes bench's peer
// ../../benches/bytes/ajv.mjs, use it): one Ajv per schema (Ajv2020 or Ajv
// by its `$schema`, `strict: false`, `allErrors: true`), ajv-formats,
// `byte` accepting any string, the schema added once, one validator
// compiled per definition on first use; and for a revision the harness's
// dispatch (by method / error code / the request's method, with its two id
// maps for requestMethod): `ajvJudge(revision)` returns
// `judge(origin, message)` → boolean, for a parsed message.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { repo } from './workload.mjs';

const specDir = resolve(process.env.MCPWIRE_SPEC_DIR ?? join(repo, '..', 'shared', 'mcp-spec'));

const NON_CANONICAL = new Set(['ClientRequest', 'ClientNotification', 'ClientResult', 'ClientMessage', 'ServerRequest', 'ServerNotification', 'ServerResult', 'ServerMessage']);

/**
 * One schema's validators as the harness builds them: `validator(name)`,
 * compiled on first use and kept; `defs`, the schema's definitions.
 */
export function harnessValidators(schema, id) {
  const is2020 = String(schema.$schema ?? '').includes('2020-12');
  const ajv = is2020 ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('byte', true);
  ajv.addSchema({ ...schema, $id: id });
  const defsKey = '$defs' in schema ? '$defs' : 'definitions';
  const validators = new Map();
  const validator = (name) => {
    let v = validators.get(name);
    if (!v) {
      v = ajv.compile({ $ref: `${id}#/${defsKey}/${name}` });
      validators.set(name, v);
    }
    return v;
  };
  return { validator, defs: schema[defsKey] };
}

/** The harness's judgement for `revision` (see the module comment). */
export function ajvJudge(revision) {
  const schema = JSON.parse(readFileSync(join(specDir, revision, 'schema.json'), 'utf8'));
  const { validator, defs } = harnessValidators(schema, `mcp://${revision}/schema.json`);
  const methodDefs = new Map();
  const resultDefs = new Map();
  const errorDefs = new Map();
  for (const [name, def] of Object.entries(defs)) {
    if (NON_CANONICAL.has(name)) continue;
    const props = def.properties ?? {};
    const m = props.method?.const;
    if (typeof m === 'string') {
      methodDefs.set(m, name);
      if (name.endsWith('Request')) {
        const r = `${name.slice(0, -7)}Result`;
        if (r in defs) resultDefs.set(m, r);
      }
    }
    for (const part of props.error?.allOf ?? []) {
      const c = part.properties?.code?.const;
      if (typeof c === 'number') errorDefs.set(c, name);
    }
  }
  const first = (...names) => names.find((n) => n in defs) ?? names.at(-1);
  const envResult = first('JSONRPCResultResponse', 'JSONRPCResponse');
  const envError = first('JSONRPCErrorResponse', 'JSONRPCError');
  // Dispatch as the harness does, with its two id maps for requestMethod.
  const pending = { harness: new Map(), implementation: new Map() };
  return function judge(origin, msg) {
    if (typeof msg.method === 'string') {
      if ('id' in msg) pending[origin].set(msg.id, msg.method);
      return validator(methodDefs.get(msg.method) ?? ('id' in msg ? 'JSONRPCRequest' : 'JSONRPCNotification'))(msg);
    }
    if (msg.error != null) {
      const c = msg.error.code;
      return validator((typeof c === 'number' ? errorDefs.get(c) : undefined) ?? envError)(msg);
    }
    if (msg.result !== undefined) {
      const other = pending[origin === 'harness' ? 'implementation' : 'harness'];
      const method = other.get(msg.id);
      other.delete(msg.id);
      const def = msg.result?.resultType === 'input_required' && 'InputRequiredResult' in defs
        ? 'InputRequiredResult'
        : method !== undefined ? resultDefs.get(method) : undefined;
      if (def && !validator(def)(msg.result)) return false;
      return validator(envResult)(msg);
    }
    return false;
  };
}
