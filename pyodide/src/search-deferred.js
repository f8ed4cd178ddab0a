// Material's search worker, started once the page has shown its first live result
// (calculator/search-release.js), or the engine has been idle a while (worker.mjs), or after 8 s at most.
// On a page that opens with a calculator, building the search index at the same moment as
// Pyodide's start-up delays the first result by about 0.4 s on a two-core machine; search
// still answers, a moment later at worst. hooks/search_deferral.py points such pages here.
(function () {
  "use strict";
  const name = new URL(self.location.href).searchParams.get("worker") || "";
  const held = [];
  const hold = (event) => held.push(event.data);
  self.addEventListener("message", hold);
  let started = false;
  function start() {
    if (started) return;
    started = true;
    self.removeEventListener("message", hold);
    if (!/^search\.[0-9a-f]+\.min\.js$/.test(name)) return; // only Material's own worker
    importScripts("../javascripts/workers/" + name);
    for (const data of held) self.dispatchEvent(new MessageEvent("message", { data }));
  }
  try {
    const channel = new BroadcastChannel("martian-engine");
    channel.onmessage = (event) => {
      if (event.data === "ready" || event.data === "failed") start();
    };
  } catch (e) {
    start();
  }
  setTimeout(start, 8000);
})();
