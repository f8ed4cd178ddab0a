// Runs the engine's own tests inside Pyodide under Node, against the built wheel: the same
// files pytest runs on CPython, now on Pyodide's CPython 3.14 (tests/pyodide drives this).
//
//   node pyodide/run_in_pyodide.mjs <results.json> [pytest args...]
//
// Writes {python, platform, exit, outcomes: {nodeid: outcome}, runs: {calc: result}, html: {calc: html},
// from_source, ...} to results.json, where runs holds every calculator's result for its defaults and
// html what the page's worker module returns for it, so that the CPython side can check the two
// agree exactly, and from_source the standard modules those first results compiled from source.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { putEngineOnPath } from "./src/engine-path.mjs";
import { startRuntime } from "./node_runtime.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

const [out, ...pytestArgs] = process.argv.slice(2);
// The standard library the browser loads (compile_stdlib.py), not the runtime's own.
const lock = JSON.parse(readFileSync(join(here, "dist", "pyodide-lock.json"), "utf8"));
const py = await startRuntime({ stdLibURL: join(here, "dist", lock.tool.calculators.stdlib.file_name) });
// The engine as the browser has it: its bytecode wheel on sys.path (src/engine-path.mjs), so these
// tests import what a reader runs.
const engine = readdirSync(join(here, "dist")).find((n) => n.endsWith(".whl"));
putEngineOnPath(py, engine, readFileSync(join(here, "dist", engine)));
// First what a page does, in this fresh runtime: every calculator's default result, and the HTML
// the page's worker module returns for it; then which standard modules were compiled from source
// on the way (none should be: start-up's are bytecode).
const first = py.runPython(`
import json, os, sys
import calculators
runs = {c["id"]: calculators.run(c["id"], {}) for c in calculators.catalog()}
from calculators.present import worker as glue
glue.configure('{"DIP 9.1": "diplomacy/rules/#dip-9-1"}')
html = {c["id"]: json.loads(list(iter(glue.start(c["id"], "{}", "../../").step, "null"))[-1])["html"]
        for c in calculators.catalog()}
stdlib = os.path.dirname(os.__file__)
# (Frozen modules, built into the runtime, name a source they never read.)
from_source = sorted(m.__file__ for m in list(sys.modules.values())
                     if (getattr(m, "__file__", None) or "").startswith(stdlib + "/") and m.__file__.endswith(".py")
                     and getattr(m.__spec__, "origin", None) != "frozen")
import difflib  # not imported at start-up: still there, as source
json.dumps({"runs": runs, "html": html, "from_source": from_source, "stdlib": stdlib,
            "json_file": json.__file__, "difflib_file": difflib.__file__})
`);
// pytest and its dependencies are installed the usual way.
const wheels = [];
for (const name of readdirSync(join(here, ".cache", "wheels"))) {
  if (name.endsWith(".whl")) wheels.push(join(here, ".cache", "wheels", name));
}
await py.loadPackage(wheels, { messageCallback: () => {}, errorCallback: (m) => console.error(m) });
// Only the tests are mounted: `import calculators` must find the wheel, not the source tree.
py.FS.mkdirTree("/proj/tests");
py.FS.mount(py.FS.filesystems.NODEFS, { root: join(root, "tests") }, "/proj/tests");
py.globals.set("pytest_args", py.toPy(pytestArgs));
const tested = py.runPython(`
import json, sys
import pytest
import calculators

outcomes = {}
deselected = []  # the later cases of brute-force oracles (tests/engine/conftest.py)
class Collect:
    def pytest_deselected(self, items):
        deselected.extend(item.nodeid for item in items)

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            outcomes[report.nodeid] = report.outcome

code = pytest.main(["/proj/tests/engine", "-q", "-p", "no:cacheprovider", "--rootdir", "/proj", *pytest_args],
                   plugins=[Collect()])
import importlib.util
json.dumps({"python": sys.version, "platform": sys.platform, "engine_file": calculators.__file__,
            "magic": importlib.util.MAGIC_NUMBER.hex(),
            "exit": int(code), "outcomes": outcomes, "deselected": deselected, "catalog": calculators.catalog()})
`);
const report = JSON.stringify({ ...JSON.parse(first), ...JSON.parse(tested) });
writeFileSync(out, report);
process.exit(JSON.parse(report).exit);
