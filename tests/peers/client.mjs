// A scripted MCP session with the official TypeScript SDK client:
//   node client.mjs streamable|sse URL [REVISION [late]]
// Prints one JSON line per step (what the server answered, minus what
// differs run to run), then "done". tests/proxy_peer.rs runs it against
// server-everything directly and through `mcpwire proxy` and compares;
// tests/http_har_peers.rs also against the python-sdk peer.
// REVISION (or "-"): the protocol version the client's `initialize`
// proposes instead of the SDK's latest (the SDK has no option for it).
// "late" (streamable only): initialize at URL, print "connected", read a
// base URL from standard input and run the rest of the session there, in
// the same MCP session (a proxy started after the client connected).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";

const [mode, url, revision, late] = process.argv.slice(2);
let transport =
  mode === "sse" ? new SSEClientTransport(new URL(url)) : new StreamableHTTPClientTransport(new URL(url));
const client = new Client({ name: "mcpwire-peer-test", version: "1.0.0" }, { capabilities: {} });
const out = (step, value) => console.log(JSON.stringify({ step, value }));

if (revision && revision !== "-") {
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    send(
      message.method === "initialize"
        ? { ...message, params: { ...message.params, protocolVersion: revision } }
        : message,
      options,
    );
}
await client.connect(transport);
out("server", client.getServerVersion()?.name);
out("protocol", transport.protocolVersion ?? null);
if (late === "late") {
  out("connected", true);
  const base = await new Promise((resolve) => {
    let buf = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk) => {
      buf += chunk;
      if (buf.includes("\n")) resolve(buf.split("\n")[0]);
    });
  });
  process.stdin.pause();
  const { sessionId, protocolVersion } = transport;
  await transport.close();
  const u = new URL(url);
  transport = new StreamableHTTPClientTransport(new URL(u.pathname + u.search, base), { sessionId });
  transport.setProtocolVersion(protocolVersion);
  await client.connect(transport);
}
const tools = await client.listTools();
out("tools", tools.tools.map((t) => t.name).sort());
const listed = (name) => tools.tools.some((t) => t.name === name);
// server-everything's tools; a server without them (the python-sdk peer,
// tests/peers/python/server.py) is asked for its `add` instead.
if (listed("echo")) {
  out("echo", await client.callTool({ name: "echo", arguments: { message: "through the proxy" } }));
}
const sum = listed("get-sum") ? "get-sum" : "add";
out("sum", await client.callTool({ name: sum, arguments: { a: 2, b: 3 } }));
const resources = await client.listResources();
out("resources", resources.resources.length > 0);
const first = resources.resources[0];
if (first) {
  const read = await client.readResource({ uri: first.uri });
  out("read", read.contents.length);
}
const prompts = await client.listPrompts();
out("prompts", prompts.prompts.map((p) => p.name).sort());
out("ping", await client.ping());
if (mode !== "sse") {
  await transport.terminateSession();
}
await client.close();
out("done", true);
