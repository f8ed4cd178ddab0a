// Compiles the engine wheel to bytecode inside the pinned Pyodide runtime (CPython 3.14 on
// WebAssembly), so that the bytecode is exactly what the browser's interpreter expects. The host
// Python cannot do it: its bytecode is for its own version (`pyodide py-compile` made 3.11/3.13
// bytecode here). The work itself is compile_wheel.py; this only hands it the files.
//
//   node pyodide/compile_wheel.mjs <source wheel> <output directory>
//
// prints the path of the compiled wheel (calculators-<version>-py314-none-any.whl).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { runScript, startRuntime } from "./node_runtime.mjs";

const [source, outdir] = process.argv.slice(2);
if (!source || !outdir) {
  console.error("usage: node pyodide/compile_wheel.mjs <source wheel> <output directory>");
  process.exit(2);
}
const py = await startRuntime();
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
py.FS.writeFile("/in/" + basename(source), new Uint8Array(readFileSync(source)));
const made = runScript(py, "compile_wheel.py", ["/in/" + basename(source), "/out"]);
const target = join(resolve(outdir), basename(made));
writeFileSync(target, py.FS.readFile(made));
console.log(target);
