// Compiles the runtime's standard library to bytecode where a reader's start-up needs it, inside
// the pinned runtime with the compiled engine wheel on its path (compile_stdlib.py says what and
// why). The page's worker loads the result instead of the runtime's own python_stdlib.zip.
//
//   node pyodide/compile_stdlib.mjs <engine wheel> <output zip>
//
// prints the output's path and the number of modules compiled.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { putEngineOnPath } from "./src/engine-path.mjs";
import { runScript, startRuntime } from "./node_runtime.mjs";

const [wheel, target] = process.argv.slice(2);
if (!wheel || !target) {
  console.error("usage: node pyodide/compile_stdlib.mjs <engine wheel> <output zip>");
  process.exit(2);
}
const py = await startRuntime();
putEngineOnPath(py, basename(wheel), readFileSync(wheel));
const [made, count] = runScript(py, "compile_stdlib.py", ["/out.zip"]).split(" ");
writeFileSync(resolve(target), py.FS.readFile(made));
console.log(resolve(target), count);
