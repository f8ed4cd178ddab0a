// The pinned runtime under Node, for the build steps that must run inside the browser's own
// interpreter (CPython 3.14 on WebAssembly): compile_wheel.mjs and compile_stdlib.mjs (the host
// Python cannot do their work, its bytecode being for its own version), and for the engine's
// tests inside Pyodide (run_in_pyodide.mjs).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const RUNTIME_DIR = join(here, "node_modules", "pyodide");
const require = createRequire(import.meta.url);
const { loadPyodide } = require(join(RUNTIME_DIR, "pyodide.js"));

/** The runtime; with no options, as published (its own, source-only standard library). */
export function startRuntime(options = {}) {
  return loadPyodide({ indexURL: RUNTIME_DIR + "/", ...options });
}

/**
 * Runs one of this folder's Python scripts as `__main__` with `argv` (the folder's other Python
 * files importable beside it); returns the last line it printed. A Python error ends the process
 * with its traceback, not the runtime's minified source.
 */
export function runScript(py, script, argv) {
  py.FS.mkdirTree("/build");
  for (const name of readdirSync(here).filter((n) => n.endsWith(".py"))) {
    py.FS.writeFile("/build/" + name, readFileSync(join(here, name)));
  }
  py.globals.set("argv", py.toPy([script, ...argv]));
  py.runPython("import sys; sys.argv = list(argv); sys.path.insert(0, '/build')");
  const printed = [];
  py.setStdout({ batched: (line) => printed.push(line) });
  try {
    py.runPython(readFileSync(join(here, script), "utf8"));
  } catch (err) {
    console.error(String(err.message || err));
    process.exit(1);
  }
  return (printed.at(-1) || "").trim();
}
