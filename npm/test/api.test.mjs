// The package's API: validate, Session, wireSchemaErrors, revisions, and
// the three ways a message comes in (JS value, JSON string, bytes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { McpwireError, Session, revisions, validate, validateText, wireSchemaErrors, wireSchemaErrorsText } from 'mcpwire';

const ARRAY_FOR_OBJECT = {
  jsonrpc: '2.0',
  id: 7,
  error: { code: -32021, message: 'Server requires the sampling capability', data: { requiredCapabilities: ['sampling'] } },
};
const FIXED = { ...ARRAY_FOR_OBJECT, error: { ...ARRAY_FOR_OBJECT.error, data: { requiredCapabilities: { sampling: {} } } } };

const all = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', 'draft'];

test('init resolves in Node (the module loads at import) and revisions lists all six', async () => {
  await init();
  assert.deepEqual(revisions(), all);
});

test('validate: an array for an object at 2026-07-28 and its fix, as value, text and bytes', () => {
  const def = 'MissingRequiredClientCapabilityError';
  const answers = [
    validate('2026-07-28', def, ARRAY_FOR_OBJECT),
    validateText('2026-07-28', def, JSON.stringify(ARRAY_FOR_OBJECT)),
    validateText('2026-07-28', def, new TextEncoder().encode(JSON.stringify(ARRAY_FOR_OBJECT))),
  ];
  for (const violations of answers) {
    assert.equal(violations.length, 1, JSON.stringify(violations));
    const [v] = violations;
    assert.equal(v.instance, '/error/data/requiredCapabilities');
    assert.equal(v.keyword, 'type');
    assert.equal(v.schema, '/$defs/ClientCapabilities/type');
    assert.match(v.message, /expected object, found array/);
  }
  assert.deepEqual(validate('2026-07-28', def, FIXED), []);
  assert.deepEqual(validateText('2026-07-28', def, JSON.stringify(FIXED)), []);
});

const refused = (code, pattern) => (e) => e instanceof McpwireError && e instanceof Error
  && e.name === 'McpwireError' && e.code === code && pattern.test(e.message) && !e.message.includes('\u0001');

test('validate refuses unknown revisions and definitions (suggesting close names), unreadable text and non-JSON values, with codes', () => {
  assert.throws(() => validate('2099-01-01', 'CallToolResult', {}), refused('ERR_MCPWIRE_REVISION', /^unknown MCP revision "2099-01-01"; known revisions: 2024-11-05/));
  assert.throws(() => validate('2025-11-25', 'CallToolReslt', {}), refused('ERR_MCPWIRE_DEFINITION', /no definition "CallToolReslt"; did you mean CallToolResult/));
  assert.throws(() => validateText('2025-11-25', 'CallToolResult', '{"content": ['), refused('ERR_MCPWIRE_INPUT', /EOF|end of/i));
  for (const v of [undefined, () => 1, Symbol('s'), 10n]) {
    assert.throws(() => validate('2025-11-25', 'CallToolResult', v), refused('ERR_MCPWIRE_NOT_JSON', /is not a JSON value/));
  }
  const cycle = {};
  cycle.self = cycle;
  assert.throws(() => validate('2025-11-25', 'CallToolResult', cycle), refused('ERR_MCPWIRE_NOT_JSON', /cycle/));
  assert.throws(() => validateText('2025-11-25', 'CallToolResult', { content: [] }), refused('ERR_MCPWIRE_ARGUMENT', /takes JSON text/));
  assert.throws(() => new Session('auto', { fallbak: 'draft' }), refused('ERR_MCPWIRE_OPTIONS', /fallbak/));
  assert.throws(() => new Session('auto').observe('up', null, {}), refused('ERR_MCPWIRE_ARGUMENT', /direction "up"/));
  assert.throws(() => wireSchemaErrors('1999-01-01', undefined), refused('ERR_MCPWIRE_REVISION', /1999-01-01/));
  const freed = new Session('auto');
  freed.free();
  assert.throws(() => freed.unanswered(), refused('ERR_MCPWIRE_FREED', /freed/));
});

