// The calculator code of a page (bundled by hooks/bundle.py into assets/engine/widgets.js): imported by
// navigation.js once a page with a widget is on screen, and started once per tab. start() returns
// initPage(), which sets up every widget on the page not yet set up (each .calc-widget, made by
// hooks/widgets.py with its schema) and then whatever works from its schema (the board).
import { parseState } from "../link-state.js";
import { attachBoard } from "../board/board.js";
import { rewrite } from "../board/rewrite.js";
import { attachReplay } from "../replay/replay.js";
import { EngineConnection } from "./engine.js";
import { nameForms } from "./landmarks.js";
import { createSanitiser } from "./sanitiser.js";
import { publishTestHooks } from "./test-hooks.js";
import { Widget } from "./widget.js";

const ENGINE_URL = new URL("./", import.meta.url); // the engine's assets sit beside this bundle

// Add-ons: each is given every widget set up, and attaches itself if the schema asks for it.
const ADDONS = [attachBoard, attachReplay];

function initWidget(widgetEl, services) {
  if (widgetEl.dataset.ready) return;
  let schema;
  let defaults;
  let presets = null;
  try {
    schema = JSON.parse(widgetEl.dataset.schema);
    defaults = JSON.parse(widgetEl.dataset.defaults || "{}");
    if (widgetEl.dataset.presets) presets = JSON.parse(widgetEl.dataset.presets);
  } catch (e) {
    return;
  }
  widgetEl.dataset.ready = "1";
  const widget = new Widget(widgetEl, schema, defaults, presets, services);
  widget.start();
  for (const addon of ADDONS) addon(widget, services);
  widgetEl.dispatchEvent(new CustomEvent("calc:ready", { bubbles: true }));
}

// addressBar: the page's guarded address bar (navigation.js).
export function start({ addressBar }) {
  const engine = new EngineConnection(new URL("worker.mjs", ENGINE_URL));
  const sanitiser = createSanitiser(ENGINE_URL);
  const services = { engine, sanitiser, addressBar };
  const initPage = () => {
    document.querySelectorAll(".calc-widget").forEach((w) => initWidget(w, services));
    nameForms();
  };
  publishTestHooks({ engine, sanitiser, initPage, rewrite });
  // The page started its engine from <head>: adopt it now.
  if (window.__calcEngineBoot) engine.start();
  // A shared link opened on the same page (only the hash changed): load it into its widget.
  window.addEventListener("hashchange", () => {
    const state = parseState(location.hash);
    if (!state) return;
    const ready = Array.from(document.querySelectorAll(".calc-widget[data-ready]"));
    const w = ready.find((x) => x.dataset.calc === state.calc);
    if (w && w.calcWidget) w.calcWidget.restoreFromLink(state.values, true);
  });
  return { initPage };
}
