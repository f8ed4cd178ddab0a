// Starting the Python runtime with the engine imported: from a memory snapshot kept in
// IndexedDB when there is a good one, otherwise the normal way (and then, once the page has
// its first result and the tab is idle, a snapshot is made for the next visit).
//
// The snapshot API is Pyodide's private one (`_makeSnapshot`, `_loadSnapshot`,
// `makeMemorySnapshot`): pyodide/package.json pins the exact runtime, and a snapshot only
// loads into the build it was made by, so the key below names the runtime, the engine wheel's
// and the standard library's sha256 and the Python glue. Pitfalls met on these machines
// (toolchain notes):
// - a heap over 30 MiB does not fit the runtime's initial memory: grow it before restoring;
// - a snapshot made under Node runs Python about 2x slower in the browser: make it here;
// - files are not in the snapshot (imported modules are): write the wheel back after restoring;
// - `random` and `hash()` seeds are frozen in the snapshot: reseed `random` after restoring.
import { loadPyodide, version as runtimeVersion } from "./pyodide/pyodide.mjs";
import { putEngineOnPath } from "./engine-path.mjs";
import { checksum } from "./checksum.mjs";

const base = new URL("./pyodide/", import.meta.url).href;
// Bump when what goes into a snapshot changes without the runtime, wheel or glue changing.
const SNAPSHOT_FORMAT = 4;
// Imported before the snapshot is taken, so that no calculator pays its import after a restore.
const IMPORT_ALL = "import calculators\ncalculators.catalog()\n";
const DB_NAME = "martian-front-engine";
const META = "meta", BYTES = "bytes", KEY = "engine";

// ---- the lock file and the engine wheel ------------------------------------------------------

// The engine is found by name in the lock file that pyodide-build wrote, and fetched (and
// checked against the lock's sha256) while the runtime itself is still downloading: waiting
// for loadPackage after start-up cost about 170 ms of the first result.
function fetchEngine() {
  const lockText = fetch(base + "pyodide-lock.json").then((r) => {
    if (!r.ok) throw new Error("pyodide-lock.json: HTTP " + r.status);
    return r.text();
  });
  const lock = lockText.then((text) => JSON.parse(text));
  const entry = lock.then((parsed) => {
    const found = parsed.packages.calculators;
    if (!found) throw new Error("the lock file does not name the calculators package");
    return found;
  });
  const stdlib = lock.then((parsed) => {
    const found = ((parsed.tool || {}).calculators || {}).stdlib;
    if (!found || found.file_name !== STDLIB_FILE) throw new Error("the lock file does not name " + STDLIB_FILE);
    return found;
  });
  const wheel = entry.then(async (found) => {
    const response = await fetch(base + found.file_name);
    if (!response.ok) throw new Error(found.file_name + ": HTTP " + response.status);
    const bytes = await response.arrayBuffer();
    if ((await sha256(bytes)) !== found.sha256) {
      throw new Error(found.file_name + " does not match the lock file's sha256");
    }
    return bytes;
  });
  // Nothing waits on these until start-up needs them: keep a failure from being "unhandled".
  for (const p of [lockText, lock, entry, stdlib, wheel]) p.catch(() => {});
  return { lockText, entry, stdlib, wheel };
}

async function sha256(data) {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function snapshotKey(assets, glueModule) {
  const [entry, stdlib] = await Promise.all([assets.entry, assets.stdlib]);
  return [`format ${SNAPSHOT_FORMAT}`, `pyodide ${runtimeVersion}`, `calculators ${entry.sha256}`,
    `stdlib ${stdlib.sha256}`, `glue ${await sha256(glueModule + "\n" + IMPORT_ALL)}`].join(" | ");
}

// ---- IndexedDB: one snapshot, its description kept apart from its 30-odd MB ---------------------

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let dbPromise = null;
function openDb() {
  if (!dbPromise) {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(META);
      req.result.createObjectStore(BYTES);
    };
    dbPromise = request(req);
    dbPromise.catch(() => {
      dbPromise = null;
    });
  }
  return dbPromise;
}

function committed(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
}

async function read(name) {
  const db = await openDb();
  return request(db.transaction(name).objectStore(name).get(KEY));
}

// One transaction: {store name: value to put, or null to delete}, committed at once (not when this
// worker next goes idle, which during a restore is hundreds of ms later).
async function write(changes) {
  const db = await openDb();
  const tx = db.transaction(Object.keys(changes), "readwrite");
  const done = committed(tx);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) tx.objectStore(name).delete(KEY);
    else tx.objectStore(name).put(value, KEY);
  }
  if (tx.commit) tx.commit();
  await done;
}

