// The answer in one line (issue 24): while a widget's result headline is below the screen (a long form, a field
// changed near its top), a bar fixed to the foot of the screen shows that headline, its state (working, out of
// date, an error) and a button that scrolls to the result and puts the focus on it. On a phone the bar is the
// screen's width; on a wider screen it is the widget's (a new player found a desktop calculator's answer at the
// first screen's bottom edge, or below it).
//
// Generic: it reads only what every widget has (its result box and the headline the presenter writes,
// .calc-summary; the stale mark showStale sets; the widget's data-state; the field errors) and knows no
// calculator. A board's map is its answer drawn (issue 23): while a quarter of it is on screen the bar is not
// wanted (it would sit on the board's own controls, Adjudicate and Continue, just under the map on a phone).
// The bar is not a live region: the result box already announces each new result, and a second
// voice would say it twice. Its text is the headline, whole when it fits in the bar's two lines, else cut where a
// clause ends or else between words, with "…" (cut anywhere, it read "at least 1…" for "at least 12").
import { button, el, setText } from "./dom.js";

// Material's own breakpoint between a phone or portrait tablet (one column, the navigation in a drawer) and
// the wider layouts (Material's "md-sidebar" columns from 60em): from it the bar is as wide as its widget.
const PHONE = "(max-width: 59.984375em)";
// The band at the foot of the screen the bar takes: a headline in it counts as hidden.
const BAR_PX = 64;
// How far above the screen the headline is still watched (px; longer than any page of the site).
const ABOVE_PX = 1000000;
// How much of a board's map on screen counts as the answer seen.
const MAP_SEEN = 0.25;

const STATE_TEXT = {
  running: "Working…",
  starting: "Engine starting…",
  edited: "Out of date",
  waiting: "Waiting for orders",
  cancelled: "Cancelled",
  error: "Error",
};

const bars = new Set(); // the page's bars: one at a time is shown (pick)
let phone = null; // the PHONE media query, made once for the tab
let lastUsed = null; // the widget the reader last typed or tapped in

// Which of the bars that could show does: the widget the reader is working in, else the first on screen.
function pick() {
  for (const b of bars) if (!b.w.isConnected) bars.delete(b);
  const ready = Array.from(bars).filter((b) => b.wanted());
  const chosen = ready.find((b) => b.w === lastUsed) || ready[0] || null;
  for (const b of bars) b.show(b === chosen);
  // While a bar shows, the page's scroll padding keeps what the browser scrolls into view above it (show).
  if (!chosen) document.documentElement.style.scrollPaddingBottom = "";
}

function noteUse(e) {
  const w = e.target instanceof Element ? e.target.closest(".calc-widget") : null;
  if (w && w !== lastUsed) {
    lastUsed = w;
    pick();
  }
}

export class AnswerBar {
  constructor(widget) {
    this.widget = widget;
    this.w = widget.w;
    this.box = widget.resultBox;
    this.onScreen = false; // some of the widget is on screen
    this.below = false; // the headline (or the result box) is below the screen, or behind the bar
    this.mapSeen = false; // a board's map, its result drawn, is on screen (MAP_SEEN)
    this.state = el("span", { class: "calc-answer-state" });
    this.text = el("span", { class: "calc-answer-text" });
    this.go = button("calc-answer-go", "Show the answer");
    this.bar = el("div", { class: "calc-answer-bar", hidden: true },
      el("p", { class: "calc-answer-line" }, this.state, this.text), this.go);
    this.go.addEventListener("click", () => this.reveal());
    this.w.append(this.bar);
    this.watch();
  }

  watch() {
    const seen = new IntersectionObserver((es) => {
      this.onScreen = es[es.length - 1].isIntersecting;
      pick();
    });
    seen.observe(this.w);
    // The area watched reaches far above the screen: a headline above it still counts as in (not below), so
    // that a jump from below the screen to above it (PageDown, a link, a fling) crosses the edge the observer
    // reports; watching the screen alone, such a jump went unreported and the bar stayed over a page read past.
    this.seen = new IntersectionObserver((es) => this.place(es[es.length - 1]),
      { rootMargin: `${ABOVE_PX}px 0px -${BAR_PX}px 0px`, threshold: [0, 0.25, 0.5, 0.75, 1] });
    // A board's stage holds its map and, while a played phase is viewed, that phase's map in its place: watching
    // the map alone, the bar came up over a played phase's map (it was hidden, so "not on screen").
    const map = this.w.querySelector(".board-stage") || this.w.querySelector(".board-map");
    if (map) {
      new IntersectionObserver((es) => {
        this.mapSeen = es[es.length - 1].intersectionRatio >= MAP_SEEN;
        pick();
      }, { rootMargin: `0px 0px -${BAR_PX}px 0px`, threshold: [0, MAP_SEEN] }).observe(map);
    }
    this.target = null;
    this.retarget();
    const changed = () => {
      this.retarget();
      this.update();
    };
    new MutationObserver(changed).observe(this.w, { attributes: true, attributeFilter: ["data-state"] });
    new MutationObserver(changed).observe(this.box, { attributes: true, attributeFilter: ["data-stale"],
      childList: true });
    bars.add(this);
    this.update();
  }

