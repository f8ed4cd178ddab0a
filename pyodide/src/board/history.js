// The game so far: each phase played with Continue (its boxes, its label and its result's summary),
// shown again on request (Earlier / Later phase), played again from any phase, and never lost: a game
// that Load, Reset, a link, a file or "Play again" replaces is put aside, to be brought back.
import { el, setText, uniqueIds } from "../calculator/dom.js";
import { fieldMessage } from "../calculator/field-errors.js";
import { plural } from "../calculator/words.js";

export class GameHistory {
  // board: the Board (board.js): its widget, parts, options, engine and sanitiser.
  constructor(board) {
    this.board = board;
    this.phases = []; // the game so far: [{label, params, summary}]
    this.viewing = null; // the index of a played phase shown, or null: the current one
    this.views = new Map(); // index -> the played phase's result (a DOM fragment), for this visit
    // {phases, current, why}: a game Load or Reset replaced, until brought back; or {orders, inputs}: the orders
    // Clear orders took out of the boxes (field name -> text) for the position they were for (inputs: its key).
    this.putAside = null;
    this.continuing = false; // the boxes are being filled by Continue
    this.restoring = false; // the boxes are being filled from this history
    this.noteText = ""; // the board's own status line
    this.seen = null; // the boxes as last shown
  }

  // The widget's Continue: the phase just played joins the game.
  played(detail) {
    if (!detail || !detail.params) return;
    const { cw, options, spec } = this.board;
    const i = this.phases.length;
    const summary = detail.result && typeof detail.result.summary === "string" ? detail.result.summary : "";
    const inputs = JSON.stringify(Object.fromEntries(spec.inputs.map((n) => [n, detail.params[n]])));
    const known = options && options.key === inputs;
    this.phases.push({ label: known ? options.phase : "", params: detail.params, summary });
    this.views.set(i, this.keep(cw.resultBox.cloneNode(true), i));
    this.continuing = true;
    this.putAside = null;
    this.noteText = "";
    if (this.viewing !== null) this.showPhase(null);
    this.board.files.save();
  }

  // The boxes were filled other than by typing.
  filled() {
    if (this.continuing) {
      this.continuing = false;
    } else if (!this.restoring && this.phases.length) {
      // Load, Reset, a link or a file replaced the boxes: a new game. The old one is kept to bring back.
      this.putAside = { phases: this.phases, current: this.seen, why: "The boxes were replaced" };
      this.phases = [];
      this.views = new Map();
      if (this.viewing !== null) this.showPhase(null);
    }
    this.board.refresh(true);
    this.show();
    this.board.files.save();
  }

  // Fills the boxes from this history (nothing is worked out: the widget waits for the player).
  fillBoxes(values, label, note, options = {}) {
    this.restoring = true;
    this.board.cw.waitFor(values, label, note, options);
    this.restoring = false;
  }

  // The phase bar and the board's status line.
  show() {
    const { parts, options, cw } = this.board;
    const n = this.phases.length;
    const v = this.viewing;
    const now = options ? options.phase : "";
    setText(parts.phaseText, v === null
      ? (now ? "Now playing: " + now : "Setting up the board…") + (n ? " · " + plural(n, "phase") + " played" : "")
      : (this.phases[v].label || "Phase " + (v + 1)) + " · played, " + (v + 1) + " of " + n);
    parts.prevBtn.disabled = n === 0 || v === 0;
    parts.nextBtn.disabled = v === null;
    parts.nowBtn.hidden = v === null;
    parts.replayBtn.hidden = v === null;
    this.dropStaleOrders();
    const aside = this.putAside;
    const text = !aside ? this.noteText : aside.orders ? "Orders cleared: every unit is without an order."
      : aside.why + ": the game of " + plural(aside.phases.length, "phase") + " played before is put aside.";
    setText(parts.note, text); // a line hidden keeps no old text (read by a screen reader's page view)
    parts.note.hidden = !text;
    parts.restoreBtn.hidden = !this.putAside;
    if (this.board.autosave) this.board.autosave.show(text);
    this.seen = cw.params();
  }

  step(delta) {
    const n = this.phases.length;
    if (!n) return;
    const v = this.viewing === null ? n : this.viewing;
    const next = v + delta;
    this.showPhase(next >= n ? null : Math.max(0, next));
  }

  async showPhase(i) {
    const { parts } = this.board;
    this.viewing = i;
    this.board.entry.deselect(false);
    const live = i === null;
    this.inPlace(() => this.showParts(live));
    if (live) {
      this.board.announce("The current phase: " + parts.phaseText.textContent);
      return;
    }
    const label = this.phases[i].label || "Phase " + (i + 1);
    this.board.announce("Showing " + label + ", played: its map, orders and results.");
    let shown = this.views.get(i);
    if (!shown) {
      parts.view.replaceChildren(el("p", { class: "board-help", text: "Working out " + label + " again…" }));
      shown = await this.rerun(this.phases[i]);
      if (typeof shown !== "string") this.views.set(i, this.keep(shown, i));
    }
    if (this.viewing !== i) return;
    this.inPlace(() => this.showView(shown));
    parts.panel.dispatchEvent(new CustomEvent("board:drawn", { bubbles: true }));
  }