test('a JS string is a string value; JSON text goes to the text entry points', () => {
  const message = { jsonrpc: '2.0', id: 1, result: { content: [] } };
  const doubled = JSON.stringify(message);
  // The value entry points: a string is judged as the JSON string it is.
  const [r] = new Session('2025-11-25').observe('s2c', 'implementation', doubled);
  assert.equal(r.kind, 'unknown');
  assert.ok(r.violations.length > 0, JSON.stringify(r));
  assert.ok(validate('2025-11-25', 'JSONRPCMessage', doubled).length > 0);
  assert.deepEqual(validate('2025-11-25', 'TextContent', 'x').map((v) => v.keyword), ['type']);
  const errors = wireSchemaErrors('2025-11-25', doubled, 'tools/call');
  assert.ok(errors.length > 0 && errors.every((e) => e.startsWith('JSONRPCMessage')), JSON.stringify(errors));
  // The text entry points read it as the message it holds.
  assert.deepEqual(new Session('2025-11-25').observeText('s2c', 'implementation', doubled)[0].violations, []);
  assert.deepEqual(wireSchemaErrorsText('2025-11-25', doubled, 'tools/call'), []);
  assert.deepEqual(validateText('2025-11-25', 'JSONRPCResponse', doubled), []);
  // A double-encoded text is a string there too.
  assert.ok(wireSchemaErrorsText('2025-11-25', JSON.stringify(doubled)).length > 0);
});

test('wireSchemaErrors answers undefined as the harness does, never throwing for a message', () => {
  const harness = ['JSONRPCMessage: not a valid JSON-RPC request, notification, or response'];
  for (const v of [undefined, () => 1, Symbol('s'), 10n]) {
    assert.deepEqual(wireSchemaErrors('2025-11-25', v), harness);
    assert.deepEqual(wireSchemaErrors('2026-07-28', v, 'tools/call'), harness);
  }
  assert.deepEqual(wireSchemaErrorsText('2025-11-25', '{"jsonrpc":').length, 1);
  assert.match(wireSchemaErrorsText('2025-11-25', '{"jsonrpc":')[0], /^JSONRPCMessage: /);
  assert.throws(() => wireSchemaErrorsText('2025-11-25', undefined), refused('ERR_MCPWIRE_ARGUMENT', /takes JSON text/));
});

test('text keeps what a JS value cannot: integers beyond 2^53 and repeated members', () => {
  // `id` is an integer either way; a fraction is not, whatever its spelling.
  assert.deepEqual(validateText('2025-11-25', 'JSONRPCRequest', '{"jsonrpc":"2.0","id":18446744073709551616,"method":"x"}'), []);
  assert.equal(validateText('2025-11-25', 'JSONRPCRequest', '{"jsonrpc":"2.0","id":1.5,"method":"x"}')[0].instance, '/id');
  // serde_json keeps the last of repeated members, as JSON.parse does.
  assert.deepEqual(validateText('2025-11-25', 'JSONRPCRequest', '{"jsonrpc":"2.0","id":true,"id":1,"method":"x"}'), []);
});

test('Session: auto mode follows initialize; reports carry definitions, violations and warnings', () => {
  const s = new Session('auto');
  assert.equal(s.revision, '2026-07-28');
  const [req] = s.observe('c2s', 'harness', {
    jsonrpc: '2.0', id: 0, method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  });
  assert.equal(req.revision, '2025-06-18');
  assert.equal(req.kind, 'request');
  assert.deepEqual(req.definitions, ['JSONRPCRequest', 'InitializeRequest']);
  assert.deepEqual(req.violations, []);
  const [res] = s.observeText('s2c', 'implementation', JSON.stringify({
    jsonrpc: '2.0', id: 0,
    result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
  }));
  assert.equal(res.kind, 'result');
  assert.equal(res.method, 'initialize');
  assert.ok(res.definitions.includes('InitializeResult'), res.definitions.join());
  assert.deepEqual(res.violations, []);
  assert.equal(s.revision, '2025-06-18');

  const [bad] = s.observe('s2c', 'implementation', { jsonrpc: '2.0', id: 99, result: {} });
  assert.ok(bad.warnings.some((w) => w.kind === 'unknown_response'), JSON.stringify(bad.warnings));
  s.free();
});

