// One calculator widget: a form made from the calculator's schema, the engine's result below it, its
// state in the address bar.
//
// Rules it keeps, so that whole classes of bug cannot happen:
// - Every value from the URL, a form, a file or a result is set as text (dom.js). Result HTML comes only
//   from the engine's presenter and is inserted only after the sanitiser (sanitiser.js).
// - What the fields show is what is computed: Load (a preset) and Continue fill the fields;
//   nothing else is ever sent to the engine. The engine checks every value and names the field.
// - A result that no longer matches the fields is marked as such (data-stale and a banner).
// - A widget writes the address bar only while it is on the page it belongs to (address.js).
//
// Add-ons (the board, board/board.js) use: w, schema, calc, root, form, fields, resultBox, params(),
// nameOf(), fill(), waitFor(), quiet(); and the events calc:filled, calc:continue, calc:message and
// calc:result on the widget's element.
import { parseState } from "../link-state.js";
import { restoreFromLink, WidgetAddress } from "./address.js";
import { has } from "./dom.js";
import { FieldErrors } from "./field-errors.js";
import { leadWith } from "./lead-button.js";
import { adoptEarlyForm, buildForm, showMore } from "./form.js";
import { RulingsPanel } from "./rulings.js";
import { SavedState } from "./saved-state.js";
import { samePrerendered, showAnswer, showStale } from "./result.js";
import { StatusLine } from "./status.js";

const REPLACING = new Set(["reset", "preset", "file"]); // runs after a step that replaced the fields

export class Widget {
  // services: {engine (engine.js), sanitiser (sanitiser.js), addressBar (navigation.js)}.
  constructor(widgetEl, schema, defaults, presets, services) {
    this.w = widgetEl;
    this.schema = schema;
    this.calc = schema.id;
    this.presets = presets;
    this.engine = services.engine;
    this.sanitiser = services.sanitiser;
    widgetEl.calcWidget = this; // for the tests and benchmarks (calculator/test-hooks.js)
    this.onRequest = !!(schema.run && schema.run.mode === "on_request");
    this.root = widgetEl.dataset.root || "";
    this.address = new WidgetAddress(widgetEl, this.calc, services.addressBar);
    this.schemaDefaults = new Map(schema.params.map((p) => [p.name, p.default]));
    this.pageDefaults = new Map(this.schemaDefaults);
    for (const [k, v] of Object.entries(defaults)) {
      if (this.schemaDefaults.has(k)) this.pageDefaults.set(k, v);
    }
    this.current = null; // the run whose result is awaited
    this.timer = null;
    this.lastResult = null;
    this.shownKey = null; // the fields the result shown is for
    this.lastChanged = null; // the field the player changed last
    this.waiting = null; // {label, from}: a phase filled in, waiting for the player's orders
    this.startMap = null; // a board's pre-rendered map, kept for the board while it opens waiting (start)
    this.resultBox = widgetEl.querySelector(".calc-result");
    const onChange = (name) => this.changed(name);
    const parts = adoptEarlyForm(widgetEl, onChange) || buildForm(widgetEl, schema, this.onRequest, onChange);
    for (const name of ["form", "fields", "presetSelect", "runBtn", "nextBtn", "cancelBtn", "progress", "banner",
      "formError", "linkBox", "importInput", "more"]) this[name] = parts[name];
    this.status = new StatusLine(widgetEl, this.engine, parts.formError);
    this.errors = new FieldErrors(this.fields, parts.formError);
    this.rulings = parts.rulings ? new RulingsPanel(this, parts.rulings, parts.compareBtn, services) : null;
    this.saved = new SavedState(this);
    this.wire(parts.bar);
  }

