// The page's hooks for the tests and benchmarks (tests/browser, benchmarks/*.py), in one place.
// Nothing in the site reads them; the modules pass what they share to each other.
//
//   window.martianEngine    the engine connection (engine.js): run(calc, params).promise, cancel(req),
//                           sent (requests by calculator), worker, state
//   window.martianWidgets   init(): sets up widgets added to the page; sanitise(html): a DOM fragment
//                           through the page's sanitiser; html(result): the presenter's HTML of a result;
//                           sanitiseMap(svgText): {svg, calls}: a map as the board sanitises it, in parts
//   window.martianBoard     rewrite(text, typed, field, at, line): the orders box with one order replaced;
//                           arrival: navigation.js's record of the reader's arrival, with .decided once a board
//                           has decided whether to bring itself up ({after: ms on screen, late}, board/arrival.js)
//   element.calcWidget      on each .calc-widget: its Widget (widget.js)
//   element.calcBoard       on a widget with a board: its Board (board/board.js)
//   element.calcReplay      on the dip-replay widget: its Replay (replay/replay.js)
// window.martianOffline (offline.js) is the page's offline state; it is there on every page.
import { sanitiseInParts } from "../board/in-parts.js";

export function publishTestHooks({ engine, sanitiser, initPage, rewrite, arrival }) {
  window.martianEngine = engine;
  const sanitiseMap = async (text) => {
    let calls = 0;
    const counting = { sanitise: (html) => (calls++, sanitiser.sanitise(html)) };
    const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    return { svg: await sanitiseInParts(counting, root), calls };
  };
  window.martianWidgets = {
    init: initPage, sanitise: sanitiser.sanitise, sanitiseMap, html: (result) => engine.html(result),
  };
  window.martianBoard = { rewrite, arrival };
}
