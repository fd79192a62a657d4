// `npx mcpwire` (bin/mcpwire.js): what the native command line's `check`
// and `validate` do, with the module doing the parsing, judging and
// writing (RawCli, bindings/wasm/src/cli.rs) and this file what a
// WebAssembly module cannot: read files, directories and standard input,
// write standard output, standard error and `--output` files.
import { readdirSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import './node.js';
import { RawCli } from './wasm/mcpwire_wasm.js';

/** Where the subcommands this package does not run are. */
export const NATIVE = `is part of the native mcpwire command line, which this package (WebAssembly, for Node) does not include. Nothing is published yet; build it from a checkout of the repository with
  cargo install --path . --locked
or build the Python wheel that carries it with
  bash bindings/python/build-wheel.sh
(docs/installing.md).`;

const NATIVE_ONLY = new Set(['tap', 'proxy', 'probe', 'dispatch', 'diff']);

// What Rust's io::Error says for the errors a read meets (`{} (os error
// N)`, strerror's words), so that messages match the native CLI's.
const OS_ERRORS = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  EMFILE: 'Too many open files',
  EIO: 'Input/output error',
};

function ioError(e) {
  const words = OS_ERRORS[e.code];
  return words && typeof e.errno === 'number' ? `${words} (os error ${Math.abs(e.errno)})` : e.message;
}

// `--color auto` on a stream, as anstream decides it natively.
function colorAuto(stream) {
  const env = process.env;
  if (env.NO_COLOR) return false;
  if (env.CLICOLOR_FORCE && env.CLICOLOR_FORCE !== '0') return true;
  if (!stream.isTTY) return false;
  if (env.TERM === 'dumb') return false;
  return env.CLICOLOR !== '0';
}

function readStdin() {
  const chunks = [];
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let n;
    try {
      n = readSync(0, buffer);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      if (e.code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

// Path order as Rust's PathBuf sorts: component by component.
function byComponents(a, b) {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return Buffer.compare(Buffer.from(x[i]), Buffer.from(y[i]));
  }
  return x.length - y.length;
}

function walk(dir, found) {
  for (const name of readdirSync(dir)) {
    const path = dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
    let directory = false;
    try {
      directory = statSync(path).isDirectory();
    } catch {
      directory = false;
    }
    if (directory) walk(path, found);
    else if (/\.(jsonl|ndjson|json)$/.test(name)) found.push(path);
  }
}

// The files `args` name, directories expanded (src/bin/mcpwire/inputs.rs
// `expand`): [name] or [name, error].
function expand(args) {
  const out = [];
  for (const a of args) {
    let directory = false;
    try {
      directory = a !== '-' && statSync(a).isDirectory();
    } catch {
      directory = false;
    }
    if (!directory) {
      out.push([a]);
      continue;
    }
    const found = [];
    try {
      walk(a, found);
    } catch (e) {
      out.push([a, `cannot list ${a}: ${ioError(e)}`]);
      continue;
    }
    if (found.length === 0) {
      out.push([a, `${a} is a directory with no *.jsonl, *.ndjson or *.json file`]);
      continue;
    }
    found.sort(byComponents);
    for (const f of found) out.push([f]);
  }
  return out;
}

// A HAR capture or an HTTP transcript (src/bin/mcpwire/http_check.rs
// `is_capture`), which only the native CLI judges.
function isCapture(name, bytes) {
  if (name === '-') return false;
  if (name.toLowerCase().endsWith('.har')) return true;
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{') && head.slice(1).trimStart().startsWith('"log"')) return true;
  const nl = bytes.indexOf(0x0a);
  const first = new TextDecoder().decode(nl < 0 ? bytes : bytes.subarray(0, nl)).trim();
  try {
    const v = JSON.parse(first);
    return v !== null && typeof v === 'object' && !Array.isArray(v) && v.http !== undefined && v.http !== null;
  } catch {
    return false;
  }
}

function read(name) {
  return name === '-' ? readStdin() : readFileSync(name);
}

// Writes what the module wrote since the last drain.
function drain(cli, files) {
  const out = JSON.parse(cli.take());
  if (out.stdout) process.stdout.write(out.stdout);
  if (out.stderr) process.stderr.write(out.stderr);
  for (const [path, text] of out.files) {
    files.set(path, (files.get(path) ?? '') + text);
  }
}

function inputError(cli, file, message, files) {
  drain(cli, files);
  process.stderr.write(`mcpwire: error: ${message}\n`);
  cli.inputError(file, message);
}

/**
 * Runs the command line `argv` (without the program name); resolves to the
 * exit status: 0 passed, 1 failed, 2 usage or input error.
 */
export async function run(argv) {
  if (NATIVE_ONLY.has(argv[0])) {
    process.stderr.write(`mcpwire: \`${argv[0]}\` ${NATIVE}\n`);
    return 2;
  }
  const cli = new RawCli(JSON.stringify(argv), colorAuto(process.stdout), colorAuto(process.stderr));
  try {
    const plan = JSON.parse(cli.plan());
    if (plan.stop) {
      (plan.stop.stderr ? process.stderr : process.stdout).write(plan.stop.text);
      return plan.stop.code;
    }
    if (plan.native) {
      process.stderr.write(`mcpwire: \`${plan.native}\` ${NATIVE}\n`);
      return 2;
    }
    const files = new Map();
    if (plan.run === 'validate') {
      const label = plan.file === '-' ? '<stdin>' : plan.file;
      let bytes;
      try {
        bytes = read(plan.file);
      } catch (e) {
        process.stderr.write(`mcpwire: error: cannot open ${plan.file}: ${ioError(e)}\n`);
        return 2;
      }
      cli.validate(label, bytes.length > plan.max_bytes ? bytes.subarray(0, plan.max_bytes + 1) : bytes);
    } else {
      for (const [name, error] of expand(plan.files)) {
        if (error !== undefined) {
          inputError(cli, name, error, files);
          continue;
        }
        const label = name === '-' ? '<stdin>' : name;
        let bytes;
        try {
          bytes = read(name);
        } catch (e) {
          inputError(cli, name, `cannot open ${name}: ${ioError(e)}`, files);
          continue;
        }
        if (isCapture(name, bytes)) {
          inputError(cli, name, `${name}: HAR captures and HTTP transcripts are checked by the native CLI (docs/installing.md: cargo install --path . --locked in a checkout)`, files);
          continue;
        }
        cli.check(label, bytes);
        drain(cli, files);
      }
    }
    const code = cli.finish();
    drain(cli, files);
    for (const [path, text] of files) {
      try {
        writeFileSync(path, text);
      } catch (e) {
        process.stderr.write(`mcpwire: error: cannot create ${path}: ${ioError(e)}\n`);
        return 2;
      }
    }
    return code;
  } finally {
    cli.free();
  }
}