const getMeta = () => read(META);
const getBytes = () => read(BYTES);
const setMeta = (meta) => write({ [META]: meta });
const putSnapshot = (meta, data) => write({ [META]: meta, [BYTES]: data });
const discardSnapshot = () => write({ [META]: null, [BYTES]: null });

// A snapshot is stored without its all-zero 64 KiB pages (about 45% of the heap is free memory):
// less to read from disk and less to check, for a copy of a few ms when it is put back together.
const PAGE = 65536;

function pack(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const pages = [];
  for (let p = 0; p * PAGE < bytes.length; p++) {
    const end = Math.min((p + 1) * PAGE, bytes.length) >> 2;
    for (let i = (p * PAGE) >> 2; i < end; i++) {
      if (words[i]) {
        pages.push(p);
        break;
      }
    }
  }
  const pageOf = (p) => bytes.subarray(p * PAGE, Math.min((p + 1) * PAGE, bytes.length));
  const data = new Uint8Array(pages.reduce((n, p) => n + pageOf(p).length, 0));
  let at = 0;
  for (const p of pages) {
    data.set(pageOf(p), at);
    at += pageOf(p).length;
  }
  return { pages, data };
}

// Puts the snapshot's bytes [from, to) back into `target` at (offset - from), straight from the stored
// pages: the heap is written once, into the runtime's memory, not first into a copy of the whole
// snapshot. A page not stored is all zeros: those are written only below `dirty` (what the target held
// before; memory the runtime grew for the snapshot is zero already).
function place(meta, data, target, { from, to, dirty = to - from }) {
  let at = 0;
  let next = 0; // the first snapshot offset not yet placed
  const zero = (a, b) => {
    const end = Math.min(b - from, dirty);
    if (a < b && a - from < end) target.fill(0, a - from, end);
  };
  for (const p of meta.pages) {
    const start = p * PAGE, end = Math.min(start + PAGE, meta.size);
    const a = Math.max(start, from), b = Math.min(end, to);
    if (a < b) {
      zero(Math.max(next, from), a);
      target.set(data.subarray(at + a - start, at + b - start), a - from);
      next = b;
    }
    at += end - start;
  }
  zero(Math.max(next, from), to);
  if (at !== data.length) throw new Error("the stored snapshot does not match its page map");
}

// ---- start-up ---------------------------------------------------------------------------------

// The standard library is not the runtime's own python_stdlib.zip (source only, compiled again on
// every start) but the one pyodide/compile_stdlib.py made, with what start-up imports as bytecode:
// that halves a first visit's start-up. The lock file names it too (tool.calculators.stdlib, with
// its sha256, which keys the snapshot); its name is fixed here so that it downloads at once,
// without waiting for the lock file.
const STDLIB_FILE = "python_stdlib.pyc.zip";

const runtimeOptions = (assets) => ({
  indexURL: base,
  stdLibURL: base + STDLIB_FILE,
  lockFileContents: assets.lockText,
  packageBaseUrl: base,
});

// Puts the engine on the runtime's path (engine-path.mjs) and imports the worker's Python glue
// (a module of the wheel), returned as a proxy.
async function installEngine(pyodide, assets, glueModule) {
  const [entry, wheel] = await Promise.all([assets.entry, assets.wheel]);
  putEngineOnPath(pyodide, entry.file_name, wheel);
  return pyodide.pyimport(glueModule);
}

