// Material's search index is built in a worker of its own, held back on a calculator's page until
// search-deferred.js hears "ready" on the "martian-engine" channel. The page says it once it has shown its
// first live result (the frame after calc:result), or 2 s after the engine is up if no widget asked it
// anything. Said by the engine's worker as soon as it had answered, the index (about 300 ms of work) was
// built while the page was still drawing that answer, and slowed it on a two-core machine: a restarted
// browser's first result came up to 0.3 s later (issue 25).
const SETTLE_MS = 2000;

export function releaseSearchAfterFirstResult(doc = document) {
  let done = false;
  let timer = null;
  const release = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    doc.removeEventListener("calc:result", shown, true);
    try {
      new BroadcastChannel("martian-engine").postMessage("ready");
    } catch (e) { /* no BroadcastChannel: search starts on its own timer */ }
  };
  const shown = () => requestAnimationFrame(() => setTimeout(release, 0));
  doc.addEventListener("calc:result", shown, true);
  timer = setTimeout(release, SETTLE_MS);
}
