// A scripted MCP session over stdio with the official TypeScript SDK client:
//   node stdio_client.mjs COMMAND [ARGS...]
// The client spawns COMMAND (server-everything, directly or under
// `mcpwire tap`), prints one JSON line per step (what the server answered,
// minus what differs run to run), then "done". tests/tap_peer.rs compares
// the session with and without the tap.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args, stderr: "ignore" });
const client = new Client({ name: "mcpwire-tap-peer-test", version: "1.0.0" }, { capabilities: {} });
const out = (step, value) => console.log(JSON.stringify({ step, value }));

await client.connect(transport);
out("server", client.getServerVersion()?.name);
const tools = await client.listTools();
out("tools", tools.tools.map((t) => t.name).sort());
out("echo", await client.callTool({ name: "echo", arguments: { message: "through the tap" } }));
out("sum", await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } }));
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
await client.close();
out("done", true);