  // The headline, or (no headline on show: an error, a board waiting for its first orders) the result box.
  headline() {
    const h = this.box.querySelector(".calc-summary");
    // Shown at all: checkVisibility needs the page's styles only, getClientRects its whole layout (the widget
    // has just been set up: a forced layout of the page, issue 25).
    const shown = h && (typeof h.checkVisibility === "function" ? h.checkVisibility() : h.getClientRects().length);
    return shown ? h : null;
  }

  retarget() {
    const t = this.headline() || this.box;
    if (t === this.target) return;
    if (this.target) this.seen.unobserve(this.target);
    this.target = t;
    this.seen.observe(t);
  }

  place(entry) {
    const root = entry.rootBounds;
    this.below = entry.intersectionRatio < 1 && !!root && entry.boundingClientRect.bottom > root.bottom + 1;
    pick();
  }

  // What the bar says: the headline (or the error) and the state, as the widget shows them.
  update() {
    const stale = this.box.dataset.stale || "";
    const error = this.w.dataset.state === "error" || stale === "error";
    const running = this.w.dataset.state === "running" && stale !== "waiting";
    const key = error ? "error" : running && stale ? "running" : stale;
    const h = this.headline();
    const message = error ? this.errorText() : h ? h.textContent.trim() : "";
    setText(this.state, STATE_TEXT[key] || "");
    this.state.hidden = !STATE_TEXT[key];
    this.message = message;
    this.fit();
    setText(this.go, error ? "Show the error" : "Show the answer");
    this.bar.dataset.state = key || "current";
    this.has = !!message;
    pick();
  }

  errorText() {
    const e = this.errorNode();
    return e ? e.textContent.trim() : "The form has an error: no result until it is fixed.";
  }

  errorNode() {
    return this.w.querySelector(".calc-field-error:not([hidden]), .calc-form-error:not([hidden])");
  }

  wanted() {
    return this.onScreen && this.below && !this.mapSeen && this.has && this.w.isConnected;
  }

  show(on) {
    if (this.bar.hidden === !on) return;
    this.bar.hidden = !on;
    if (on) {
      this.align();
      this.fit();
    }
    // The page's scroll padding while a bar shows (pick takes it away): the browser brings a field reached by Tab
    // (a phone keyboard's "next") into the screen, not knowing that the bar covers the screen's foot, and a new
    // player typed into a field under it. Set on the root itself: an inherited custom property there (as it was)
    // restyled every element of the page each time a bar came up (~2,000 elements, 75-88 ms on a phone, issue 25).
    if (on) document.documentElement.style.scrollPaddingBottom = `${this.bar.offsetHeight}px`;
  }

  // On a wide screen the bar spans its widget's column, not the screen (it is fixed: nothing moves for it).
  align() {
    if (this.bar.hidden) return;
    let left = "", width = "";
    if (!phone.matches) {
      const box = this.w.getBoundingClientRect();
      left = Math.round(box.left) + "px";
      width = Math.round(box.width) + "px";
    }
    this.bar.style.left = left;
    this.bar.style.width = width;
  }

  // The headline in the bar: whole, or the clauses that fit (measured only while the bar is on screen).
  fit() {
    const message = this.message || "";
    setText(this.text, message);
    if (this.bar.hidden) return;
    const line = this.text.parentElement;
    const over = () => line.scrollHeight > line.clientHeight + 1;
    if (!over()) return;
    const fits = (kept) => {
      setText(this.text, kept.replace(/[,;:.]$/, "") + " …");
      return !over();
    };
    // Whole clauses first (after ",", ";" or "."; not ":", which comes before the number), else whole words.
    for (const parts of [message.split(/(?<=[,;.])\s+/), message.split(/\s+/)]) {
      for (let n = parts.length - 1; n >= 1; n--) if (fits(parts.slice(0, n).join(" "))) return;
    }
    setText(this.text, message);
  }

  // To the headline (or the error), under the site's header, and the focus with it: a screen reader goes on
  // reading from the answer.
  reveal() {
    const error = this.w.dataset.state === "error" ? this.errorNode() : null;
    const target = error || this.headline() || this.box;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    const header = document.querySelector(".md-header");
    const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    window.scrollBy({ top: target.getBoundingClientRect().top - top - 8, behavior: "instant" });
    target.focus({ preventScroll: true });
  }
}

export function attachAnswerBar(widget) {
  if (typeof IntersectionObserver !== "function" || !widget.resultBox) return;
  if (!phone) {
    phone = window.matchMedia(PHONE);
    phone.addEventListener("change", pick);
    window.addEventListener("resize", () => bars.forEach((b) => b.align()));
    document.addEventListener("focusin", noteUse);
    document.addEventListener("input", noteUse);
    document.addEventListener("click", noteUse);
    // An instant navigation takes the page's bars away without a word to them (their observers may not report the
    // widget gone before the next page is read): each new page is looked at anew.
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(pick);
  }
  widget.answerBar = new AnswerBar(widget);
}
