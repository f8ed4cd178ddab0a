// Every page, through Material's instant navigation: the address bar kept right, and the calculator
// code (assets/engine/widgets.js) imported only once a page with a widget is on screen. A page
// without one runs none of it. An ES module, bundled into the page's one script (hooks/bundle.py).
import { bringUpSwapped } from "./board/arrival.js";
import { STARTING } from "./calculator/words.js";
import { parseState } from "./link-state.js";

// ---- the address bar -------------------------------------------------------------------------------
// Material's navigation.tracking rewrites the hash to the section in view as the reader
// scrolls (and clears it at the top of the page). While the address bar holds a calculator's
// state, such a rewrite of the same page's URL keeps the state instead (the history entry's
// own state object is still updated). This holds whatever the widgets are doing: Material may
// be swapping the page's content at that very moment. An explicit move (a link, Back, a hash
// typed in) is not a replaceState and is never held.
//
// Material's instant navigation also pushes the next page's address first and swaps its
// content in when it arrives. Until then its tracking and its saving of the scroll offset still
// follow the old content, and write onto the next page's history entry: a section of the old
// page as the hash, and a state that is no longer null, which makes Material scroll the new page
// to that old offset or to the top instead of to the link's anchor (a citation of a ruling's
// reading landed at the top of the rulings page). While the content on screen is not the
// address's page, no replaceState is let through. This is every page's concern, not only a
// calculator's: it is installed on every page.
const nativeReplace = history.replaceState;
const nativePush = history.pushState;
let contentPath = location.pathname; // the page whose content is on screen
let poppedAt = -Infinity; // when the reader last went Back or Forward
let pushedAt = -Infinity; // when a link (Material's instant navigation) or a widget last added a history entry
window.addEventListener("popstate", () => {
  poppedAt = performance.now();
});
history.pushState = function (...args) {
  pushedAt = performance.now();
  holding = null; // a page left is not held in place any more (backInPlace)
  keepPlace(); // the entry left keeps where the reader left from (see withPlace)
  return nativePush.apply(history, args);
};
history.replaceState = function (data, unused, url) {
  if (location.pathname !== contentPath) return undefined;
  let target = url;
  if (url !== undefined && url !== null && parseState(location.hash)) {
    try {
      const next = new URL(String(url), location.href);
      const samePage = next.pathname === location.pathname && next.search === location.search;
      if (samePage && !parseState(next.hash)) target = location.href;
    } catch (e) { /* an invalid URL: let the browser refuse it as it would */ }
  }
  return nativeReplace.call(history, withPlace(data), unused, target);
};

// ---- the reader's place, kept in the history entry -----------------------------------------------
// Material scrolls a page it brings back by Back or Forward to the offset in its history entry's state, but
// writes that offset only as a link is followed, and its tracking writes an empty state as the reader scrolls.
// A page left by Back (no link followed) kept no offset: Forward brought it back at its top, under a hash
// naming the section the reader had been reading (a new player's report; every page with a table of contents).
// Once scrolling stops, the entry keeps where the reader is, and the tracking's own state says it too (whichever
// comes last); never while another page's address is up (the content on screen is not that page's).
// The offset alone is not the place: a page brought back is not yet as it was (a board far above the reader is set
// up only when the reader nears it, and is 421 px taller set up on a wide screen, 1,243 on a phone: Back landed
// that far below the text being read). So the entry also names the heading at or above the top of the screen and
// how far below it the reader was (at), and the page is put back there once Material has restored the offset.
const PLACE_MS = 250;
const HEADINGS = ".md-content :is(h1, h2, h3, h4, h5, h6)[id]";
let placeTimer = 0;

function readerAt() {
  let at = null;
  for (const h of document.querySelectorAll(HEADINGS)) {
    if (!h.getClientRects().length) continue; // in a tab not shown or a closed <details>: no place on screen
    const top = h.getBoundingClientRect().top;
    if (top > 1) break;
    at = { id: h.id, dy: Math.round(-top * 10) / 10 };
  }
  return at;
}
function place(state) {
  return { ...state, x: window.scrollX, y: window.scrollY, at: readerAt() };
}
// A state written for this page: the tracking's (empty), or Material's offset as a link is followed (the place
// the reader leaves from: Back comes to it). That offset is the one its last scroll event gave: a link brought
// into view and followed at once (a click while the page still scrolls, Enter right after Tab) left from further
// on, and Back landed where the reader had been before (1,400 px off on the adjudicator): each new entry pushed
// (pushState) writes the true place onto the entry being left.
function withPlace(data) {
  if (!data || typeof data !== "object") return data;
  if (typeof data.y !== "number") return place(data);
  return "at" in data || Math.abs(data.y - window.scrollY) > 1 ? data : { ...data, at: readerAt() };
}
function keepPlace() {
  if (location.pathname !== contentPath || holding) return;
  nativeReplace.call(history, place(history.state && typeof history.state === "object" ? history.state : {}), "");
}
// Back or Forward: the reader's heading is held where it was, frame by frame, for a moment (Material scrolls to the
// entry's offset a frame or two after the swap, and the page may still change above it), unless the reader moves
// the page; the place is written again only after that.
const RESTORE_MS = 1000;
let holding = null; // the hold running, if any: only the newest runs (Back, then Forward within the second)
let movedAt = -Infinity; // the reader's last wheel, touch, click or key

