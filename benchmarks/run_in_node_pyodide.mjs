// Runs a Python script inside Pyodide under Node with the project's source tree importable, and
// prints what its last expression evaluates to (benchmarks/bench_icehouse.py --pyodide uses it).
//
//   node benchmarks/run_in_node_pyodide.mjs <project root> <script.py>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const [root, scriptPath] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { loadPyodide } = require(join(root, "pyodide", "node_modules", "pyodide", "pyodide.js"));
const py = await loadPyodide({ indexURL: join(root, "pyodide", "node_modules", "pyodide") + "/" });
py.FS.mkdirTree("/proj");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/proj");
py.runPython("import sys; sys.path.insert(0, '/proj')");
console.log(py.runPython(readFileSync(scriptPath, "utf8")));
