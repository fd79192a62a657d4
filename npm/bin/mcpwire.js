#!/usr/bin/env node
// `npx mcpwire`: the `check` and `validate` subcommands of the native
// command line, run by the WebAssembly module (one package for every
// platform). The module parses the arguments and writes every format with
// the native CLI's own code (bindings/wasm/src/cli.rs); this script reads
// the inputs, writes the outputs and exits with the status it gives.
// `tap`, `proxy`, `probe`, `dispatch` and `diff` need the native CLI: this
// script says how to get it and exits 2. A copy of the package that was
// never built (a checkout without dist/) says what to run.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'mcpwire: this copy of the package is not built (it has no dist/): in the npm/ directory of the repository, run\n' +
      '  npm ci && npm run build\n' +
      '(Rust and the MCP spec files are needed: docs/javascript.md, "Building and testing").\n'
  );
  process.exit(2);
}
const { run } = await import(cli);
process.exitCode = await run(process.argv.slice(2));
