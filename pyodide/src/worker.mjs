// The engine's Web Worker: one Pyodide per tab, created by widgets.js on the first page
// that has a widget and kept across Material's instant navigation (the worker belongs to
// the tab, not the page). Messages are JSON strings both ways, so no Python proxy leaks.
//
// in:  {type: "run", req, calc, params, root}   {type: "cancel", req}
// out: {type: "status", stage, text}      {type: "ready", ms}
//      {type: "progress", req, value}     {type: "result", req, result, html}   {type: "failed", text}

import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./pyodide/", import.meta.url).href;
const cancelled = new Set();
let queue = Promise.resolve();

function status(stage, text) {
  postMessage({ type: "status", stage, text });
}

// Tells the tab's deferred search worker (search-deferred.js) that start-up is over.
function announce(what) {
  try {
    new BroadcastChannel("martian-engine").postMessage(what);
  } catch (e) { /* no BroadcastChannel: search starts on its own timer */ }
}

// The worker's Python is calculators/present/worker.py (in the wheel, imported by the tests too):
// it steps one calculation and returns its result with the presenter's HTML, as JSON text.
const ruleLinks = fetch(new URL("rules.json", import.meta.url)).then((r) => (r.ok ? r.text() : "{}"), () => "{}");

// The engine is found by name in the lock file that pyodide-build wrote, and fetched (and
// checked against the lock's sha256) while the runtime itself is still downloading: waiting
// for loadPackage after start-up cost about 170 ms of the first result.
const lockText = fetch(base + "pyodide-lock.json").then((r) => {
  if (!r.ok) throw new Error("pyodide-lock.json: HTTP " + r.status);
  return r.text();
});
const engineWheel = lockText.then(async (text) => {
  const entry = JSON.parse(text).packages.calculators;
  if (!entry) throw new Error("the lock file does not name the calculators package");
  const response = await fetch(base + entry.file_name);
  if (!response.ok) throw new Error(entry.file_name + ": HTTP " + response.status);
  const bytes = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== entry.sha256) throw new Error(entry.file_name + " does not match the lock file's sha256");
  return bytes;
});

const ready = (async () => {
  const t0 = performance.now();
  status("runtime", "Loading the Python runtime…");
  const pyodide = await loadPyodide({
    indexURL: base,
    lockFileContents: lockText,
    packageBaseUrl: base,
    fullStdLib: false,
  });
  status("engine", "Starting the rules engine…");
  const version = pyodide.runPython("import sys; f'{sys.version_info[0]}.{sys.version_info[1]}'");
  pyodide.unpackArchive(await engineWheel, "wheel", { extractDir: `/lib/python${version}/site-packages` });
  const glue = pyodide.pyimport("calculators.present.worker");
  glue.configure(await ruleLinks);
  postMessage({ type: "ready", ms: performance.now() - t0 });
  announce("ready");
  return glue;
})().catch((err) => {
  postMessage({ type: "failed", text: "The calculator engine could not start: " + String(err && err.message || err) });
  announce("failed");
  throw err;
});

async function execute({ req, calc, params, root }) {
  const glue = await ready;
  const run = glue.start(calc, JSON.stringify(params), String(root || ""));
  try {
    for (;;) {
      if (cancelled.has(req)) {
        cancelled.delete(req);
        postMessage({ type: "result", req, result: { ok: false, cancelled: true, error: { field: null, message: "Cancelled." } } });
        return;
      }
      const text = run.step();
      const event = JSON.parse(text);
      if (event === null) return;
      if ("progress" in event) {
        postMessage({ type: "progress", req, value: event.progress });
        // Yield to the event loop so a cancel message can arrive between steps.
        await new Promise((resolve) => setTimeout(resolve, 0));
        continue;
      }
      postMessage({ type: "result", req, result: event.result, html: event.html });
      return;
    }
  } finally {
    run.destroy();
  }
}

onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "cancel") {
    cancelled.add(msg.req);
    return;
  }
  if (msg.type === "run") {
    // One calculation at a time, in order; a superseded request is cancelled by the page.
    queue = queue.then(() => execute(msg)).catch((err) => {
      postMessage({ type: "result", req: msg.req, result: { ok: false, error: { field: null, message: "Engine error: " + String(err && err.message || err) } } });
    });
  }
};
