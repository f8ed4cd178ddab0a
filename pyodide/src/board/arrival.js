// A board's page opened as a play surface (issue 23): on arrival, on a screen wide enough for the map with its
// side column and tall enough for the whole map under Material's header, the board is brought to the top of
// the viewport once, instantly, the focus left where it is; the page's title and intro stay above it for whoever
// scrolls up. Nothing moves if the page was opened on an #anchor or a #calc= link, put back where it was by
// Back, Forward or a reload, or if the reader has already scrolled, clicked, touched or pressed a key
// (navigation.js keeps that record); only the first board set up on arriving may move the page, and a phone
// (the map over the whole width, the order menu a panel at the foot) is left at the top of the page.
// Nor once the page has been on screen for more than a MOMENT: a board set up later than that (a slow machine, a
// busy one) would move a page the reader has begun to read (a new player saw it jump 308 px 2 s after opening).

import { el } from "../calculator/dom.js";

const GAP = 8; // px between the header and what is brought up
const WIDE = "(min-width: 60em)"; // board.css: the side column beside the map
// ms the page may have been on screen and still be moved: about the time a reader takes to look at it (the
// board is set up 300-450 ms after the first paint on this project's test machine, 1.1-1.2 s at 4x slower CPU).
export const MOMENT = 1000;

// Whether the screen is wide enough for the board to be brought up. Asked before anything else: reading the page's
// scroll position or a size makes the browser lay out what it has read so far, which a phone, where nothing is
// brought up, would pay for (issue 25: 90 ms of a phone's main thread at 4x slower CPU, as the page was read).
const wide = () => typeof matchMedia === "function" && matchMedia(WIDE).matches;

// What to bring up, widest first: the content tabs the board sits in (to switch game), the widget with its
// title, the board itself; the first of them from which the whole map fits under the header.
function targets(panel) {
  const widget = panel.closest(".calc-widget");
  const tabs = widget && widget.closest(".tabbed-set");
  const labels = tabs && tabs.querySelector(":scope > .tabbed-labels");
  return [labels, widget, panel].filter(Boolean);
}

// panel: the board's section (layout.js); figure: its map's frame; arrival: navigation.js's record.
// Returns whether the page was moved; what was decided is left on arrival.decided (for the tests).
export function bringToTop(panel, figure, arrival, lift = 0) {
  if (!arrival || !arrival.untouched || arrival.path !== location.pathname) return false;
  arrival.untouched = false; // once: the first board set up on arriving, whatever it decides
  const shown = arrival.shownAt();
  const after = shown === null ? 0 : performance.now() - shown;
  arrival.decided = { after: Math.round(after), late: after > MOMENT };
  if (after > MOMENT) return false;
  // On a phone nothing is measured, so the page's layout is not forced in the middle of setting the board up
  // (issue 25: it made the set-up one long task).
  if (!wide()) return false;
  const from = arrival.early ? arrival.early.y : 0; // where the page opened (bringUpEarly), unless the reader moved
  if (window.scrollY !== from || location.hash || !panel.getClientRects().length) return false;
  const header = document.querySelector(".md-header");
  const top = (header ? header.getBoundingClientRect().height : 0) + GAP;
  const bottom = figure.getBoundingClientRect().bottom - lift;
  const fits = targets(panel).find((t) => top + bottom - t.getBoundingClientRect().top <= window.innerHeight);
  if (!fits) return false;
  window.scrollTo({ top: window.scrollY + fits.getBoundingClientRect().top - top, behavior: "instant" });
  return true;
}

// Before the page is first drawn: the board brought up where its set-up will bring it, so that the page opens there
// at every speed, the way an #anchor link opens (a new player saw the page move 308 px 0.7 s after it was readable;
// on a slower machine it did not move at all). Measured on a stand-in of the board (a hidden section the board's own
// CSS lays out like the live one, board.css) put where the board will be, at the top of the (early) form, which
// keeps the map's room until the board replaces it (widgets.js initWidget). lift: px the board will be higher than
// the stand-in. Returns where the page went, or null if it was left where it was.
function bringUpOnStandIn(form, shownAt, lift = 0) {
  if (location.hash || !wide()) return null;
  const figure = el("figure", { class: "calc-chart board-map" });
  const standIn = el("section", { class: "calc-board", "data-stand-in": "", "aria-hidden": "true" },
    el("div", { class: "board-stage" }, figure), el("div", { class: "board-side" }));
  standIn.style.visibility = "hidden"; // its room only
  form.prepend(standIn);
  const arrival = { untouched: true, path: location.pathname, shownAt };
  return bringToTop(standIn, figure, arrival, lift) ? { y: window.scrollY } : null;
}

// A fresh load (early-form.js runs this as the page is read, after the board's early form, and the page is not
// drawn before: overrides/main.html). Only one followed from a link or an address typed: a reload, Back and Forward
// restore the reader's place. Where it went is kept for navigation.js (window.__calcBoardEarly), whose record of the
// arrival then lets the set-up correct it if it is set up within the MOMENT, and never move a page the reader moved.
export function bringUpEarly(form) {
  if (!wide() || document.readyState !== "loading" || window.scrollY !== 0) return;
  const nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (!nav || nav.type !== "navigate") return;
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const early = bringUpOnStandIn(form, () => (paint ? paint.startTime : null));
  if (early) window.__calcBoardEarly = early;
}

// A page swapped in by instant navigation (navigation.js, as Material hands it over, before it is drawn): its first
// widget, if it is a board, brought up the same way; arrival: navigation.js's record, which keeps where it went.
// Without an early form (the page before had no widget, so early-form.js was not loaded) the stand-in goes in a
// stand-in of the form (its grid gives the board its width, site.css), and the widget's status line, still in its
// head, will move into the form (form.js holdStatus): the board will be that much higher.
export function bringUpSwapped(arrival) {
  const widget = document.querySelector(".calc-widget");
  if (!arrival.untouched || !wide() || !widget || !widget.hasAttribute("data-has-board") || widget.dataset.ready ||
      window.scrollY !== 0) return;
  const early = widget.calcEarlyForm;
  const slot = widget.querySelector(".calc-form-slot");
  const status = widget.querySelector(":scope > .calc-head > .calc-status");
  if (!early && !slot) return;
  const form = early ? early.form : el("div", { class: "calc-form", "data-stand-in": "" });
  if (!early) slot.prepend(form);
  const lift = !early && status ? status.getBoundingClientRect().height : 0;
  arrival.early = bringUpOnStandIn(form, () => arrival.at, lift);
}
