// The click-to-order board: one component for every calculator whose schema names a board
// (calculators/core/board.py). It knows no game and no order kind: the options calculator the schema
// names lists every legal order with the clicks that choose it (the province clicked first, a mode,
// the provinces clicked after) and the box it is written in, checks the orders typed so far with the
// adjudicator's own checks, and draws the map (in Python, as every map of the site).
//
// Rules it keeps (as the widget does):
// - The boxes are the one source of truth. A click writes an order into its box (and the box's own
//   input event runs, as if typed); typing redraws the map. The board never adjudicates.
// - Everything from the engine, a file or the page is set as text; the map's SVG comes from the engine
//   through the page's one sanitiser.
// - The legal orders are fetched once per position and phase; a click only looks them up.
// - Nothing is lost: a game put aside by Load or Reset can be brought back; a file that cannot be read
//   changes nothing and says why.
//
// Its parts: map.js (drawing), order-entry.js (clicks, keyboard, menus), order-list.js (the orders
// typed), history.js (the game so far), game-file.js (export, import, kept in the tab), autosave.js (the game
// in progress kept in this browser), map-file.js, arrival.js (the board brought to the top as its page opens).
import { nextTurn } from "../calculator/schedule.js";
import { bringToTop } from "./arrival.js";
import { centreSideways, wireWholeMap } from "./in-view.js";
import { Autosave } from "./autosave.js";
import { GameFiles } from "./game-file.js";
import { GameHistory } from "./history.js";
import { buildPanel, place } from "./layout.js";
import { BoardMap } from "./map.js";
import { exportMap } from "./map-file.js";
import { indexOptions } from "./options.js";
import { OrderEntry } from "./order-entry.js";
import { failures, showTyped } from "./order-list.js";

let uid = 0;

class Board {
  // widget: the Widget (calculator/widget.js) whose schema names this board; services: its engine and sanitiser.
  constructor(widget, services) {
    this.cw = widget;
    this.widgetEl = widget.w;
    this.spec = widget.schema.board;
    this.engine = services.engine;
    this.sanitiser = services.sanitiser;
    this.id = "board-" + (++uid);
    this.options = null; // the legal orders (options.js) for the inputs as last fetched
    this.answered = false; // the engine has answered the board once (firstAnswer)
    this.preview = null; // {key, typed}: the engine's check of the orders typed
    this.job = null;
    this.timer = null;
    this.version = 0;
    this.parts = buildPanel(this.id, this.spec);
    this.map = new BoardMap(this.parts.figure, this.id + "-", this.sanitiser);
    this.entry = new OrderEntry(this);
    this.history = new GameHistory(this);
    this.files = new GameFiles(this);
    place(this.parts, widget, this.spec);
    // Opened waiting for orders, the widget kept its pre-rendered map aside (widget.js start): a position, not
    // a result. Otherwise the result box still holds it, a result for the boxes unless a link changed them.
    const kept = widget.startMap;
    widget.startMap = null;
    if (kept) this.map.placeholder(kept, { result: false, stale: false });
    else this.map.placeholder(widget.resultBox.querySelector("svg.dip-board"),
      { result: widget.shownKey === widget.key(), stale: widget.shownKey !== widget.key() });
    // Adjudicate waits for the engine's first answer about the board: before it, the map has no units and a
    // press would judge boxes the player has not seen (a new player took it for ready). Any answer, an error
    // included, lets it be pressed (firstAnswer).
    widget.runBtn.disabled = true;
    bringToTop(this.parts.panel, this.parts.figure, services.arrival);
    requestAnimationFrame(() => centreSideways(this.parts.figure));
    wireWholeMap(this.parts.wholeBtn, this.parts.stage, this.parts.figure);
    this.history.show();
    this.wire();
    this.files.restore();
    this.autosave = new Autosave(this);
    this.autosave.restore();
    this.refresh(true);
    this.files.fromLink();
  }

