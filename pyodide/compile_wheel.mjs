// Compiles the engine wheel to bytecode inside the pinned Pyodide runtime (CPython 3.14 on
// WebAssembly), so that the bytecode is exactly what the browser's interpreter expects. The host
// Python cannot do it: its bytecode is for its own version (`pyodide py-compile` made 3.11/3.13
// bytecode here). The work itself is compile_wheel.py; this only hands it the files.
//
//   node pyodide/compile_wheel.mjs <source wheel> <output directory>
//
// prints the path of the compiled wheel (calculators-<version>-py314-none-any.whl).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { loadPyodide } = require(join(here, "node_modules", "pyodide", "pyodide.js"));

const [source, outdir] = process.argv.slice(2);
if (!source || !outdir) {
  console.error("usage: node pyodide/compile_wheel.mjs <source wheel> <output directory>");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: join(here, "node_modules", "pyodide") + "/" });
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
py.FS.writeFile("/in/" + basename(source), new Uint8Array(readFileSync(source)));
py.globals.set("argv", py.toPy(["compile_wheel.py", "/in/" + basename(source), "/out"]));
py.runPython("import sys; sys.argv = list(argv)");
const printed = [];
py.setStdout({ batched: (line) => printed.push(line) });
try {
  py.runPython(readFileSync(join(here, "compile_wheel.py"), "utf8"));  // __name__ is "__main__" here
} catch (err) {
  console.error(String(err.message || err));  // the Python traceback, not the runtime's minified source
  process.exit(1);
}
const made = printed.at(-1).trim();
const target = join(resolve(outdir), basename(made));
writeFileSync(target, py.FS.readFile(made));
console.log(target);