test('Session: an array for an object at 2026-07-28 and its fix', () => {
  const s = new Session('2026-07-28');
  const [r] = s.observe('s2c', 'implementation', ARRAY_FOR_OBJECT);
  assert.deepEqual(r.violations.map((f) => [f.definition, f.instance]), [['MissingRequiredClientCapabilityError', '/error/data/requiredCapabilities']]);
  const [ok] = s.observeText('s2c', 'implementation', JSON.stringify(FIXED));
  assert.deepEqual(ok.violations, []);
  assert.equal(ok.index, 1);
});

test('Session: unanswered() lists pending requests; unreadable text is a report, not a throw', () => {
  const s = new Session('2025-11-25');
  s.observe('c2s', 'harness', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  s.observe('c2s', 'harness', { jsonrpc: '2.0', id: 2, method: 'ping' });
  s.observe('s2c', 'implementation', { jsonrpc: '2.0', id: 2, result: {} });
  const pending = s.unanswered();
  assert.equal(pending.length, 1, JSON.stringify(pending));
  assert.equal(pending[0].direction, 'c2s');
  assert.equal(pending[0].method, 'tools/list');
  assert.equal(pending[0].index, 0);
  const [r] = s.observeText('s2c', 'implementation', '{"jsonrpc": "2.0", "id": ');
  assert.equal(r.kind, 'unreadable');
  assert.match(r.input_error, /./);
});

test('Session: options and arguments are checked', () => {
  assert.throws(() => new Session('2025-13-01'), /unknown MCP revision/);
  assert.throws(() => new Session('auto', { fallbak: 'draft' }), /unknown field `fallbak`/);
  const s = new Session('auto', { fallback: '2025-03-26', httpProtocolVersion: '2025-06-18' });
  assert.equal(s.revision, '2025-06-18');
  assert.throws(() => s.observe('up', 'harness', {}), /direction "up"/);
  assert.throws(() => s.observe('c2s', 'tester', {}), /origin "tester"/);
  assert.throws(() => s.setHttpProtocolVersion('1999-01-01'), /unknown MCP revision/);
  s.setHttpProtocolVersion('2025-11-25');
  assert.equal(s.revision, '2025-11-25');
  const tiny = new Session('2025-11-25', { maxMessageBytes: 10 });
  assert.match(tiny.observe('c2s', 'harness', { jsonrpc: '2.0', method: 'notifications/initialized' })[0].input_error, /10/);
});

test('Session: a 2025-03-26 batch is judged per element; elsewhere the batch itself is a violation', () => {
  const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }];
  const ok = new Session('2025-03-26').observe('c2s', 'implementation', batch);
  assert.deepEqual(ok.map((r) => r.batch_index), [0, 1]);
  assert.ok(ok.every((r) => r.violations.length === 0));
  const bad = new Session('2025-06-18').observe('c2s', 'implementation', batch);
  assert.equal(bad[0].batch_index, null);
  assert.match(bad[0].violations[0].message, /batches \(arrays\) are not valid in revision 2025-06-18/);
});