  wire() {
    const form = this.cw.form;
    const { panel, figure, menu, importInput } = this.parts;
    // The answer bar gives way to the open order menu (board.css): a mark on the widget, not a :has() rule.
    new MutationObserver(() => this.widgetEl.toggleAttribute("data-menu-open", !menu.hidden))
      .observe(menu, { attributes: true, attributeFilter: ["hidden"] });
    const typed = (e) => {
      const name = String(this.cw.nameOf(e.target) || "").split(".")[0];
      if (this.spec.orders.includes(name)) this.later(120);
      else if (this.spec.inputs.includes(name)) this.later(300);
    };
    form.addEventListener("input", typed);
    form.addEventListener("change", typed);
    // The board's own controls sit in the form but are not its fields (the order boxes moved into it are).
    for (const type of ["input", "change"]) {
      panel.addEventListener(type, (e) => {
        if (!e.target.closest(".calc-field")) e.stopPropagation();
      });
    }
    this.widgetEl.addEventListener("calc:filled", () => this.history.filled());
    this.widgetEl.addEventListener("calc:message", () => this.superseded());
    this.widgetEl.addEventListener("calc:continue", (e) => this.history.played(e.detail));
    // A result supersedes the board's own last line ("The cleared orders are back in the boxes." was still there
    // after Adjudicate, beside the result's summary).
    this.widgetEl.addEventListener("calc:result", () => {
      this.superseded();
      this.showResult();
    });
    figure.addEventListener("click", (e) => this.entry.clicked(e));
    figure.addEventListener("keydown", (e) => this.entry.key(e));
    menu.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      this.entry.deselect(true);
    });
    const on = (cls, fn) => panel.querySelector("." + cls).addEventListener("click", fn);
    on("board-cancel", () => this.entry.deselect(true));
    on("board-remove", () => this.entry.remove());
    on("board-clear", () => this.clearOrders());
    on("board-prev", () => this.history.step(-1));
    on("board-next", () => this.history.step(1));
    on("board-now", () => this.history.showPhase(null));
    on("board-replay", () => this.history.replay());
    on("board-restore", () => this.history.bringBack());
    on("board-export", () => this.files.exportGame());
    on("board-import", () => importInput.click());
    on("board-share", () => this.files.shareGame());
    on("board-svg", () => exportMap(this, "svg"));
    on("board-png", () => exportMap(this, "png"));
    importInput.addEventListener("change", () => this.files.importGame(importInput));
  }

  // ---- keeping up with the boxes ---------------------------------------------------------
  values(names) {
    const all = this.cw.params();
    return Object.fromEntries(names.map((n) => [n, all[n]]));
  }

  inputsKey() {
    return JSON.stringify(this.values(this.spec.inputs));
  }

  ordersKey() {
    return this.inputsKey() + JSON.stringify(this.values(this.spec.orders));
  }

  later(ms) {
    clearTimeout(this.timer);
    this.setStale(true);
    this.parts.panel.dataset.state = "updating";
    this.timer = setTimeout(() => this.refresh(), ms);
  }

  // Fetch what changed: the legal orders (and the map) for a new position or phase, else only the
  // typed orders' check and the map. Returns when the board shows the boxes' current state.
  refresh(force) {
    clearTimeout(this.timer);
    if (!this.widgetEl.isConnected) return Promise.resolve(false);
    const lists = force || !this.options || this.options.key !== this.inputsKey();
    if (!lists && this.preview && this.preview.key === this.ordersKey() && !this.stale) return Promise.resolve(true);
    return this.fetch(lists);
  }

  async fetch(lists) {
    const version = ++this.version;
    const inputsKey = this.inputsKey();
    const ordersKey = this.ordersKey();
    const params = Object.assign(this.values(this.spec.inputs.concat(this.spec.orders)), { lists });
    if (this.job) this.engine.cancel(this.job.req);
    const job = this.engine.run(this.spec.options, params, null, this.cw.root);
    this.job = job;
    this.setStale(true);
    this.parts.panel.dataset.state = "updating";
    const result = await job.promise;
    if (!(result && result.cancelled)) this.firstAnswer();
    if (version !== this.version || !this.widgetEl.isConnected) return false;
    this.job = null;
    if (!result || !result.ok) {
      if (result && result.cancelled) return false;
      const message = (result && result.error && result.error.message) || "No answer from the engine.";
      this.fail("The map cannot show these boxes: " + message +
        (this.preview ? " The map shows the last position that could be read." : ""));
      this.parts.panel.dataset.state = "error";
      return false;
    }
    const chart = (result.charts || [])[0];
    // The answer read, the map sanitised and the map drawn each in a task of their own: together they were one
    // task of 130 ms on a phone (4x CPU) that a tap waited behind (issue 25).
    await nextTurn();
    if (version !== this.version || !this.widgetEl.isConnected) return false;
    // Only the orders changed: only the orders layer goes through the sanitiser (a sixth of the map's nodes).
    const ordersOnly = !lists && !!this.map.svg() && !this.map.showsResult;
    let fresh;
    try {
      const text = chart ? String(chart.svg || "") : "";
      fresh = await this.map.sanitised(text, ordersOnly);
      // A result drawn meanwhile changed the provinces shown: the whole map, then.
      if (fresh && version === this.version && !this.map.fits(fresh)) {
        fresh = await this.map.sanitised(text, false, true);
      }
    } catch (e) {
      this.fail("The map cannot be shown: the page's sanitiser did not load. Reload the page to try again.");
      return false;
    }
    await nextTurn();
    if (version !== this.version || !this.widgetEl.isConnected) return false;
    return this.show(result.data || {}, fresh, lists, { inputsKey, ordersKey }, version);
  }

  // The answer of the options calculator, on the board.
  // The map first, then (in a task of its own: issue 25) the panel beside it; false if a newer answer came meanwhile.
  async show(data, fresh, lists, keys, version) {
    const { panel, error } = this.parts;
    error.hidden = true;
    error.textContent = "";
    delete error.dataset.refused;
    if (lists) this.options = indexOptions(data, keys.inputsKey);
    this.preview = { key: keys.ordersKey, typed: Array.isArray(data.typed) ? data.typed : [] };
    // A result for these very boxes is in: it is what the board shows (drawn once, not after the orders' map).
    const onResult = !!fresh && this.resultShowable();
    if (fresh && !onResult) this.map.draw(fresh, !lists, this.options ? this.options.subjects : new Map());
    this.setStale(false);
    await nextTurn();
    if (version !== this.version || !this.widgetEl.isConnected) return false;
    this.showOrders();
    this.entry.showLoose();
    this.entry.highlight();
    if (this.entry.sel && !this.options.subjects.has(this.entry.sel.key)) this.entry.deselect(false);
    else if (this.entry.sel) this.entry.showMenu();
    this.history.show();
    if (this.cw.waiting) this.cw.nameWaiting(this.options.phase);
    this.autosave.save();
    // A result for these very boxes that came in before this redraw is drawn again on the new map.
    if (onResult) this.showResult();
    panel.dataset.state = "ready";
    panel.dataset.phase = this.options.phase;
    panel.dispatchEvent(new CustomEvent("board:drawn", { bubbles: true }));
    return true;
  }

  // The engine has answered the board once: Adjudicate may be pressed (see the constructor).
  firstAnswer() {
    if (this.answered) return;
    this.answered = true;
    this.cw.runBtn.disabled = false;
  }

  // The orders as typed (or, once adjudicated, the result's summary and why orders failed) beside the boxes.
  showOrders() {
    const adjudicated = this.adjudicated();
    showTyped(this.parts, this.preview.typed, this.options, adjudicated,
      adjudicated === null ? [] : failures(this.cw.lastResult));
  }

  // The result's summary when the result shown is for the boxes as they are now, else null.
  adjudicated() {
    const cw = this.cw;
    if (!cw.lastResult || cw.shownKey !== cw.key() || cw.resultBox.dataset.stale) return null;
    return typeof cw.lastResult.summary === "string" ? cw.lastResult.summary : "";
  }

  // Whether showResult() would draw: a result for the boxes as they are, with its map, and no played phase viewed.
  resultShowable() {
    return this.adjudicated() !== null && this.history.viewing === null &&
      !!this.cw.resultBox.querySelector("svg.dip-board");
  }

  // The result just worked out, drawn on this map (succeeded, failed, dislodged, retreats and builds due):
  // the result's own map under it is not shown (board.css). The next change of the boxes draws them again.
  showResult() {
    if (!this.resultShowable()) return;
    const drawn = this.cw.resultBox.querySelector("svg.dip-board");
    const copy = this.map.copyOf(drawn);
    this.entry.deselect(false);
    this.map.draw(copy, false, this.options ? this.options.subjects : new Map(), true);
    if (this.preview) this.showOrders();
    this.parts.panel.dispatchEvent(new CustomEvent("board:drawn", { bubbles: true }));
  }

  // Every order box emptied, as if the player had deleted them all (the boxes' own input events run). A box's
  // own Undo cannot bring them back (a value set by a script empties the browser's undo history), so they are
  // kept, and the board's note offers them back (Bring them back) until the boxes change again.
  clearOrders() {
    const filled = this.spec.orders.filter((n) => this.cw.fields.get(n) && this.cw.fields.get(n).input.value.trim());
    if (!filled.length) {
      this.announce("There are no orders to clear.");
      return;
    }
    const cleared = Object.fromEntries(filled.map((n) => [n, this.cw.fields.get(n).input.value]));
    this.setOrders(Object.fromEntries(filled.map((n) => [n, ""])));
    this.entry.deselect(false);
    this.cw.quiet();
    this.hideRefusal();
    this.history.putOrdersAside(cleared);
    this.announce("Orders cleared: every unit is without an order. Bring them back restores them.");
  }

  // The orders Clear orders took out, back in their boxes exactly as they were.
  ordersBack(orders) {
    this.setOrders(orders);
    this.tell("The cleared orders are back in the boxes.");
    this.parts.clearBtn.focus({ preventScroll: true }); // the Bring them back button is gone: the keyboard stays near
  }

  // Order boxes set as if typed (each box's own input event runs): field name -> text.
  setOrders(values) {
    for (const [name, value] of Object.entries(values)) {
      const f = this.cw.fields.get(name);
      if (!f) continue;
      f.input.value = value;
      f.input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  // Where Continue puts the focus: the board's phase line, without scrolling and without opening a keyboard.
  home() {
    return this.parts.phaseText;
  }

  fail(message) {
    const { error, figure } = this.parts;
    error.textContent = message;
    delete error.dataset.refused;
    error.hidden = false;
    if (this.preview) {
      this.setStale(true);
      figure.dataset.stale = "1";
    }
  }

  // The map is marked stale (dimmed) only when a redraw takes over a quarter second: a quick one (most
  // are) would flicker, and each change of the mark lays out every map of the page again.
  setStale(on) {
    const figure = this.parts.figure;
    this.stale = on;
    clearTimeout(this.staleTimer);
    if (on) {
      this.staleTimer = setTimeout(() => {
        if (this.stale) figure.dataset.stale = "1";
      }, 250);
    } else if (figure.dataset.stale) {
      delete figure.dataset.stale;
    }
  }

  // ---- what the board says ---------------------------------------------------------------------
  announce(text) {
    const say = this.parts.say;
    say.textContent = "";
    requestAnimationFrame(() => {
      say.textContent = text;
    });
  }

  // One status line at a time, the board's or the widget's: the newest replaces the others.
  tell(text) {
    this.cw.quiet();
    this.hideRefusal();
    this.history.noteText = text;
    this.history.putAside = null;
    this.history.show();
    this.announce(text);
  }

  superseded() {
    this.hideRefusal();
    this.history.noteText = "";
    this.history.show();
  }

  hideRefusal() {
    const error = this.parts.error;
    if (!error.dataset.refused) return;
    delete error.dataset.refused;
    error.hidden = true;
    error.textContent = "";
  }

  // A file or an export that did not happen: nothing changed, and this says why.
  refuse(message) {
    const error = this.parts.error;
    this.cw.quiet();
    this.history.noteText = "";
    this.history.show();
    error.textContent = message;
    error.hidden = false;
    error.dataset.refused = "1";
  }
}

// The add-on: a board for every widget whose schema names one (and has the fields it names).
export function attachBoard(widget, services) {
  const spec = widget.schema.board;
  if (!spec || widget.w.calcBoard) return;
  if (!spec.orders.every((n) => widget.fields.has(n)) || !spec.inputs.every((n) => widget.fields.has(n))) return;
  widget.w.calcBoard = new Board(widget, services); // for the tests and benchmarks (calculator/test-hooks.js)
}
