// Runs the engine's own tests inside Pyodide under Node, against the built wheel: the same
// files pytest runs on CPython, now on Pyodide's CPython 3.14 (tests/pyodide drives this).
//
//   node pyodide/run_in_pyodide.mjs <results.json> [pytest args...]
//
// Writes {python, platform, exit, outcomes: {nodeid: outcome}, runs: {calc: result}, html: {calc: html}}
// to results.json, where runs holds every calculator's result for its defaults and html what the
// page's worker module returns for it, so that the CPython side can check the two agree exactly.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { putEngineOnPath } from "./src/engine-path.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const require = createRequire(import.meta.url);
const { loadPyodide } = require(join(here, "node_modules", "pyodide", "pyodide.js"));

const [out, ...pytestArgs] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: join(here, "node_modules", "pyodide") + "/" });
// pytest and its dependencies are installed the usual way; the engine as the browser has it:
// its bytecode wheel on sys.path (src/engine-path.mjs), so these tests import what a reader runs.
const wheels = [];
for (const name of readdirSync(join(here, ".cache", "wheels"))) {
  if (name.endsWith(".whl")) wheels.push(join(here, ".cache", "wheels", name));
}
await py.loadPackage(wheels, { messageCallback: () => {}, errorCallback: (m) => console.error(m) });
const engine = readdirSync(join(here, "dist")).find((n) => n.endsWith(".whl"));
putEngineOnPath(py, engine, readFileSync(join(here, "dist", engine)));
// Only the tests are mounted: `import calculators` must find the wheel, not the source tree.
py.FS.mkdirTree("/proj/tests");
py.FS.mount(py.FS.filesystems.NODEFS, { root: join(root, "tests") }, "/proj/tests");
py.globals.set("pytest_args", py.toPy(pytestArgs));
const report = py.runPython(`
import json, sys, platform
import pytest
import calculators

outcomes = {}
class Collect:
    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            outcomes[report.nodeid] = report.outcome

code = pytest.main(["/proj/tests/engine", "-q", "-p", "no:cacheprovider", "--rootdir", "/proj", *pytest_args], plugins=[Collect()])
runs = {c["id"]: calculators.run(c["id"], {}) for c in calculators.catalog()}
# The page's worker module, as the browser drives it: the HTML it returns for each default.
from calculators.present import worker as glue
glue.configure('{"DIP 9.1": "diplomacy/rules/#dip-9-1"}')
html = {c["id"]: json.loads(list(iter(glue.start(c["id"], "{}", "../../").step, "null"))[-1])["html"]
        for c in calculators.catalog()}
import importlib.util
json.dumps({"python": sys.version, "platform": sys.platform, "engine_file": calculators.__file__,
            "magic": importlib.util.MAGIC_NUMBER.hex(),
            "exit": int(code), "outcomes": outcomes, "catalog": calculators.catalog(), "runs": runs, "html": html})
`);
writeFileSync(out, report);
process.exit(JSON.parse(report).exit);