test('wireSchemaErrors: the harness shape', () => {
  assert.deepEqual(wireSchemaErrors('2026-07-28', FIXED), []);
  const errors = wireSchemaErrors('2026-07-28', ARRAY_FOR_OBJECT);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /^MissingRequiredClientCapabilityError\/error\/data\/requiredCapabilities: expected object, found array/);
  // A result body, relative to /result, suffixed with the request's method.
  assert.deepEqual(
    wireSchemaErrors('2025-11-25', { jsonrpc: '2.0', id: 3, result: { content: 'x' } }, 'tools/call'),
    ["CallToolResult/content: expected array, found string (result of 'tools/call')"]
  );
  // Without requestMethod a result gets the envelope only, as in the harness.
  assert.deepEqual(wireSchemaErrors('2025-11-25', { jsonrpc: '2.0', id: 3, result: { content: 'x' } }), []);
  // Batch elements are prefixed with their index.
  const batch = wireSchemaErrors('2025-03-26', [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: true, method: 'ping' }]);
  assert.ok(batch.length > 0 && batch.every((e) => e.startsWith('[1] ')), JSON.stringify(batch));
  assert.throws(() => wireSchemaErrors('1999-01-01', {}), /unknown MCP revision/);
});

test('wireSchemaErrors: where mcpwire differs from ajv by design', () => {
  // Envelope always checked (the harness's probe A passes there at 2025-06-18).
  const a = wireSchemaErrors('2025-06-18', { jsonrpc: '1.0', id: null, method: 'ping' });
  assert.ok(a.some((e) => e.startsWith('JSONRPCRequest/jsonrpc: ')), JSON.stringify(a));
  assert.ok(a.some((e) => e.startsWith('JSONRPCRequest/id: ')), JSON.stringify(a));
  // resultType by value: tools/list cannot ask for input (probe D passes in the harness).
  const d = wireSchemaErrors('2026-07-28', { jsonrpc: '2.0', id: 4, result: { resultType: 'input_required', requestState: 'abc' } }, 'tools/list');
  assert.ok(d.some((e) => /cannot answer with an InputRequiredResult/.test(e)), JSON.stringify(d));
  // Error-object codes: -32601 is checked against MethodNotFoundError too (the harness
  // never sees the five top-level-code definitions); a finding both report is shown once,
  // under the envelope that found it first.
  const e = { jsonrpc: '2.0', id: 5, error: { code: -32601, message: 42 } };
  const [r] = new Session('2026-07-28').observe('s2c', 'implementation', e);
  assert.deepEqual(r.definitions, ['JSONRPCErrorResponse', 'MethodNotFoundError']);
  assert.deepEqual(wireSchemaErrors('2026-07-28', e), ['JSONRPCErrorResponse/error/message: expected string, found integer']);
  // Errata: NumberSchema minimum may be a fraction at 2025-06-18 (ajv without the erratum rejects it).
  const elicit = {
    jsonrpc: '2.0', id: 6, method: 'elicitation/create',
    params: { message: 'm', requestedSchema: { type: 'object', properties: { n: { type: 'number', minimum: 0.5 } } } },
  };
  assert.deepEqual(wireSchemaErrors('2025-06-18', elicit), []);
});

test('wireSchemaErrors: every result body carries the (result of …) suffix, at 2026-07-28 too', () => {
  const body = { resultType: 'complete', _meta: 5 };
  const methods = {
    'tools/list': 'ListToolsResult', // judged by ListToolsResultResponse
    'server/discover': 'DiscoverResult', // judged by DiscoverResultResponse
    'tools/call': 'CallToolResult', // judged on its own (InputRequiredResult or CallToolResult)
    'sampling/createMessage': 'CreateMessageResult', // no XxxResultResponse
  };
  for (const [method, definition] of Object.entries(methods)) {
    const errors = wireSchemaErrors('2026-07-28', { jsonrpc: '2.0', id: 1, result: body }, method);
    const own = errors.filter((e) => !e.startsWith('JSONRPCResultResponse'));
    assert.ok(own.length > 0, `${method}: ${JSON.stringify(errors)}`);
    for (const e of own) {
      assert.ok(e.startsWith(`${definition}: `) && e.endsWith(` (result of '${method}')`), `${method}: ${e}`);
    }
    // The envelope's own error, without the suffix.
    assert.ok(errors.includes('JSONRPCResultResponse/result/_meta: expected object, found integer'), `${method}: ${JSON.stringify(errors)}`);
  }
});

