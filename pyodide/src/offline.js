// The page's side of offline use (the service worker is the site's sw.js, see pyodide/sw.js):
// - registers it, after the page has loaded (on a calculator page: after its first result,
//   so that the Python runtime's start is not slowed);
// - once a calculator has answered, asks it to keep the whole site for offline use;
// - when a newer build of the site is waiting, offers to reload into it.
// window.martianOffline.state is "online", "ready" (every page works offline) or "failed" (read by
// the tests and benchmarks). An ES module, bundled into the page's one script: it runs once per tab.

// The download waits until no result has come for this long: it does not compete with a
// reader who is still changing inputs.
const PRECACHE_IDLE_MS = 2500;

const status = { state: "online", version: null, error: null };
window.martianOffline = status;

const meta = document.querySelector('meta[name="martian-service-worker"]');
if (meta && "serviceWorker" in navigator) setUp(new URL(meta.content, location.href));

function setUp(swUrl) {
  let registering = null;
  const register = () => {
    if (!registering) {
      registering = navigator.serviceWorker.register(swUrl.href, { scope: new URL("./", swUrl).href })
        .then((reg) => {
          watchUpdates(reg);
          return reg;
        });
      registering.catch(() => {
        registering = null;
      });
    }
    return registering;
  };
  navigator.serviceWorker.addEventListener("message", (event) => {
    const msg = event.data || {};
    if (msg.type !== "offline") return;
    status.state = msg.state;
    status.version = msg.version;
    status.error = msg.error || null;
    document.dispatchEvent(new CustomEvent("offline:state", { detail: Object.assign({}, status) }));
  });
  keepOnceAnswered(register);
  const start = () => firstRegistration(register);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

function firstRegistration(register) {
  if (navigator.serviceWorker.controller) {
    // A returning reader: the worker is installed; see whether a newer build is on its way.
    register();
    navigator.serviceWorker.controller.postMessage({ type: "status" });
  } else if (document.querySelector('meta[name="calc-widgets"]')) {
    // A first visit to a calculator page registers after its first result (below), or
    // later if the engine cannot start (visited pages still open offline).
    setTimeout(register, 30000);
  } else {
    register();
  }
}

function activeWorker(reg) {
  if (reg.active) return Promise.resolve(reg.active);
  return navigator.serviceWorker.ready.then((r) => r.active);
}

// ---- keep the site once a calculator has answered (and the reader has paused) ----------------
function keepOnceAnswered(register) {
  let asked = false;
  let timer = null;
  document.addEventListener("calc:result", () => {
    if (asked) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      asked = true;
      register()
        .then(activeWorker)
        .then((worker) => worker.postMessage({ type: "precache" }))
        .catch(() => {
          asked = false;
        });
    }, PRECACHE_IDLE_MS);
  }, true);
}

// ---- a newer build -------------------------------------------------------------------------------
function watchUpdates(reg) {
  const follow = (next) => {
    if (!next) return;
    const check = () => {
      if (next.state === "installed" && navigator.serviceWorker.controller) offerReload(next);
    };
    next.addEventListener("statechange", check);
    check();
  };
  follow(reg.waiting || reg.installing);
  reg.addEventListener("updatefound", () => follow(reg.installing));
}

let offered = false;
function offerReload(waiting) {
  if (offered) return;
  offered = true;
  const bar = document.createElement("div");
  bar.className = "offline-update";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = "A new version of this site is ready.";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "offline-update__reload";
  button.textContent = "Reload";
  const later = document.createElement("button");
  later.type = "button";
  later.className = "offline-update__later";
  later.textContent = "Later";
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage({ type: "skip-waiting" });
  });
  later.addEventListener("click", () => bar.remove());
  bar.append(text, button, later);
  document.body.append(bar);
}
