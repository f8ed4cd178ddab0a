// How the engine gets into a started Pyodide: its wheel, as it is, goes on sys.path.
//
// The wheel holds bytecode only (pyodide/compile_wheel.py), so Python's zipimport imports from
// it directly: no unpacking at start-up (Pyodide's unpackArchive cost about 25 ms of the first
// visit, issue 12), and a restored snapshot needs only the one file written back. The engine
// reads its data files through its modules' loader (calculators/core/package_data.py), which
// works inside a zip. The browser's worker (engine-boot.mjs) and the tests run under Node
// (pyodide/run_in_pyodide.mjs) both use this, so the tests import the engine as a reader does.
export const ENGINE_DIR = "/lib/engine";

export function putEngineOnPath(pyodide, fileName, bytes) {
  if (!/^[A-Za-z0-9_.-]+\.whl$/.test(fileName)) throw new Error(`not a wheel file name: ${fileName}`);
  const path = `${ENGINE_DIR}/${fileName}`;
  pyodide.FS.mkdirTree(ENGINE_DIR);
  pyodide.FS.writeFile(path, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const quoted = JSON.stringify(path);
  pyodide.runPython(`import sys\nif ${quoted} not in sys.path:\n    sys.path.append(${quoted})`);
  return path;
}