test('Session: direction "auto" (or null) is inferred, as for bare transcript messages', () => {
  const s = new Session('2025-11-25');
  const [req] = s.observe(null, 'harness', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  assert.equal(req.direction, 'c2s');
  const [res] = s.observe('auto', null, { jsonrpc: '2.0', id: 1, result: { tools: [] } });
  assert.equal(res.direction, 's2c');
  assert.equal(res.origin, 'implementation');
  assert.equal(res.method, 'tools/list');
  assert.deepEqual(res.violations, []);
  assert.deepEqual(s.unanswered(), []);
});

test('Session: a freed session is kept for the next one, which is as new; using it afterwards throws', () => {
  const transcript = [
    ['c2s', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }],
    ['c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    ['s2c', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } }],
    ['c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['s2c', { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 7 }] } }],
    ['c2s', { jsonrpc: '2.0', id: 'ïd-2', method: 'tools/call', params: { name: 'x', _meta: { progressToken: 't' } } }],
  ];
  const run = (s) => [...transcript.map(([d, m]) => s.observe(d, 'implementation', m)), s.unanswered(), s.revision];
  // Hold more sessions than are kept, so that `fresh` is made, not reused.
  const held = Array.from({ length: 6 }, () => new Session('auto'));
  const fresh = new Session('auto', { nullIdAsWarning: true });
  const expected = run(fresh);
  // A used session (requests pending, a negotiated revision, capabilities),
  // freed and reused for the same conversation from the start.
  const used = new Session('auto');
  run(used);
  used.free();
  assert.throws(() => used.observe('c2s', 'implementation', transcript[1][1]), /freed/);
  used.free();
  assert.throws(() => new Session('auto', { fallbak: 'draft' }), /fallbak/);
  const reused = new Session('auto', { nullIdAsWarning: true });
  assert.deepEqual(run(reused), expected);
  for (const s of [...held, fresh, reused]) s.free();
});

test('Session: findings keep the shape and member order of the JSON form, non-ASCII text included', () => {
  const s = new Session('2024-11-05');
  const [r] = s.observe('s2c', 'implementation', { jsonrpc: '2.0', id: 'ïd', result: { content: [{ type: 'résumé' }] } });
  assert.equal(r.id, 'ïd');
  assert.deepEqual(r.warnings.map((w) => Object.keys(w)), [['kind', 'severity', 'pointer', 'message']]);
  assert.equal(r.warnings[0].kind, 'unknown_response');
  assert.ok(r.warnings[0].message.includes('"ïd"'), r.warnings[0].message);
  const [v] = new Session('2024-11-05').observe('s2c', 'implementation', {
    jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'é', progress: 'half' },
  });
  assert.deepEqual(v.violations, [{
    definition: 'ProgressNotification',
    instance: '/params/progress',
    schema: '/definitions/ProgressNotification/properties/params/properties/progress/type',
    keyword: 'type',
    message: 'expected number, found string',
  }]);
  assert.deepEqual(Object.keys(v.violations[0]), ['definition', 'instance', 'schema', 'keyword', 'message']);
  const rules = new Session('2025-11-25');
  rules.observe('c2s', 'implementation', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  const [early] = rules.observe('c2s', 'implementation', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  assert.deepEqual(early.warnings.map((w) => Object.keys(w)), [['kind', 'rule', 'severity', 'pointer', 'message']]);
  assert.equal(early.warnings[0].kind, 'rule');
  assert.equal(early.warnings[0].pointer, '/method');
  assert.match(early.warnings[0].rule, /^lifecycle\./);
});