  // The board's parts for the current phase (live) or a played one: while a played phase is viewed, the panel
  // speaks of it alone (the current phase's boxes, rule and buttons wait, hidden, and a line says so).
  showParts(live) {
    const { parts, options } = this.board;
    const current = options ? options.phase : "the current phase";
    for (const part of [parts.help, parts.typedText.parentElement, parts.problems, parts.rule, parts.nowBoxes,
      parts.play]) part.hidden = !live;
    parts.loose.hidden = !live || !options || ![...options.subjects.values()].some((s) => !s.at);
    parts.view.hidden = live;
    parts.viewing.hidden = live;
    if (live) {
      parts.figure.hidden = false;
      parts.viewMap.hidden = true;
      parts.viewMap.replaceChildren();
    } else {
      const label = this.phases[this.viewing].label || "Phase " + (this.viewing + 1);
      setText(parts.viewing, "Viewing " + label + " (played): its map, orders and results. Your " + current +
        " orders are kept: Later phase ▶ or Back to the current phase brings them back.");
    }
    this.show();
    // The button pressed may have gone (Earlier phase at the first phase): the focus stays at the board.
    if (document.activeElement && document.activeElement.disabled) parts.phaseText.focus({ preventScroll: true });
  }

  // A played phase's result (a box, or what went wrong): its map in the map's place, the rest under the board.
  showView(shown) {
    const { parts } = this.board;
    if (typeof shown === "string") {
      parts.view.replaceChildren(el("p", { class: "board-error", role: "alert",
        text: "This phase cannot be worked out again: " + shown }));
      return;
    }
    const copy = shown.cloneNode(true);
    const svg = copy.querySelector("svg.dip-board");
    const chart = svg && svg.closest(".calc-chart");
    if (chart) {
      parts.viewMap.replaceChildren(chart);
      parts.viewMap.hidden = false;
      parts.figure.hidden = true;
    }
    parts.view.replaceChildren(copy);
  }

  // Runs fn (which changes what the board shows) and keeps the board where it was on the screen: stepping
  // through the game never moves the page (issue 23).
  inPlace(fn) {
    const stage = this.board.parts.stage;
    const before = stage.getBoundingClientRect().top;
    fn();
    const moved = stage.getBoundingClientRect().top - before;
    if (moved) window.scrollBy({ top: moved, behavior: "instant" });
  }

  // A played phase's result as kept for the history: no live region, ids of its own, nothing stale.
  keep(box, i) {
    box.removeAttribute("aria-live");
    delete box.dataset.stale;
    uniqueIds(box, this.board.id + "-p" + i + "-");
    return box;
  }

  // A played phase's result, worked out again by the widget's own calculator (for a game from a file).
  // A result that no longer matches the one recorded (a file edited by hand, an engine changed since)
  // is shown as worked out now, and marked.
  // Returns the result's box, or what went wrong (text).
  async rerun(phase) {
    const { cw, engine, sanitiser } = this.board;
    const result = await engine.run(cw.calc, phase.params, null, cw.root).promise;
    if (!result || !result.ok) {
      const error = (result && result.error) || {};
      const field = error.field && cw.fields.get(String(error.field));
      return fieldMessage(field, error.message || "no answer from the engine.");
    }
    const html = engine.html(result);
    if (typeof html !== "string") return "the engine's answer has no result to show.";
    const box = el("div", { class: "calc-result" });
    const now = typeof result.summary === "string" ? result.summary : "";
    if (phase.summary && now !== phase.summary) {
      box.dataset.differs = "1";
      box.append(el("p", { class: "board-error board-differs", role: "note",
        text: "This result differs from the one recorded for this phase (“" + phase.summary.slice(0, 300) +
          "”): the orders worked out again give the result below." }));
    }
    box.append(await sanitiser.sanitise(html));
    return box;
  }

  // Play a phase again: its boxes come back; the phases after it are put aside (they can be brought back).
  replay() {
    const i = this.viewing;
    if (i === null) return;
    const entry = this.phases[i];
    const later = this.phases;
    this.fillBoxes(entry.params, entry.label || "the phase", "Playing " + (entry.label || "the phase") + " again.");
    this.putAside = { phases: later, current: this.seen, why: "Playing " + (entry.label || "a phase") + " again" };
    this.phases = later.slice(0, i);
    this.views = new Map([...this.views].filter(([k]) => k < i));
    this.showPhase(null);
    this.board.files.save();
  }

  // Orders cleared (board.js clearOrders): kept to bring back while the boxes stay as Clear left them.
  putOrdersAside(orders) {
    this.noteText = "";
    this.putAside = { orders, inputs: this.board.inputsKey() };
    this.show();
  }

  // Cleared orders are offered back only while every order box is empty and the position is the one they were
  // for: brought back over orders written since, or into another phase, they would replace the player's work.
  dropStaleOrders() {
    const aside = this.putAside;
    const { cw, spec } = this.board;
    if (!aside || !aside.orders) return;
    const typed = spec.orders.some((n) => cw.fields.get(n) && cw.fields.get(n).input.value.trim());
    if (typed || this.board.inputsKey() !== aside.inputs) this.putAside = null;
  }

  bringBack() {
    const back = this.putAside;
    if (!back) return;
    this.putAside = null;
    if (back.orders) {
      this.board.ordersBack(back.orders);
      return;
    }
    // Its boxes come back, not their result: it is worked out again when the player asks (issue 23).
    this.fillBoxes(back.current, "the game's current phase", "Brought back the game of " +
      plural(back.phases.length, "phase") + " played, its orders in the boxes: their result must be worked out " +
      "again.");
    this.phases = back.phases;
    this.views = new Map();
    this.viewing = null;
    this.showPhase(null);
    this.board.files.save();
  }

  // A game read from a file (or kept in this browser, autosave.js): its phases, and its current boxes
  // (a file's already checked by the engine).
  load(phases, current, note, label = "the current phase", options = {}) {
    this.fillBoxes(current, label, note, options); // its note is the one status line (calc:message)
    this.phases = phases;
    this.views = new Map();
    this.putAside = null;
    this.showPhase(null);
  }
}
