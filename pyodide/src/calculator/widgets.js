// The calculator code of a page (bundled by hooks/bundle.py into assets/engine/widgets.js): imported by
// navigation.js once a page with a widget is on screen, and started once per tab. start() returns
// initPage(), which sets up the widgets on the page not yet set up (each .calc-widget, made by
// hooks/widgets.py with its schema) and then whatever works from its schema (the board).
//
// A phone's main thread is shared with the reader (issue 25): the widgets are set up one short task at a
// time (the page gets its turn between them, schedule.js), and a widget far down the page only once it
// comes within a screen of the viewport. Until then it shows its early form (inert) and its pre-rendered
// result, which are what it would show anyway. A widget a link's state names is set up at once.
import { parseState } from "../link-state.js";
import { attachBoard } from "../board/board.js";
import { rewrite } from "../board/rewrite.js";
import { attachReplay } from "../replay/replay.js";
import { attachAnswerBar } from "./answer-bar.js";
import { EngineConnection } from "./engine.js";
import { nameForms } from "./landmarks.js";
import { createSanitiser } from "./sanitiser.js";
import { nextTurn } from "./schedule.js";
import { publishTestHooks } from "./test-hooks.js";
import { Widget } from "./widget.js";

const ENGINE_URL = new URL("./", import.meta.url); // the engine's assets sit beside this bundle
// How near the viewport a widget is set up: a screen above or below it, so that it is live before it is seen.
const NEAR = "100% 0px";

// Add-ons: each is given every widget set up, and attaches itself if the schema asks for it (the answer bar
// attaches to every widget).
const ADDONS = [attachBoard, attachReplay, attachAnswerBar];

function readConfig(widgetEl) {
  try {
    const schema = JSON.parse(widgetEl.dataset.schema);
    const defaults = JSON.parse(widgetEl.dataset.defaults || "{}");
    const presets = widgetEl.dataset.presets ? JSON.parse(widgetEl.dataset.presets) : null;
    return { schema, defaults, presets };
  } catch (e) {
    return null;
  }
}

// Sets one widget up, in two tasks: its form, then its start (the engine asked, the add-ons attached).
async function initWidget(widgetEl, services) {
  if (widgetEl.dataset.ready) return;
  const config = readConfig(widgetEl);
  if (!config) return;
  widgetEl.dataset.ready = "1";
  // A board draws its map through the sanitiser at once (board/map.js): fetched alongside its first run.
  if (config.schema.board) services.sanitiser.load().catch(() => null);
  const widget = new Widget(widgetEl, config.schema, config.defaults, config.presets, services);
  // Inert until start() fills in the page's values, as the early form is: a form built here (after instant
  // navigation there is no early form) took keys for a task, and start() then wrote over what was typed.
  widget.form.inert = true;
  // A board's form is out of sight until the board is in it, its map above the fields (board/layout.js): shown
  // a task before, its fields were pushed down by the map a moment later (issue 25: a layout shift of 0.43 on a
  // phone, 4 loads in 6 at 6x CPU). Hidden, it keeps its room; nothing painted moves. (The early form of a
  // board starts hidden too, form.js earlyForm.)
  const board = !!config.schema.board;
  if (board) widget.form.style.visibility = "hidden";
  await nextTurn();
  if (!widgetEl.isConnected) return;
  widget.form.inert = false;
  try {
    widget.start();
    for (const addon of ADDONS) addon(widget, services);
  } finally {
    if (board) {
      widget.form.style.removeProperty("visibility"); // whatever happened, the form is not lost
      // The board's stand-in, which kept the map's room since the page was read (board/arrival.js bringUpEarly).
      for (const standIn of widgetEl.querySelectorAll("[data-stand-in]")) standIn.remove();
    }
    delete widgetEl.dataset.held; // nor the result held after an instant navigation (navigation.js)
  }
  widgetEl.dispatchEvent(new CustomEvent("calc:ready", { bubbles: true }));
}

// The widgets waiting to be set up, in order, one at a time; the page's forms named once the queue is empty.
class SetUpQueue {
  constructor(services) {
    this.services = services;
    this.queue = [];
    this.running = false;
    this.observer = null;
  }

  add(widgetEl) {
    if (this.observer) this.observer.unobserve(widgetEl);
    if (!this.queue.includes(widgetEl)) this.queue.push(widgetEl);
    this.run();
  }

  // Every widget on the page not yet set up: now, or when it nears the viewport.
  page() {
    if (this.observer) this.observer.disconnect(); // the last page's widgets are gone (instant navigation)
    this.observer = null;
    const waiting = Array.from(document.querySelectorAll(".calc-widget:not([data-ready])"));
    const state = parseState(location.hash);
    const lazy = typeof IntersectionObserver === "function";
    if (lazy) {
      this.observer = new IntersectionObserver((entries) => {
        for (const e of entries) if (e.isIntersecting) this.add(e.target);
      }, { rootMargin: NEAR });
    }
    for (const w of waiting) {
      if (!lazy || (state && state.calc === w.dataset.calc)) this.add(w);
      else this.observer.observe(w);
    }
  }

  async run() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length) {
        const w = this.queue.shift();
        if (w.isConnected) await initWidget(w, this.services);
        await nextTurn();
      }
      nameForms();
    } finally {
      this.running = false;
    }
  }
}

// addressBar: the page's guarded address bar; arrival: whether the page may still be moved for the reader
// (both navigation.js).
export function start({ addressBar, arrival }) {
  const engine = new EngineConnection(new URL("worker.mjs", ENGINE_URL));
  const sanitiser = createSanitiser(ENGINE_URL);
  const services = { engine, sanitiser, addressBar, arrival };
  const setUp = new SetUpQueue(services);
  const initPage = () => setUp.page();
  publishTestHooks({ engine, sanitiser, initPage, rewrite, arrival });
  // The page starts its engine once it has been read (overrides/main.html): adopted at that moment, not
  // before (a calculator that needs it sooner has it made at once, engine.start).
  const boot = window.__calcEngineBoot;
  if (boot) {
    if (boot.worker) engine.start();
    else boot.onStart = () => engine.start();
  }
  // A shared link opened on the same page (only the hash changed): load it into its widget, which is set
  // up now if it was not yet (it then reads the link itself).
  window.addEventListener("hashchange", () => {
    const state = parseState(location.hash);
    if (!state) return;
    const all = Array.from(document.querySelectorAll(".calc-widget"));
    const w = all.find((x) => x.dataset.calc === state.calc && x.dataset.ready) ||
      all.find((x) => x.dataset.calc === state.calc);
    if (!w) return;
    if (!w.dataset.ready) setUp.add(w);
    else if (w.calcWidget) w.calcWidget.restoreFromLink(state.values, true);
  });
  return { initPage };
}
