// The engine's Web Worker: one Pyodide per tab, created by widgets.js on the first page
// that has a widget and kept across Material's instant navigation (the worker belongs to
// the tab, not the page). Messages are JSON strings both ways, so no Python proxy leaks.
//
// in:  {type: "run", req, calc, params, root}   {type: "cancel", req}
// out: {type: "status", stage, text}      {type: "ready", ms, restored, marks, origin}
//      {type: "progress", req, value}     {type: "result", req, result, html}   {type: "failed", text}
//      {type: "snapshot", meta | error}   (a snapshot for the next visit was made, or not)

import { makeSnapshot, startEngine } from "./engine-boot.mjs";
// engine-boot.mjs imports the runtime's loader, engine-path.mjs and checksum.mjs; named here too, all
// four are fetched at once instead of one after the other (a round trip less before the runtime
// starts downloading).
import "./pyodide/pyodide.mjs";
import "./engine-path.mjs";
import "./checksum.mjs";

const cancelled = new Set();
let queue = Promise.resolve();
// When each start-up stage began, in this worker's clock (its timeOrigin is in "ready"), so
// that the benchmarks can say where a cold visit's time goes.
const marks = { script: performance.now() };

function mark(stage) {
  marks[stage] = performance.now();
}

function status(stage, text) {
  mark(stage);
  postMessage({ type: "status", stage, text });
}

// Tells the tab's deferred search worker (search-deferred.js) that start-up failed, or, for a page that asked
// nothing, that it may start (a page that shows a result says so itself: calculator/search-release.js).
function announce(what) {
  try {
    new BroadcastChannel("martian-engine").postMessage(what);
  } catch (e) { /* no BroadcastChannel: search starts on its own timer */ }
}

// The worker's Python is calculators/present/worker.py (in the wheel, imported by the tests too):
// it steps one calculation and returns its result with the presenter's HTML, as JSON text.
const GLUE = "calculators.present.worker";
const ruleLinks = fetch(new URL("rules.json", import.meta.url)).then((r) => (r.ok ? r.text() : "{}"), () => "{}");

// Start-up (from a memory snapshot when a good one is stored) lives in engine-boot.mjs. A page
// opened as `worker.mjs?snapshot` is not an engine: it makes that snapshot for the next visit.
const SNAPSHOT_MODE = new URL(import.meta.url).searchParams.has("snapshot");
// overrides/main.html says so when no service worker controls the page: nothing to restore.
const FIRST_VISIT = new URL(import.meta.url).hash === "#first-visit";
const SNAPSHOT_IDLE_MS = 3000; // made once the engine has been idle this long after a result
let snapshotWanted = false;
let snapshotTimer = null;

const ready = SNAPSHOT_MODE ? null : (async () => {
  const t0 = performance.now();
  const started = await startEngine({ glue: GLUE, status, mark, lookForSnapshot: !FIRST_VISIT });
  snapshotWanted = started.snapshotWanted;
  mark("glue");
  started.glue.configure(await ruleLinks);
  mark("ready");
  postMessage({
    type: "ready", ms: marks.ready - t0, restored: started.restored, marks, origin: performance.timeOrigin,
  });
  // Search starts once the page has shown its first result: the page says so (calculator/search-release.js).
  // Said here too, 3 s after the runs asked for during start-up have answered, for a tab whose page has not
  // loaded its widgets (none near the screen yet), so that its search does not wait for its own 8 s timer.
  queue.then(() => setTimeout(() => announce("ready"), 3000));
  return started.glue;
})().catch((err) => {
  postMessage({ type: "failed", text: "The calculator engine could not start: " + String(err && err.message || err) });
  announce("failed");
  throw err;
});

// After a normal start, the next visit should not pay it again: once the page is idle, a
// short-lived second worker makes a snapshot (one tab at a time), then goes away.
function snapshotSoon() {
  if (!snapshotWanted) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => {
    snapshotWanted = false;
    const make = () => new Promise((resolve) => {
      const maker = new Worker(new URL("worker.mjs?snapshot", import.meta.url), { type: "module" });
      const done = () => {
        maker.terminate();
        resolve();
      };
      maker.onmessage = (e) => {
        postMessage(e.data);
        done();
      };
      maker.onerror = done;
    });
    if (navigator.locks) {
      navigator.locks.request("martian-front-snapshot", { ifAvailable: true }, (lock) => lock && make());
    } else {
      make();
    }
  }, SNAPSHOT_IDLE_MS);
}

if (SNAPSHOT_MODE) {
  makeSnapshot({ glue: GLUE }).then(
    (meta) => postMessage({ type: "snapshot", meta }),
    (err) => postMessage({ type: "snapshot", error: String(err && err.message || err) }),
  );
}

async function execute({ req, calc, params, root }) {
  const glue = await ready;
  const run = glue.start(calc, JSON.stringify(params), String(root || ""));
  try {
    for (;;) {
      if (cancelled.has(req)) {
        cancelled.delete(req);
        const error = { field: null, message: "Cancelled." };
        postMessage({ type: "result", req, result: { ok: false, cancelled: true, error } });
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
      snapshotSoon();
      return;
    }
  } finally {
    run.destroy();
  }
}

onmessage = SNAPSHOT_MODE ? null : (event) => {
  const msg = event.data;
  if (msg.type === "cancel") {
    cancelled.add(msg.req);
    return;
  }
  if (msg.type === "run") {
    // One calculation at a time, in order; a superseded request is cancelled by the page.
    queue = queue.then(() => execute(msg)).catch((err) => {
      const error = { field: null, message: "Engine error: " + String(err && err.message || err) };
      postMessage({ type: "result", req: msg.req, result: { ok: false, error } });
    });
  }
};