// The runtime's memory is made at its initial size; a snapshot's heap is larger, so grow the
// memory before the heap is put in (upstream pyodide#6254). The runtime's code is compiled ahead
// (`compiled`), while the snapshot is still being read: Pyodide would otherwise start compiling only
// once it has the snapshot in hand. Pyodide is handed the snapshot's header only (its checks of the
// runtime's build and its saved state stay Pyodide's); the heap is put in here, from the stored pages
// (place). `counted` is the restore's count in IndexedDB: written before any of the snapshot's code runs.
function snapshotModule(createModule, meta, data, compiled, counted) {
  return async (settings) => {
    const instantiateWasm = settings.instantiateWasm;
    const streaming = WebAssembly.instantiateStreaming;
    settings.instantiateWasm = (imports, done) => {
      // Pyodide's own instantiateWasm adds two imports, then calls instantiateStreaming once:
      // that one call is answered with the module compiled ahead.
      WebAssembly.instantiateStreaming = async (response, fullImports) => {
        WebAssembly.instantiateStreaming = streaming;
        let module;
        try {
          module = await compiled;
        } catch (e) {
          return streaming(response, fullImports);
        }
        return { module, instance: await WebAssembly.instantiate(module, fullImports) };
      };
      return instantiateWasm(imports, done);
    };
    let module;
    try {
      module = await createModule(settings);
    } finally {
      WebAssembly.instantiateStreaming = streaming;
    }
    const dirty = module.HEAP8.length;
    if (module.HEAP8.length < meta.heap && !module.growMemory(meta.heap)) {
      throw new Error("could not grow the runtime's memory to the snapshot's size");
    }
    await counted;
    const pyodideRestore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (header) => {
      const state = pyodideRestore(header); // the header alone: Pyodide copies an empty heap
      place(meta, data, module.HEAPU8, { from: header.length, to: meta.size, dirty });
      return state;
    };
    return module;
  };
}

// Where the heap starts in a snapshot made by Pyodide: its header's second word.
function heapStart(bytes) {
  return new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
}

// The header of a stored snapshot (its first page is always stored: the header is never all zeros).
function headerOf(meta, data) {
  const heapAt = meta.pages[0] === 0 ? heapStart(data) : 0;
  if (!heapAt || heapAt > meta.size) throw new Error("the stored snapshot has no header");
  const header = new Uint8Array(heapAt);
  place(meta, data, header, { from: 0, to: heapAt });
  return header;
}

// Pyodide fetches two files itself as it starts, each answered here from what this worker already has in hand
// (only while `run` starts the runtime, and each URL once): its code again, for the one instantiateStreaming call
// that the module compiled ahead answers (snapshotModule), so that this second download of the runtime (about
// 10 MB through the service worker, competing with the restore for the machine's cores) is not made unless the
// compiling ahead failed; and the standard library, asked for as the worker started (startEngine), not once the
// snapshot has been read and checked. A failed early answer falls back to the real request.
async function withEarlyAnswers({ compiled, stdlib }, run) {
  const url = (file) => new URL(base + file, globalThis.location).href;
  const answers = new Map([
    [url("pyodide.asm.wasm"), () => compiled.then(() => new Response(null))],
    [url(STDLIB_FILE), () => stdlib.then((r) => (r.ok ? r : Promise.reject(new Error("HTTP " + r.status))))],
  ]);
  const realFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const answer = answers.get(String(input));
    if (!answer) return realFetch.call(this, input, init);
    answers.delete(String(input));
    if (!answers.size) globalThis.fetch = realFetch;
    return answer().catch(() => realFetch(input, init));
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = realFetch;
  }
}

// report: {status, mark}, as startEngine's.
// early: {stored, runtimeCode, stdlib, counted}: the snapshot's bytes, the runtime's JavaScript and the standard
// library, all asked for as the worker started, and the restore's count in IndexedDB (see startEngine).
async function restore(assets, glueModule, meta, early, { status, mark }) {
  const { stored, runtimeCode: glueCode, stdlib, counted } = early;
  status("runtime", "Loading the calculator…");
  const compiled = WebAssembly.compileStreaming(fetch(base + "pyodide.asm.wasm"));
  compiled.then(() => mark("compiled"), () => {}); // a failure here falls back to Pyodide's own compiling
  stored.then(() => mark("bytes"), () => {}); // the snapshot out of IndexedDB
  glueCode.then(() => mark("asm"), () => {}); // the runtime's JavaScript loaded
  const [data, asm] = await Promise.all([stored, glueCode]);
  mark("read");
  if (!(data instanceof Uint8Array) || data.length !== meta.stored) {
    throw new Error("the stored snapshot is incomplete");
  }
  // Integrity first: a damaged heap could fail in any way at all, hanging included (checksum.mjs).
  if (checksum(data) !== meta.checksum) throw new Error("the stored snapshot is damaged (checksum mismatch)");
  mark("checked");
  const pyodide = await withEarlyAnswers({ compiled, stdlib }, () => loadPyodide({
    ...runtimeOptions(assets),
    _loadSnapshot: headerOf(meta, data),
    createPyodideModule: snapshotModule(asm.default, meta, data, compiled, counted),
  }));
  status("engine", "Starting the rules engine…");
  const glue = await installEngine(pyodide, assets, glueModule);
  // The snapshot froze the seed of `random`: reseed it, as a fresh start would have.
  pyodide.runPython("import random; random.seed()");
  return glue;
}

