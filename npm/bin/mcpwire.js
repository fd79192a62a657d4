#!/usr/bin/env node
// `npx mcpwire`: the `check` and `validate` subcommands of the native
// command line, run by the WebAssembly module (one package for every
// platform). The module parses the arguments and writes every format with
// the native CLI's own code (bindings/wasm/src/cli.rs); this script reads
// the inputs, writes the outputs and exits with the status it gives.
// `tap`, `proxy`, `probe` and `dispatch` need the native CLI: this script
// says where to get it and exits 2.
import { run } from '../dist/cli.js';

process.exitCode = await run(process.argv.slice(2));