function backInPlace() {
  const at = history.state && history.state.at;
  const h = at && typeof at.id === "string" ? document.getElementById(at.id) : null;
  if (!h || typeof at.dy !== "number") return;
  const start = performance.now();
  const hold = () => {
    if (holding !== hold) return;
    if (movedAt > start || performance.now() - start > RESTORE_MS || !h.isConnected) {
      holding = null;
      return;
    }
    const off = h.getBoundingClientRect().top + at.dy;
    if (Math.abs(off) > 0.5) window.scrollTo({ top: window.scrollY + off, behavior: "instant" });
    requestAnimationFrame(hold);
  };
  holding = hold;
  requestAnimationFrame(hold);
}
window.addEventListener("scroll", () => {
  clearTimeout(placeTimer);
  placeTimer = setTimeout(keepPlace, PLACE_MS);
}, { passive: true });

// What the widgets are given of the address bar: a write that is never held (a widget writes its
// own state, and only while its page is on screen), and whether the reader has just gone Back or
// Forward (Material may rebuild the page for it: then a state in the address bar is the reader's own).
const addressBar = {
  replace(hash) {
    nativeReplace.call(history, history.state, "", hash);
  },
  poppedWithin(ms) {
    return performance.now() - poppedAt < ms;
  },
};

// ---- the reader's arrival on a page ---------------------------------------------------------------
// Whether the page may still be moved for the reader once (a board brought to the top, board/arrival.js): it
// was opened at its top by a link or an address typed (a fresh load or an instant navigation), with no #anchor
// or #calc= state, not put back where it was by Back, Forward or a reload, and the reader has not since
// scrolled, clicked, touched or pressed a key. Anything else is the reader's: never moved.
// shownAt(): when the page's content was first on screen (performance.now() time), or null if it has not been
// drawn yet: the first paint of content for a fresh load, the swap for an instant navigation.
const arrival = { path: null, untouched: false, at: 0, swapped: false, early: null, shownAt };

function shownAt() {
  if (arrival.swapped) return arrival.at;
  const paint = performance.getEntriesByName ? performance.getEntriesByName("first-contentful-paint")[0] : null;
  if (paint) return paint.startTime;
  // A browser that does not report paints: the page counts as shown once it has been read (arrived()).
  const reports = typeof PerformanceObserver === "function" &&
    (PerformanceObserver.supportedEntryTypes || []).includes("paint");
  return reports ? null : arrival.at;
}
for (const type of ["wheel", "touchstart", "pointerdown", "keydown"]) {
  window.addEventListener(type, () => {
    arrival.untouched = false;
    movedAt = performance.now();
  }, { capture: true, passive: true });
}

function arrived(first) {
  let restored = poppedAt > pushedAt; // the last move in the history was Back or Forward
  if (first) {
    const nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    restored = !!nav && nav.type !== "navigate"; // a reload or Back restores the scroll position itself
  }
  // Where a fresh load opened if its board was brought up before the first paint (board/arrival.js bringUpEarly).
  arrival.early = first ? window.__calcBoardEarly || null : null;
  arrival.path = location.pathname;
  arrival.untouched = !location.hash && !restored && window.scrollY === (arrival.early ? arrival.early.y : 0);
  arrival.at = performance.now();
  arrival.swapped = !first;
}

// ---- the calculator code, when a page has a widget ---------------------------------------------------
// The calculator bundle is a file of its own beside this one (hooks/bundle.py); pages with a widget
// also preload it from <head> (overrides/main.html), so that it is ready when this asks for it.
const CALCULATORS = new URL("widgets.js", import.meta.url).href;
let calculators = null; // the started calculator code, once imported
let importing = null;

function showWidgets() {
  if (calculators) {
    calculators.initPage();
    return;
  }
  if (!importing) {
    importing = import(CALCULATORS).then((module) => {
      calculators = module.start({ addressBar, arrival });
      return calculators;
    });
    importing.catch(() => {
      importing = null; // offline before it was kept, say: the next page with a widget tries again
    });
  }
  importing.then((started) => started.initPage(), () => {});
}

let pages = 0;

// A widget without an early form (every widget after a page's first, set up as the reader nears it; all of a page
// swapped in by instant navigation after a page with none) said that it needs JavaScript, with JavaScript running,
// until its calculator code set it up (a new player read it under the board). Each says it is starting instead.
// swapped: on such a page a board's showed its pre-rendered result table where the map then came (a new player saw
// both for a quarter of a second): its result is held out of sight (its room kept) until the board is placed or
// its set-up ends (board.css; widgets.js initWidget).
function sayStarting(swapped) {
  for (const w of document.querySelectorAll(".calc-widget:not([data-ready])")) {
    if (w.calcEarlyForm) continue;
    const status = w.querySelector(".calc-status");
    if (status) status.textContent = STARTING;
    if (swapped && w.hasAttribute("data-has-board")) w.dataset.held = "1";
  }
}

function onPage() {
  const first = pages++ === 0;
  arrived(first);
  if (!first) {
    if (poppedAt > pushedAt) backInPlace();
    sayStarting(true);
    bringUpSwapped(arrival); // before the swapped page is drawn: it opens at its board (board/arrival.js)
  } else sayStarting(false);
  contentPath = location.pathname;
  // A page with a board hides Material's "Back to top" (board.css), which would sit over the map. Its HTML has the
  // class already (hooks/widgets.py): this changes it only when instant navigation swaps a page of the other kind in.
  document.body.classList.toggle("calc-board-page", !!document.querySelector(".calc-widget[data-has-board]"));
  if (document.querySelector(".calc-widget")) showWidgets();
}

// Material's document$ emits on first load and after every instant navigation.
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
else onPage();
