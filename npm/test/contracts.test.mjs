// The schemas a conversation carries (a tool's inputSchema and
// outputSchema), judged by the package's Session: the contract findings
// the command line gives, at the same pointers, with their severity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from 'mcpwire';

const REV = '2025-11-25';
const WEATHER = {
  name: 'weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
};
const LEGACY = { name: 'legacy', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } };

// A session at REV that has seen the handshake and a tools/list; the
// listing's findings.
function listed(...tools) {
  const s = new Session(REV);
  s.observe('c2s', 'implementation', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  s.observe('s2c', 'implementation', { jsonrpc: '2.0', id: 0, result: { protocolVersion: REV, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
  s.observe('c2s', 'implementation', { jsonrpc: '2.0', method: 'notifications/initialized' });
  s.observe('c2s', 'implementation', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const [listing] = s.observe('s2c', 'implementation', { jsonrpc: '2.0', id: 1, result: { tools } });
  return { s, listing };
}

// A tools/call of `weather` and its result: the two reports.
function call(s, id, args, structured) {
  const [asked] = s.observe('c2s', 'implementation', { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'weather', arguments: args } });
  const [answered] = s.observe('s2c', 'implementation', {
    jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured },
  });
  return [asked, answered];
}

const contract = (report) => report.warnings.map((w) => [w.rule, w.pointer, w.severity]);

test('a conforming call and its listing are clean', () => {
  const { s, listing } = listed(WEATHER);
  assert.deepEqual(listing.warnings, []);
  for (const r of call(s, 2, { city: 'Oslo' }, { temp: 4.5 })) {
    assert.deepEqual([r.violations, r.warnings], [[], []], JSON.stringify(r));
  }
});

test('arguments and structuredContent are judged against the listed schemas, as errors', () => {
  const { s } = listed(WEATHER);
  const [asked, answered] = call(s, 2, { city: 7 }, { temp: 'warm' });
  assert.deepEqual(contract(asked), [['contract.arguments-schema', '/params/arguments/city', 'error']]);
  assert.deepEqual(contract(answered), [['contract.structured-content-schema', '/result/structuredContent/temp', 'error']]);
  assert.match(answered.warnings[0].message, /"weather".*\/properties\/temp\/type/);
});

test('a draft-07 schema is the portability warning; an invalid one judges nothing', () => {
  assert.deepEqual(contract(listed(WEATHER, LEGACY).listing), [['contract.dialect-not-2020-12', '/result/tools/1/inputSchema/$schema', 'warning']]);
  const broken = { ...WEATHER, outputSchema: { type: 'object', properties: { temp: { type: 'strin' } } } };
  const { s, listing } = listed(broken);
  assert.deepEqual(listing.warnings.map((w) => w.rule), ['contract.schema-invalid']);
  const [, answered] = call(s, 2, { city: 'Oslo' }, { temp: 4.5 });
  assert.ok(answered.warnings.every((w) => w.rule !== 'contract.structured-content-schema'), JSON.stringify(answered));
});