async function startFresh(assets, glueModule, status, forSnapshot) {
  status("runtime", "Loading the calculator…");
  const pyodide = await loadPyodide({ ...runtimeOptions(assets), _makeSnapshot: forSnapshot });
  status("engine", "Starting the rules engine…");
  const glue = await installEngine(pyodide, assets, glueModule);
  return { pyodide, glue };
}

/**
 * Start the engine. `glue` names the worker's Python module (calculators.present.worker); the
 * imported module is returned as `glue`. `restored` says whether a snapshot was used; `snapshotWanted`
 * whether none good was stored, so that the caller can have one made (see makeSnapshot) once the page is idle;
 * `lookForSnapshot: false` skips the look-up (a first visit). `mark(name)` is called as a restore
 * passes its stages (runtime compiled, snapshot read, snapshot checked), for the benchmarks.
 */
export async function startEngine({ glue: glueModule, status = () => {}, mark = () => {}, lookForSnapshot = true }) {
  const assets = fetchEngine();
  // Only the small description is read here. A first visit does not look at all: opening
  // IndexedDB for the first time in a profile costs up to 0.3 s before the runtime could start.
  // The snapshot's bytes, the runtime's JavaScript and the standard library are asked for at the same time, not
  // once the description has been read and matched: in a restarted browser the restore waited for each in turn
  // (benchmarks/bench_offline.py). With no good snapshot the bytes and the library are read for nothing (a normal
  // start fetches its library itself); the script is Pyodide's own, which a normal start imports anyway.
  const early = lookForSnapshot
    ? { stored: getBytes(), runtimeCode: import(base + "pyodide.asm.mjs"), stdlib: fetch(base + STDLIB_FILE) }
    : {};
  for (const p of Object.values(early)) p.catch(() => {}); // awaited (and a failure met) by a restore
  const meta = lookForSnapshot ? await getMeta().catch(() => null) : null;
  if (meta) {
    let key = null;
    try {
      key = await snapshotKey(assets, glueModule);
    } catch (e) { /* the lock file failed: the normal start below reports it */ }
    // A restore is counted before it starts and uncounted when it ends: a snapshot that hung or
    // crashed the tab twice is not tried again (two tabs opened together may each count one).
    // The count is written while the runtime is compiled and the snapshot read; it is waited for before
    // the snapshot's code runs (snapshotModule). The uncount is not waited for.
    if (key && meta.key === key && (meta.pending || 0) < 2) {
      try {
        const counted = setMeta({ ...meta, pending: (meta.pending || 0) + 1 });
        counted.catch(() => {}); // a failure is met (and reported) where it is awaited
        const glue = await restore(assets, glueModule, meta, { ...early, counted }, { status, mark });
        setMeta({ ...meta, pending: 0 }).catch(() => {});
        return { glue, restored: true, snapshotWanted: false };
      } catch (err) {
        console.warn("The engine snapshot could not be restored; starting normally.", err);
      }
    }
    await discardSnapshot().catch(() => {});
  }
  const { glue } = await startFresh(assets, glueModule, status, false);
  return { glue, restored: false, snapshotWanted: true };
}

/**
 * Make and store a snapshot in this (separate, short-lived) worker: a fresh runtime, the glue,
 * every calculator imported, and nothing run yet, so that no calculation's state is frozen in.
 */
export async function makeSnapshot({ glue: glueModule }) {
  const assets = fetchEngine();
  const key = await snapshotKey(assets, glueModule);
  const stored = await getMeta().catch(() => null);
  if (stored && stored.key === key) return stored; // another tab has just made it
  const t0 = performance.now();
  const { pyodide, glue: module } = await startFresh(assets, glueModule, () => {}, true);
  if (module && typeof module.destroy === "function") module.destroy();
  pyodide.runPython(IMPORT_ALL);
  const bytes = pyodide.makeMemorySnapshot();
  const { pages, data } = pack(bytes);
  const heap = bytes.length - heapStart(bytes);
  const meta = { key, checksum: checksum(data), size: bytes.length, stored: data.length, heap, pages,
    made: new Date().toISOString(), ms: Math.round(performance.now() - t0) };
  await putSnapshot(meta, data);
  return meta;
}