  wire(bar) {
    const on = (cls, fn) => bar.querySelector("." + cls).addEventListener("click", fn);
    this.form.addEventListener("input", (e) => {
      if (!e.target.dataset.preset) this.changed(this.nameOf(e.target));
    });
    this.form.addEventListener("change", (e) => {
      if (e.target.dataset.preset) this.loadPreset(e.target.value);
      else if (e.target.type === "checkbox" || e.target.tagName === "SELECT") this.changed(this.nameOf(e.target));
    });
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.compute("submit");
    });
    this.form.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.target.tagName !== "TEXTAREA") return;
      e.preventDefault();
      this.compute("submit");
    });
    this.nextBtn.addEventListener("click", () => this.continueToNext());
    this.cancelBtn.addEventListener("click", () => {
      if (this.current) this.engine.cancel(this.current.req);
    });
    on("calc-copy-link", () => this.saved.copyLink());
    on("calc-reset", () => this.reset());
    on("calc-save", () => this.saved.save());
    on("calc-restore", () => this.saved.restore());
    on("calc-export", () => this.saved.exportJson());
    on("calc-import", () => this.importInput.click());
    this.importInput.addEventListener("change", () => this.saved.importJson(this.importInput));
    this.onEngine = () => this.showEngine();
    this.engine.listeners.add(this.onEngine);
    leadWith(this);
  }

  // The parameter name of an input: "orders", or "attackers.1.range" for an item of a group.
  nameOf(input) {
    for (const [name, f] of this.fields) {
      if (f.group) {
        if (f.box.contains(input)) return f.nameOf(input);
      } else if (f.input === input) {
        return name;
      }
    }
    return null;
  }

  // -- values
  values() {
    return new Map(Array.from(this.fields, ([name, f]) => [name, f.get()]));
  }

  params() {
    return Object.fromEntries(this.values());
  }

  key() {
    return JSON.stringify(Array.from(this.values()));
  }

  // Fill the fields. replace: every field not given takes the calculator's own default.
  // Returns the names given that are not fields.
  fill(values, { replace } = {}) {
    const unknown = [];
    if (replace) {
      for (const [name, f] of this.fields) f.set(this.schemaDefaults.get(name));
    }
    for (const [name, v] of values instanceof Map ? values : Object.entries(values)) {
      const f = this.fields.get(name);
      if (f) f.set(v);
      else unknown.push(name);
    }
    this.showSections();
    this.w.dispatchEvent(new CustomEvent("calc:filled")); // the fields changed other than by typing
    return unknown;
  }

  // The folded sections' titles say what is set inside them.
  showSections() {
    if (this.more) showMore(this.more, this.schema.params, this.fields);
    if (!this.rulings) return;
    this.rulings.showSummary();
    this.rulings.markStale();
  }

  // -- the address bar
  writeHash(push) {
    this.address.write(this.values(), push);
  }

  link() {
    return this.address.link(this.values());
  }

  start() {
    this.showEngine();
    // The pre-rendered result is for the page's starting values.
    this.fill(this.pageDefaults, { replace: true });
    this.shownKey = this.key();
    const state = parseState(location.hash);
    const first = document.querySelector(`[data-calc="${CSS.escape(this.calc)}"]`); // a link is for the first
    if (state && state.calc === this.calc && first === this.w) {
      // Material may rebuild the page for Back or Forward: then this is the reader's own history.
      this.restoreFromLink(state.values, this.address.bar.poppedWithin(2000));
      return;
    }
    // A board's adjudicator works nothing out until the player presses its button (issue 23): the page
    // opens waiting for orders, with no result and no Continue (the board names the phase, nameWaiting).
    if (this.onRequest && this.schema.board) {
      // The pre-rendered map (the page's starting position) is kept for the board to show until its live
      // one is drawn (board/map.js placeholder): the board has its size and a map from its first frame.
      this.startMap = this.resultBox.querySelector("svg.dip-board");
      this.resultBox.replaceChildren();
      this.nextBtn.hidden = true;
      this.nextBtn.disabled = true;
      this.waiting = { label: "this phase", from: null, note: "" };
      this.showWaiting();
      return;
    }
    // The live result replaces the pre-rendered one as soon as the engine is up; the URL is
    // left alone until the reader changes something.
    this.compute("initial");
  }

  // A link's state ("#calc=..."): the reader's own, from history, or one opened.
  restoreFromLink(values, fromHistory) {
    restoreFromLink(this, values, fromHistory);
  }

  reset() {
    const note = "Reset to this page's starting values (the browser's Back brings back what you had).";
    this.lastChanged = null;
    if (this.onRequest && this.schema.board) {
      // A board's adjudicator waits for the player's orders (issue 23): nothing is worked out.
      this.errors.clear();
      this.waitFor(this.pageDefaults, "this phase", note);
      return;
    }
    this.fill(this.pageDefaults, { replace: true });
    this.waiting = null;
    this.note(note);
    this.compute("reset");
  }

  // -- presets (Load)
  presetValues(value) {
    if (!this.presets || typeof value !== "string" || !has(this.presets, value)) return null;
    const preset = this.presets[value];
    const params = has(preset, "params") && preset.params && typeof preset.params === "object" ? preset.params : {};
    return { label: String(preset.label), params };
  }

  loadPreset(value) {
    const ps = this.schema.presets;
    this.presetSelect.value = ps.none_value; // back to "your own input": from now on the fields are what counts
    if (value === ps.none_value) return;
    const preset = this.presetValues(value);
    if (!preset) return;
    this.fill(preset.params, { replace: true });
    this.note("Loaded " + preset.label + " into the fields.");
    this.compute("preset");
  }

  // -- Continue: fill the next state and wait for the player
  continueToNext() {
    const next = this.lastResult && this.lastResult.next;
    // The button stays where it is, disabled: a second tap lands on it, not on what would
    // slide into its place.
    this.nextBtn.disabled = true;
    if (!next || this.shownKey !== this.key()) return; // a second click, or the fields moved on: nothing to carry
    const label = String(next.label || "the next phase");
    this.nextBtn.textContent = "Continued to " + label;
    // The phase just played, for add-ons that keep a game's history (the board).
    const detail = { params: this.params(), result: this.lastResult };
    this.w.dispatchEvent(new CustomEvent("calc:continue", { detail }));
    this.lastResult = Object.assign({}, this.lastResult, { next: null });
    this.waitFor(next.params, label, "", { previous: true });
    // Ready to type the orders: the first empty box of several lines (else the button to press).
    // A board (board/board.js) takes the focus itself: a text box would open a phone's keyboard over the map.
    const board = this.w.calcBoard;
    if (board) {
      board.home().focus({ preventScroll: true });
      return;
    }
    const empty = Array.from(this.form.querySelectorAll("textarea")).find((t) => t.value.trim() === "");
    (empty || this.runBtn).focus({ preventScroll: false });
  }

  // Fill the fields with a phase to play and wait for the player's orders (Continue; the board's
  // game history). Nothing is worked out until the player asks.
  // previous: the result shown is the phase just played (Continue). Otherwise (a game from a file, a
  // phase played again) it belongs to other inputs: it is marked so, and its Continue goes away.
  // address: false leaves the address bar as it is (a game kept in this browser, brought back).
  waitFor(values, label, note, { previous = false, address = true } = {}) {
    // A run still under way is for the boxes replaced (the page's first run, when a kept game comes back).
    if (this.current) this.engine.cancel(this.current.req);
    this.current = null;
    this.fill(values, { replace: true });
    this.waiting = { label: String(label), from: previous ? this.lastResult : null, note };
    if (!previous) {
      this.nextBtn.hidden = true;
      this.nextBtn.disabled = true;
    }
    if (address) this.writeHash(true);
    this.showWaiting();
  }

  showWaiting(renamed = false) {
    this.setStale("waiting");
    this.w.dataset.state = "waiting";
    const note = this.waiting.note;
    const said = !this.banner.hidden; // over a result (Continue) the banner says it: once is enough (a new player)
    const text = [note, said ? "" : "Waiting for orders for " + this.waiting.label +
      ". Nothing is worked out until you press " + this.runBtn.textContent + "."].filter(Boolean).join(" ");
    if (!text) this.quiet();
    else if (renamed) this.status.retext(text);
    else this.note(text);
  }

  // The phase waited for, by the name an add-on knows it by (the board's phase), when the filler did not know it.
  nameWaiting(label) {
    if (!this.waiting || !label || this.waiting.label === label) return;
    this.waiting.label = String(label);
    this.showWaiting(true);
  }

  // -- a change by the player
  changed(name) {
    this.lastChanged = name;
    this.status.hideRefusal();
    this.showSections();
    this.w.classList.remove("calc-restored");
    this.address.later(() => this.values());
    this.render(); // the next result will need the sanitiser: fetched while the player types
    if (this.onRequest) {
      if (this.waiting) return;
      const stale = this.shownKey !== null && this.shownKey !== this.key();
      if (stale || this.shownKey === this.key()) {
        this.setStale(stale ? "edited" : null);
        this.w.dataset.state = stale ? "waiting" : "done";
        // Continue carries on from the result shown: not once the fields have left it (a tap did nothing).
        this.nextBtn.disabled = stale || !(this.lastResult && this.lastResult.next);
      }
      return;
    }
    if (this.engine.state !== "ready") this.setStale("starting");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute("input"), 120);
  }

  // -- running the engine
  async compute(why) {
    clearTimeout(this.timer);
    if (!this.w.isConnected) return;
    const key = this.key();
    // A link already holds its state; a step that replaced the fields gets its own history entry.
    if (why !== "initial" && why !== "link") this.writeHash(REPLACING.has(why));
    if (this.current) this.engine.cancel(this.current.req);
    // The live result for the fields the page's own result was worked out for: nothing to wait for or cancel,
    // so nothing appears (and nothing on the page moves) while it comes.
    const quiet = why === "initial" && this.shownKey === key;
    const job = this.engine.run(this.calc, this.params(), (v) => {
      if (quiet) return;
      this.progress.hidden = false;
      this.cancelBtn.hidden = false;
      this.progress.value = v;
    }, this.root);
    this.current = job;
    this.w.dataset.state = "running";
    this.nextBtn.disabled = true;
    if (this.shownKey !== key && this.engine.state !== "ready" && !this.waiting) this.setStale("starting");
    const slow = setTimeout(() => {
      if (this.current !== job || quiet) return;
      this.cancelBtn.hidden = false;
      if (this.engine.state === "ready") this.setStale("running");
    }, 400);
    // The sanitiser is fetched alongside, except for the page's own starting values: their live result is
    // most likely the pre-rendered one, kept as it is (result.js), and then no sanitiser is needed yet.
    const render = quiet ? null : this.render();
    let result;
    try {
      result = await job.promise;
    } finally {
      clearTimeout(slow);
    }
    if (this.current !== job || !this.w.isConnected) return; // superseded by a newer input, or the page is gone
    const same = quiet && samePrerendered(this, result);
    const clean = same ? null : await (render || this.render());
    if (this.current !== job || !this.w.isConnected) return;
    this.current = null;
    this.progress.hidden = true;
    this.cancelBtn.hidden = true;
    this.errors.clear();
    showAnswer(this, result, clean, key, same);
  }

  // The sanitising function (sanitiser.js), or null if it could not be had.
  render() {
    return this.sanitiser.load().catch(() => null);
  }

  // -- what the reader sees about the state
  showEngine() {
    // Instant navigation replaced the page: this widget is gone, so stop listening.
    if (!this.w.isConnected) {
      this.engine.listeners.delete(this.onEngine);
      clearTimeout(this.timer);
      return;
    }
    this.status.show();
  }

  note(text) {
    this.status.note(text);
  }

  refuse(text) {
    this.status.refuse(text);
  }

  // An add-on's message replaces the widget's.
  quiet() {
    this.status.quiet();
  }

  setStale(reason) {
    showStale(this.resultBox, this.banner, reason, { waiting: this.waiting, lastResult: this.lastResult,
      onRequest: this.onRequest, runLabel: this.runBtn.textContent });
  }

  // An error from the engine, on its field; the result shown, if any, is marked as for other inputs.
  showError(error) {
    this.errors.show(error, this.lastChanged);
    this.w.dataset.state = "error";
    if (this.shownKey !== null && this.shownKey !== this.key()) this.setStale("error");
  }
}
