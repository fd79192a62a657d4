// A scripted MCP session from a web page in Debian's Chromium, recorded
// by Playwright's `recordHar`:
//   node browser_har.mjs URL HAR [REVISION]
// URL: a Streamable HTTP endpoint (http://127.0.0.1:PORT/mcp); the page is
// served at URL's origin (Playwright fulfils /mcpwire-page.html there), so
// its script talks to the endpoint same-origin with the browser's own
// fetch: initialize (proposing REVISION, default 2025-06-18) →
// notifications/initialized → tools/list → tools/call echo → tools/call
// get-sum → resources/list → resources/read → prompts/list → ping →
// DELETE. The HAR (bodies embedded) keeps only the endpoint's entries.
// Prints one JSON line per step, then {"step":"done","value":true}.
// Chromium: MCPWIRE_CHROMIUM, else /usr/bin/chromium (.ci/setup/45-chromium.sh).
import { chromium } from "playwright-core";

const [url, har, revision = "2025-06-18"] = process.argv.slice(2);
const endpoint = new URL(url);
const pageUrl = new URL("/mcpwire-page.html", endpoint).href;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The page's client: a minimal Streamable HTTP client on fetch. A POST's
// answer is JSON or an SSE stream that ends after the response.
function session(endpoint, revision) {
  let sessionId = null;
  let protocol = null;
  let next = 0;
  const head = () => {
    const h = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    if (sessionId) h["mcp-session-id"] = sessionId;
    if (protocol) h["mcp-protocol-version"] = protocol;
    return h;
  };
  const answer = async (res, id) => {
    const type = res.headers.get("content-type") || "";
    const text = await res.text();
    if (type.startsWith("application/json")) return JSON.parse(text);
    for (const block of text.split(/\r?\n\r?\n/)) {
      const data = block
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n");
      if (!data) continue;
      const msg = JSON.parse(data);
      if (msg.id === id && ("result" in msg || "error" in msg)) return msg;
    }
    throw new Error(`no response to ${id} in ${text}`);
  };
  const request = async (method, params) => {
    const id = next++;
    const res = await fetch(endpoint, {
      method: "POST",
      headers: head(),
      body: JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) }),
    });
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
    sessionId = res.headers.get("mcp-session-id") || sessionId;
    const msg = await answer(res, id);
    if (msg.error) throw new Error(`${method}: ${JSON.stringify(msg.error)}`);
    return msg.result;
  };
  const notify = async (method) => {
    const res = await fetch(endpoint, {
      method: "POST",
      headers: head(),
      body: JSON.stringify({ jsonrpc: "2.0", method }),
    });
    await res.text();
    if (res.status !== 202) throw new Error(`${method}: HTTP ${res.status}`);
  };
  return (async () => {
    const out = [];
    const init = await request("initialize", {
      protocolVersion: revision,
      capabilities: {},
      clientInfo: { name: "mcpwire-browser-test", version: "1.0.0" },
    });
    protocol = init.protocolVersion;
    out.push(["server", init.serverInfo.name], ["protocol", protocol]);
    await notify("notifications/initialized");
    // The standalone GET stream, open until just before DELETE.
    const abort = new AbortController();
    const stream = await fetch(endpoint, {
      method: "GET",
      headers: { ...head(), accept: "text/event-stream" },
      signal: abort.signal,
    });
    out.push(["stream", [stream.status, stream.headers.get("content-type")]]);
    const reading = stream.body.getReader().read().catch(() => null);
    const tools = await request("tools/list");
    out.push(["tools", tools.tools.map((t) => t.name).sort()]);
    out.push(["echo", await request("tools/call", { name: "echo", arguments: { message: "from a page" } })]);
    out.push(["sum", await request("tools/call", { name: "get-sum", arguments: { a: 2, b: 3 } })]);
    const resources = await request("resources/list");
    out.push(["resources", resources.resources.length > 0]);
    if (resources.resources[0]) {
      const read = await request("resources/read", { uri: resources.resources[0].uri });
      out.push(["read", read.contents.length]);
    }
    const prompts = await request("prompts/list");
    out.push(["prompts", prompts.prompts.map((p) => p.name).sort()]);
    out.push(["ping", await request("ping")]);
    abort.abort();
    await reading;
    const del = await fetch(endpoint, { method: "DELETE", headers: head() });
    await del.text();
    out.push(["delete", del.status]);
    return out;
  })();
}

const browser = await chromium.launch({
  executablePath: process.env.MCPWIRE_CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const context = await browser.newContext({
    recordHar: { path: har, content: "embed", urlFilter: new RegExp(`^${escape(endpoint.origin + endpoint.pathname)}(\\?|$)`) },
  });
  const page = await context.newPage();
  await page.route(pageUrl, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>mcpwire</title>" }),
  );
  await page.goto(pageUrl);
  const steps = await page.evaluate(`(${session.toString()})(${JSON.stringify(endpoint.href)}, ${JSON.stringify(revision)})`);
  for (const [step, value] of steps) console.log(JSON.stringify({ step, value }));
  await context.close();
} finally {
  await browser.close();
}
console.log(JSON.stringify({ step: "done", value: true }));
