// The click-to-order board: one component for every calculator whose schema names a board
// (calculators/core/board.py). It knows no game and no order kind: the options calculator the schema
// names lists every legal order with the clicks that choose it (the province clicked first, a mode,
// the provinces clicked after) and the box it is written in, checks the orders typed so far with the
// adjudicator's own checks, and draws the map (in Python, as every map of the site).
//
// Rules this file keeps (as widgets.js does):
// - The boxes are the one source of truth. A click writes an order into its box (and the box's own
//   input event runs, as if typed); typing redraws the map. The board never adjudicates.
// - Everything from the engine, a file or the page is set as text; the map's SVG comes from the engine
//   through the page's one sanitiser (DOMPurify, configured from the allow-list).
// - The legal orders are fetched once per position and phase; a click only looks them up.
// - Nothing is lost: a game put aside by Load or Reset can be brought back; a file that cannot be read
//   changes nothing and says why.
(function () {
  "use strict";
  if (window.martianBoard) return;

  const has = (obj, key) => obj !== null && typeof obj === "object" && Object.hasOwn(obj, key);
  const FORMAT = "martian-front-game";
  const MAX_FILE = 2000000;
  const MAX_PHASES = 1000;
  const STORE = "martian-front:game:";
  const provinceOf = (loc) => String(loc || "").split("/")[0];
  const sameParams = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  let uid = 0;

  function download(name, blob) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }
  // A node's text, written only when it changes (a write lays out the page, and with it every map, again).
  const setText = (node, text) => { if (node.textContent !== text) node.textContent = text; };
  const fileName = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "board";

  class Board {
    constructor(widgetEl) {
      const { el, button } = window.martianWidgets;
      this.el = el; this.button = button;
      this.widgetEl = widgetEl;
      this.cw = widgetEl.calcWidget;
      this.spec = this.cw.schema.board;
      this.id = "board-" + (++uid);
      this.options = null; // {key, phase, modes: Map, subjects: Map(key -> subject), order: [keys]}
      this.preview = null; // {key, typed}
      this.sel = null; // {key, mode, picks, keyboard}
      this.phases = []; // the game so far: [{label, params, summary}]
      this.viewing = null; // the index of a played phase shown, or null: the current one
      this.views = new Map(); // index -> the played phase's result (a DOM fragment), for this visit
      this.putAside = null; // {phases, current, why}: a game Load or Reset replaced, until brought back
      this.continuing = false;
      this.job = null; this.timer = null; this.version = 0;
      this.build();
      this.wire();
      this.restoreGame();
      this.refresh(true);
    }

    // ---- layout ---------------------------------------------------------------------------
    build() {
      const { el, button } = this;
      const id = this.id;
      this.phaseText = el("span", { class: "board-phase", id: id + "-phase" });
      this.prevBtn = button("board-prev", "◀ Earlier phase", { "aria-describedby": id + "-phase" });
      this.nextBtn = button("board-next", "Later phase ▶", { "aria-describedby": id + "-phase" });
      this.nowBtn = button("board-now", "Back to the current phase", { hidden: true });
      this.replayBtn = button("board-replay", "Play again from here", { hidden: true });
      this.importInput = el("input", { type: "file", accept: "application/json,.json", hidden: true, class: "board-import-file" });
      const files = el("div", { class: "board-files" },
        button("board-export", "Export game"), button("board-import", "Import game"), this.importInput,
        button("board-svg", "Map as SVG"), button("board-png", "Map as PNG"));
      this.bar = el("div", { class: "board-bar" }, this.phaseText, this.prevBtn, this.nextBtn, this.nowBtn, this.replayBtn);
      this.note = el("p", { class: "board-note", hidden: true });
      this.restoreBtn = button("board-restore", "Bring them back", { hidden: true });
      this.noteBox = el("div", { class: "board-note-box" }, this.note, this.restoreBtn);
      this.error = el("p", { class: "board-error", role: "alert", hidden: true });
      this.figure = el("figure", { class: "calc-chart board-map", "aria-describedby": id + "-help" },
        el("p", { class: "board-wait", text: "The board appears here once the engine has started." }));
      this.help = el("p", { class: "board-help", id: id + "-help",
        text: "Click a unit (or Tab to it and press Enter) to see its legal orders on the map and as buttons below; " +
          "click where it goes, and the order is written in the orders box. Escape cancels." });
      this.view = el("div", { class: "board-view", hidden: true });
      this.prompt = el("p", { class: "board-prompt", id: id + "-prompt", tabindex: "-1" });
      this.modes = el("div", { class: "board-modes", role: "group", "aria-label": "Kind of order" });
      this.hint = el("p", { class: "board-hint" });
      this.choices = el("div", { class: "board-choices", role: "group", "aria-labelledby": id + "-prompt" });
      this.cancelBtn = button("board-cancel", "Cancel (Esc)");
      this.menu = el("div", { class: "board-menu", hidden: true }, this.prompt, this.modes, this.hint, this.choices, this.cancelBtn);
      this.loose = el("div", { class: "board-loose", role: "group", "aria-label": "Orders without a unit", hidden: true });
      this.typedText = el("p", { class: "board-typed" });
      this.problems = el("ul", { class: "board-problems" });
      this.say = el("p", { class: "md-visually-hidden board-say", role: "status", "aria-live": "polite" });
      this.panel = el("section", { class: "calc-board", "aria-label": "Board: click to order", "data-board": this.spec.options },
        el("p", { class: "board-title", text: "Board" }), this.bar, this.noteBox, this.error, this.help, this.figure,
        this.view, this.menu, this.loose, this.typedText, this.problems, files, this.say);
      const first = this.cw.fields.get(this.spec.orders[0]);
      first.box.before(this.panel);
      this.showHistory();
    }

    wire() {
      const form = this.cw.form;
      const names = (e) => String(this.cw.nameOf(e.target) || "").split(".")[0];
      const typed = (e) => {
        const name = names(e);
        if (this.spec.orders.includes(name)) this.later(120);
        else if (this.spec.inputs.includes(name)) this.later(300);
      };
      form.addEventListener("input", typed);
      form.addEventListener("change", typed);
      // The board's own controls sit in the form but are not its fields.
      for (const type of ["input", "change"]) this.panel.addEventListener(type, (e) => e.stopPropagation());
      this.widgetEl.addEventListener("calc:filled", () => this.filled());
      this.widgetEl.addEventListener("calc:message", () => this.superseded());
      this.widgetEl.addEventListener("calc:continue", (e) => this.played(e.detail));
      this.figure.addEventListener("click", (e) => this.clicked(e));
      this.figure.addEventListener("keydown", (e) => this.key(e));
      this.menu.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); this.deselect(true); } });
      const on = (cls, fn) => this.panel.querySelector("." + cls).addEventListener("click", fn);
      on("board-cancel", () => this.deselect(true));
      on("board-prev", () => this.step(-1));
      on("board-next", () => this.step(1));
      on("board-now", () => this.showPhase(null));
      on("board-replay", () => this.replay());
      on("board-restore", () => this.bringBack());
      on("board-export", () => this.exportGame());
      on("board-import", () => this.importInput.click());
      on("board-svg", () => this.exportMap("svg"));
      on("board-png", () => this.exportMap("png"));
      this.importInput.addEventListener("change", () => this.importGame());
    }

    // ---- keeping up with the boxes ---------------------------------------------------------
    values(names) { const all = this.cw.params(); return Object.fromEntries(names.map((n) => [n, all[n]])); }
    inputsKey() { return JSON.stringify(this.values(this.spec.inputs)); }
    ordersKey() { return this.inputsKey() + JSON.stringify(this.values(this.spec.orders)); }
    later(ms) {
      clearTimeout(this.timer);
      this.setStale(true);
      this.panel.dataset.state = "updating";
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
      const engine = window.martianEngine;
      const version = ++this.version;
      const inputsKey = this.inputsKey(), ordersKey = this.ordersKey();
      const params = Object.assign(this.values(this.spec.inputs.concat(this.spec.orders)), { lists });
      if (this.job) engine.cancel(this.job.req);
      const job = engine.run(this.spec.options, params, null, this.cw.root);
      this.job = job;
      this.setStale(true);
      this.panel.dataset.state = "updating";
      const result = await job.promise;
      if (version !== this.version || !this.widgetEl.isConnected) return false;
      this.job = null;
      if (!result || !result.ok) {
        if (result && result.cancelled) return false;
        const message = (result && result.error && result.error.message) || "No answer from the engine.";
        this.fail("The map cannot show these boxes: " + message + (this.preview ? " The map shows the last position that could be read." : ""));
        this.panel.dataset.state = "error";
        return false;
      }
      const data = result.data || {};
      const chart = (result.charts || [])[0];
      let fresh;
      // Only the orders changed: only the orders layer goes through the sanitiser (a sixth of the map's nodes).
      const svgText = chart ? String(chart.svg || "") : "";
      try { fresh = await this.sanitised(!lists && this.svg() ? ordersLayer(svgText) : svgText); }
      catch (e) { this.fail("The map cannot be shown: the page's sanitiser did not load. Reload the page to try again."); return false; }
      if (version !== this.version || !this.widgetEl.isConnected) return false;
      this.error.hidden = true; this.error.textContent = ""; delete this.error.dataset.refused;
      if (lists) this.options = this.index(data, inputsKey);
      this.preview = { key: ordersKey, typed: Array.isArray(data.typed) ? data.typed : [] };
      if (fresh) this.draw(fresh, !lists);
      this.setStale(false);
      this.showTyped();
      this.showLoose();
      this.highlight();
      if (this.sel && !this.options.subjects.has(this.sel.key)) this.deselect(false);
      else if (this.sel) this.showMenu();
      this.showHistory();
      this.panel.dataset.state = "ready";
      this.panel.dataset.phase = this.options.phase;
      this.panel.dispatchEvent(new CustomEvent("board:drawn", { bubbles: true }));
      return true;
    }

    fail(message) {
      this.error.textContent = message; delete this.error.dataset.refused;
      this.error.hidden = false;
      if (this.preview) { this.setStale(true); this.figure.dataset.stale = "1"; }
    }

    // The map is marked stale (dimmed) only when a redraw takes over a quarter second: a quick one (most
    // are) would flicker, and each change of the mark lays out every map of the page again.
    setStale(on) {
      this.stale = on;
      clearTimeout(this.staleTimer);
      if (on) this.staleTimer = setTimeout(() => { if (this.stale) this.figure.dataset.stale = "1"; }, 250);
      else if (this.figure.dataset.stale) delete this.figure.dataset.stale;
    }

    // The legal orders by what is clicked first: a unit's province, a centre to build in, or (for an
    // order with no place, such as a waive) the power.
    index(data, key) {
      const modes = new Map();
      for (const m of Array.isArray(data.modes) ? data.modes : []) modes.set(String(m.id), { label: String(m.label), hint: String(m.hint || "") });
      const subjects = new Map();
      for (const row of Array.isArray(data.options) ? data.options : []) {
        const orders = Array.isArray(row.orders) ? row.orders : [];
        const choices = Array.isArray(row.choices) ? row.choices : [];
        orders.forEach((order, i) => {
          const c = choices[i] || {};
          const at = typeof c.at === "string" ? c.at : null;
          const key = at || "@" + String(row.power);
          if (!subjects.has(key)) {
            const label = row.unit ? String(row.power) + ": " + String(row.unit) : String(c.subject || row.power);
            subjects.set(key, { key, at, label, power: String(row.power), choices: [] });
          }
          const text = String(order);
          const line = row.bare ? text.slice(text.indexOf(": ") + 2) : text;
          subjects.get(key).choices.push({ order: text, line, field: String(row.field), mode: String(c.mode || "hold"),
            path: Array.isArray(c.path) ? c.path.map(String) : [], anyOrder: !!c.any_order });
        });
      }
      return { key, phase: String(data.phase || ""), modes, subjects };
    }

    // ---- the map ---------------------------------------------------------------------------
    async sanitised(svgText) {
      const fragment = await window.martianWidgets.sanitise(svgText);
      const fresh = fragment.querySelector ? fragment.querySelector("svg") : null;
      if (fresh) uniqueIds(fresh, this.id + "-"); // two maps on a page never share an arrow head's id
      return fresh;
    }

    draw(fresh, sameInputs) {
      const wait = this.figure.querySelector(".board-wait");
      if (wait) wait.remove();
      const old = this.figure.querySelector("svg");
      if (sameInputs && old) {
        // Only the orders changed: swap the orders layer (and the arrow heads), so that the units keep the focus.
        for (const sel of ["defs", "g.orders"]) {
          const a = old.querySelector(sel), b = fresh.querySelector(sel);
          if (a && b) a.replaceWith(b);
        }
        old.setAttribute("aria-label", fresh.getAttribute("aria-label") || "");
        const t = old.querySelector("title"), nt = fresh.querySelector("title");
        if (t && nt) t.textContent = nt.textContent;
      } else {
        const focused = old && old.contains(document.activeElement) ? document.activeElement.getAttribute("data-unit") : null;
        if (old) old.replaceWith(fresh); else this.figure.append(fresh);
        this.decorate(fresh);
        if (focused) { const again = fresh.querySelector(`[data-unit="${CSS.escape(focused)}"][tabindex]`); if (again) again.focus({ preventScroll: true }); }
      }
    }

    // What can be clicked takes the focus, with a name that says what it does.
    decorate(svg) {
      svg.setAttribute("role", "group"); // an image's parts cannot take the focus
      svg.classList.add("board-live");
      const subjects = this.options ? this.options.subjects : new Map();
      const done = new Set();
      // A dislodged unit, not the one that took its place, is the one that retreats.
      for (const u of [...svg.querySelectorAll("[data-unit].dislodged"), ...svg.querySelectorAll("[data-unit]")]) {
        const key = provinceOf(u.getAttribute("data-unit"));
        const s = subjects.get(key);
        if (!s || done.has(key) || u.classList.contains("built")) continue;
        done.add(key);
        this.clickable(u, s);
      }
      for (const [key, s] of subjects) {
        if (done.has(key) || !s.at) continue;
        const p = svg.querySelector(`path.prov[data-province="${CSS.escape(key)}"]`);
        if (p) { done.add(key); this.clickable(p, s); }
      }
    }
    clickable(node, s) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", s.label + ": choose an order");
      node.classList.add("orderable");
    }

    svg() { return this.figure.querySelector("svg"); }
    focusable(key) {
      const svg = this.svg();
      const k = CSS.escape(key);
      return svg ? svg.querySelector(`.orderable[data-unit="${k}"], .orderable[data-unit^="${k}/"], path.orderable[data-province="${k}"]`) : null;
    }

    // The highlight: the chosen unit, and every province the next click may choose.
    highlight() {
      const svg = this.svg();
      if (!svg) return;
      for (const n of svg.querySelectorAll(".option, .selected")) n.classList.remove("option", "selected");
      svg.classList.toggle("choosing", !!this.sel);
      if (!this.sel) return;
      const next = this.nextClicks();
      for (const p of svg.querySelectorAll("path.prov[data-province]")) {
        const key = p.getAttribute("data-province");
        if (next.has(key)) p.classList.add("option");
        if (key === this.sel.key) p.classList.add("selected");
      }
      const chosen = this.focusable(this.sel.key);
      if (chosen) chosen.classList.add("selected");
      for (const u of svg.querySelectorAll("[data-unit]")) {
        if (next.has(provinceOf(u.getAttribute("data-unit"))) && !u.classList.contains("built")) u.classList.add("option");
      }
    }

    // ---- choosing an order -------------------------------------------------------------------
    subject() { return this.sel && this.options ? this.options.subjects.get(this.sel.key) : null; }
    matches(c, picks) {
      if (c.mode !== this.sel.mode) return false;
      if (c.anyOrder) return picks.every((p) => c.path.includes(p)) && new Set(picks).size === picks.length;
      return picks.every((p, i) => c.path[i] === p);
    }
    candidates(picks) { const s = this.subject(); return s ? s.choices.filter((c) => this.matches(c, picks || this.sel.picks)) : []; }
    nextClicks() {
      const out = new Set();
      const picks = this.sel.picks;
      for (const c of this.candidates()) {
        if (c.anyOrder) c.path.forEach((p) => { if (!picks.includes(p)) out.add(p); });
        else if (c.path.length > picks.length) out.add(c.path[picks.length]);
      }
      return out;
    }

    select(key, keyboard) {
      const s = this.options && this.options.subjects.get(key);
      if (!s) return;
      const present = [...new Set(s.choices.map((c) => c.mode))];
      const order = [...this.options.modes.keys()];
      present.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      const withPath = present.find((m) => s.choices.some((c) => c.mode === m && c.path.length));
      this.sel = { key, mode: withPath || present[0], picks: [], keyboard: !!keyboard, present };
      this.showMenu();
      this.highlight();
      const counts = present.map((m) => { const n = s.choices.filter((c) => c.mode === m).length; return n + " " + this.modeLabel(m).toLowerCase(); });
      this.announce(s.label + " chosen: " + counts.join(", ") + ". " + this.modeHint(this.sel.mode));
      if (keyboard) (this.choices.querySelector("button") || this.modes.querySelector("button") || this.prompt).focus();
    }

    deselect(returnFocus) {
      const key = this.sel && this.sel.key, keyboard = this.sel && this.sel.keyboard;
      this.sel = null;
      this.menu.hidden = true;
      this.highlight();
      if (returnFocus && key) {
        this.announce("Nothing chosen.");
        if (keyboard || this.menu.contains(document.activeElement) || document.activeElement === document.body) {
          const node = this.focusable(key);
          if (node) node.focus({ preventScroll: true });
        }
      }
    }

    modeLabel(m) { const x = this.options.modes.get(m); return x ? x.label : m; }
    modeHint(m) { const x = this.options.modes.get(m); return x ? x.hint : ""; }

    setMode(mode) {
      const s = this.subject();
      if (!s) return;
      this.sel.mode = mode; this.sel.picks = [];
      const all = s.choices.filter((c) => c.mode === mode);
      if (all.length === 1 && !all[0].path.length) { this.write(s, all[0]); return; }
      const inMenu = this.menu.contains(document.activeElement);
      this.showMenu();
      this.highlight();
      // The mode buttons were made again: the keyboard stays on the one just pressed.
      if (inMenu) { const b = this.modes.querySelector(`[data-mode="${CSS.escape(mode)}"]`); if (b) b.focus(); }
      this.announce(this.modeLabel(mode) + ": " + all.length + " order" + (all.length === 1 ? "" : "s") + ". " + this.modeHint(mode));
    }

    showMenu() {
      const s = this.subject();
      if (!s) { this.menu.hidden = true; return; }
      const { button } = this;
      this.menu.hidden = false;
      const picks = this.sel.picks.length ? " (after " + this.sel.picks.map((p) => p.toUpperCase()).join(", ") + ")" : "";
      this.prompt.textContent = s.label + ": " + this.modeLabel(this.sel.mode) + picks;
      this.modes.replaceChildren(...this.sel.present.map((m) => {
        const b = button("board-mode", this.modeLabel(m), { "aria-pressed": m === this.sel.mode ? "true" : "false", "data-mode": m });
        b.addEventListener("click", () => this.setMode(m));
        return b;
      }));
      this.hint.textContent = this.modeHint(this.sel.mode);
      const list = this.candidates();
      this.choices.replaceChildren(...list.map((c) => {
        const b = button("board-choice", c.line, { "data-order": c.order });
        b.addEventListener("click", () => this.write(s, c));
        return b;
      }));
    }

    // A province was clicked (or a unit on it): the next step of the order being chosen, or a new unit.
    pick(key, keyboard) {
      if (this.viewing !== null || !this.options) return;
      if (!this.sel) { if (this.options.subjects.has(key)) this.select(key, keyboard); return; }
      if (this.nextClicks().has(key)) {
        const picks = this.sel.picks.concat([key]);
        const left = this.candidates(picks);
        if (left.length === 1) {
          this.write(this.subject(), left[0]);
          return;
        }
        this.sel.picks = picks;
        this.showMenu();
        this.highlight();
        const more = this.nextClicks().size;
        this.announce(key.toUpperCase() + " chosen: " + left.length + " order" + (left.length === 1 ? "" : "s") + " left" + (more ? "; click the next place." : "; choose one below."));
        return;
      }
      if (key === this.sel.key) { this.deselect(true); return; }
      if (this.options.subjects.has(key)) { this.select(key, keyboard); return; }
      this.announce(key.toUpperCase() + " is not a place this order can name. " + this.modeHint(this.sel.mode));
    }
    clicked(e) {
      const target = e.target.closest("[data-unit], [data-province]");
      if (!target || !this.figure.contains(target)) return;
      const key = provinceOf(target.getAttribute("data-unit") || target.getAttribute("data-province"));
      this.pick(key, e.detail === 0);
    }
    key(e) {
      if (e.key === "Escape" && this.sel) { e.preventDefault(); this.deselect(true); return; }
      if (e.key !== "Enter" && e.key !== " ") return;
      const target = e.target.closest("[data-unit], [data-province]");
      if (!target || !target.hasAttribute("tabindex") || target.tagName === "svg") return;
      e.preventDefault();
      this.pick(provinceOf(target.getAttribute("data-unit") || target.getAttribute("data-province")), true);
    }

    // ---- writing an order into its box -----------------------------------------------------------
    async write(s, choice) {
      const keyboard = this.sel && this.sel.keyboard;
      const field = this.cw.fields.get(choice.field);
      if (!field) return;
      // Where the unit's old order stands comes from the check of the boxes as they are now.
      if (!this.preview || this.preview.key !== this.ordersKey()) await this.refresh();
      const typed = this.preview ? this.preview.typed : [];
      field.input.value = rewrite(field.input.value, typed, choice.field, s.at, choice.line);
      field.input.dispatchEvent(new Event("input", { bubbles: true })); // the widget sees it as typed
      this.sel = null;
      this.menu.hidden = true;
      this.highlight();
      this.announce("Written in " + field.label + ": " + choice.order + ".");
      await this.refresh();
      if (keyboard) { const node = this.focusable(s.key); if (node) node.focus({ preventScroll: true }); }
    }

    announce(text) { this.say.textContent = ""; requestAnimationFrame(() => { this.say.textContent = text; }); }

    // ---- what the boxes hold, as text -----------------------------------------------------------
    showTyped() {
      const typed = this.preview ? this.preview.typed : [];
      const n = { accepted: 0, illegal: 0, unreadable: 0 };
      typed.forEach((t) => { if (has(n, t.status)) n[t.status] += 1; });
      const phase = this.options ? this.options.phase + ": " : "";
      setText(this.typedText, phase + (typed.length
        ? typed.length + " order" + (typed.length === 1 ? "" : "s") + " typed, " + n.accepted + " accepted" +
          (n.illegal ? ", " + n.illegal + " illegal" : "") + (n.unreadable ? ", " + n.unreadable + " unreadable" : "") +
          " (checked, not yet adjudicated)."
        : "no orders typed yet (a unit without an order holds)."));
      // Only what changed is written: any change of text here lays out the maps again.
      const problems = typed.filter((t) => t.status !== "accepted").map((t) => String(t.own) + ": " + String(t.status) + " (" + String(t.reason) + ")");
      if (problems.join("\n") !== [...this.problems.children].map((li) => li.textContent).join("\n")) {
        this.problems.replaceChildren(...problems.map((text) => this.el("li", { text })));
      }
    }
    // Orders that name no place (a waive): buttons of their own.
    showLoose() {
      const loose = this.options ? [...this.options.subjects.values()].filter((s) => !s.at) : [];
      if (this.looseFor === this.options) return;
      this.looseFor = this.options;
      this.loose.hidden = !loose.length;
      this.loose.replaceChildren(...loose.flatMap((s) => s.choices.map((c) => {
        const b = this.button("board-choice", c.order, { "data-order": c.order });
        b.addEventListener("click", () => this.write(s, c));
        return b;
      })));
    }

    // ---- the game so far --------------------------------------------------------------------------
    played(detail) {
      if (!detail || !detail.params) return;
      const i = this.phases.length;
      const summary = detail.result && typeof detail.result.summary === "string" ? detail.result.summary : "";
      const known = this.options && this.options.key === JSON.stringify(Object.fromEntries(this.spec.inputs.map((n) => [n, detail.params[n]])));
      this.phases.push({ label: known ? this.options.phase : "", params: detail.params, summary });
      this.views.set(i, this.keep(this.cw.resultBox.cloneNode(true), i));
      this.continuing = true;
      this.putAside = null; this.noteText = "";
      if (this.viewing !== null) this.showPhase(null);
      this.saveGame();
    }
    filled() {
      if (this.continuing) { this.continuing = false; }
      else if (!this.restoring && this.phases.length) {
        // Load, Reset, a link or a file replaced the boxes: a new game. The old one is kept to bring back.
        this.putAside = { phases: this.phases, current: this.seen, why: "The boxes were replaced" };
        this.phases = []; this.views = new Map();
        if (this.viewing !== null) this.showPhase(null);
      }
      this.refresh(true);
      this.showHistory();
      this.saveGame();
    }

    showHistory() {
      const n = this.phases.length;
      const v = this.viewing;
      const now = this.options ? this.options.phase : "";
      setText(this.phaseText, v === null
        ? (now ? now + " (the boxes below)" : "The boxes below") + (n ? " · " + n + " phase" + (n === 1 ? "" : "s") + " played" : "")
        : (this.phases[v].label || "Phase " + (v + 1)) + " · played, " + (v + 1) + " of " + n);
      this.prevBtn.disabled = n === 0 || v === 0;
      this.nextBtn.disabled = v === null;
      this.nowBtn.hidden = v === null;
      this.replayBtn.hidden = v === null;
      if (this.putAside) {
        const k = this.putAside.phases.length;
        setText(this.note, this.putAside.why + ": the game of " + k + " phase" + (k === 1 ? "" : "s") + " played before is put aside.");
        this.note.hidden = false; this.restoreBtn.hidden = false;
      } else if (!this.noteText) { this.note.hidden = true; this.restoreBtn.hidden = true; }
      else { setText(this.note, this.noteText); this.note.hidden = false; this.restoreBtn.hidden = true; }
      this.seen = this.cw.params();
    }
    // One status line at a time, the board's or the widget's: the newest replaces the others.
    tell(text) { this.cw.quiet(); this.hideRefusal(); this.noteText = text; this.putAside = null; this.showHistory(); this.announce(text); }
    superseded() { this.hideRefusal(); this.noteText = ""; this.showHistory(); }
    hideRefusal() {
      if (!this.error.dataset.refused) return;
      delete this.error.dataset.refused; this.error.hidden = true; this.error.textContent = "";
    }

    step(delta) {
      const n = this.phases.length;
      if (!n) return;
      const v = this.viewing === null ? n : this.viewing;
      const next = v + delta;
      this.showPhase(next >= n ? null : Math.max(0, next));
    }

    async showPhase(i) {
      this.viewing = i;
      this.deselect(false);
      const live = i === null;
      this.figure.hidden = !live; this.help.hidden = !live; this.typedText.hidden = !live; this.problems.hidden = !live;
      this.loose.hidden = !live || !this.options || ![...this.options.subjects.values()].some((s) => !s.at);
      this.view.hidden = live;
      this.showHistory();
      if (live) { this.announce("The current phase: " + this.phaseText.textContent); return; }
      const label = this.phases[i].label || "Phase " + (i + 1);
      this.announce("Showing " + label + ", played: its map, orders and results.");
      let shown = this.views.get(i);
      if (!shown) {
        this.view.replaceChildren(this.el("p", { class: "board-help", text: "Working out " + label + " again…" }));
        shown = await this.rerun(this.phases[i]);
        if (typeof shown !== "string") this.views.set(i, this.keep(shown, i));
      }
      if (this.viewing !== i) return;
      if (typeof shown === "string") {
        this.view.replaceChildren(this.el("p", { class: "board-error", role: "alert", text: "This phase cannot be worked out again: " + shown }));
        return;
      }
      this.view.replaceChildren(shown.cloneNode(true));
      this.panel.dispatchEvent(new CustomEvent("board:drawn", { bubbles: true }));
    }

    // A played phase's result as kept for the history: no live region, ids of its own, nothing stale.
    keep(box, i) {
      box.removeAttribute("aria-live");
      delete box.dataset.stale;
      uniqueIds(box, this.id + "-p" + i + "-");
      return box;
    }

    // A played phase's result, worked out again by the widget's own calculator (for a game from a file).
    // A result that no longer matches the one recorded (a file edited by hand, an engine changed since)
    // is shown as worked out now, and marked.
    // Returns the result's box, or what went wrong (text).
    async rerun(phase) {
      const job = window.martianEngine.run(this.cw.calc, phase.params, null, this.cw.root);
      const result = await job.promise;
      if (!result || !result.ok) {
        const error = (result && result.error) || {};
        const field = error.field && this.cw.fields.get(String(error.field));
        return (field ? field.label + ": " : "") + String(error.message || "no answer from the engine.");
      }
      const html = window.martianWidgets.html(result);
      if (typeof html !== "string") return "the engine's answer has no result to show.";
      const box = this.el("div", { class: "calc-result" });
      const now = typeof result.summary === "string" ? result.summary : "";
      if (phase.summary && now !== phase.summary) {
        box.dataset.differs = "1";
        box.append(this.el("p", { class: "board-error board-differs", role: "note",
          text: "This result differs from the one recorded for this phase (“" + phase.summary.slice(0, 300) +
            "”): the orders worked out again give the result below." }));
      }
      box.append(await window.martianWidgets.sanitise(html));
      return box;
    }

    // Play a phase again: its boxes come back; the phases after it are put aside (they can be brought back).
    replay() {
      const i = this.viewing;
      if (i === null) return;
      const entry = this.phases[i];
      const later = this.phases;
      this.restoring = true;
      this.cw.waitFor(entry.params, entry.label || "the phase", "Playing " + (entry.label || "the phase") + " again.");
      this.restoring = false;
      this.putAside = { phases: later, current: this.seen, why: "Playing " + (entry.label || "a phase") + " again" };
      this.phases = later.slice(0, i);
      this.views = new Map([...this.views].filter(([k]) => k < i));
      this.showPhase(null);
      this.saveGame();
    }

    bringBack() {
      const back = this.putAside;
      if (!back) return;
      this.putAside = null;
      this.restoring = true;
      this.cw.waitFor(back.current, "the game's current phase", "Brought back the game of " + back.phases.length + " phases.");
      this.restoring = false;
      this.phases = back.phases; this.views = new Map(); this.viewing = null;
      this.showPhase(null);
      this.saveGame();
    }

    // ---- files -----------------------------------------------------------------------------
    gameDoc() {
      return { format: FORMAT, version: 1, calculator: this.cw.calc,
        phases: this.phases.map((p) => ({ label: p.label, params: p.params, summary: p.summary })), current: this.cw.params() };
    }
    exportGame() {
      const text = JSON.stringify(this.gameDoc(), null, 1) + "\n";
      download(this.cw.calc + "-game.json", new Blob([text], { type: "application/json" }));
      this.tell("Exported the game: " + this.phases.length + " phase" + (this.phases.length === 1 ? "" : "s") + " played and the boxes as they are.");
    }
    async importGame() {
      const file = this.importInput.files && this.importInput.files[0];
      this.importInput.value = "";
      if (!file) return;
      if (file.size > MAX_FILE) { this.refuse("The game was not loaded: that file is too large to be a saved game (at most 2 MB)."); return; }
      const problem = this.applyGame(await file.text());
      if (problem) this.refuse("The game was not loaded: " + problem);
    }
    refuse(message) {
      this.cw.quiet(); this.noteText = ""; this.showHistory();
      this.error.textContent = message; this.error.hidden = false; this.error.dataset.refused = "1";
    }

    // A game file: {format, version, calculator, phases: [{label, params, summary}], current}. Checked
    // whole before anything changes; returns what is wrong, or "" once loaded.
    applyGame(text) {
      let doc;
      try { doc = JSON.parse(text); } catch (e) { return "it is not JSON."; }
      if (!doc || typeof doc !== "object" || Array.isArray(doc) || doc.format !== FORMAT) return "it is not a game file (its “format” is not " + FORMAT + ").";
      if (doc.version !== 1) return "it is a game file of a version this page does not read.";
      if (doc.calculator !== this.cw.calc) return "it is a game of " + (typeof doc.calculator === "string" ? "“" + doc.calculator.slice(0, 40) + "”" : "no calculator") + ", not of this one (" + this.cw.calc + ").";
      if (!Array.isArray(doc.phases) || doc.phases.length > MAX_PHASES) return "its “phases” must be a list of at most " + MAX_PHASES + ".";
      const phases = [];
      for (let i = 0; i < doc.phases.length; i++) {
        const p = doc.phases[i];
        if (!p || typeof p !== "object" || Array.isArray(p)) return "phase " + (i + 1) + " is not a record.";
        const params = this.checkParams(p.params, "phase " + (i + 1));
        if (typeof params === "string") return params;
        if (typeof p.label !== "string" || typeof p.summary !== "string") return "phase " + (i + 1) + " needs a “label” and a “summary” (text).";
        phases.push({ label: p.label, params, summary: p.summary });
      }
      const current = this.checkParams(doc.current, "the current phase");
      if (typeof current === "string") return current;
      const loaded = "Loaded the game from the file: " + phases.length + " phase" + (phases.length === 1 ? "" : "s") + " played; the boxes hold the phase to play next.";
      this.restoring = true;
      this.cw.waitFor(current, "the current phase", loaded); // its note is the one status line (calc:message)
      this.restoring = false;
      this.phases = phases; this.views = new Map(); this.putAside = null;
      this.showPhase(null);
      this.announce(loaded);
      this.saveGame();
      return "";
    }
    checkParams(params, where) {
      if (!params || typeof params !== "object" || Array.isArray(params)) return where + ": its “params” must be a record of field: value.";
      const out = {};
      for (const [name, v] of Object.entries(params)) {
        const f = this.cw.fields.get(name);
        if (!f) return where + ": “" + name.slice(0, 30) + "” is not a field of this calculator.";
        const wrong = valueProblem(f, v);
        if (wrong) return where + ": the value of “" + (f.label || name) + "” " + wrong + ".";
        out[name] = v;
      }
      return out;
    }

    // The game survives a reload and Material's instant navigation (in this tab only).
    storeKey() { return STORE + this.cw.calc + ":" + location.pathname; }
    saveGame() {
      try {
        if (this.phases.length) sessionStorage.setItem(this.storeKey(), JSON.stringify(this.gameDoc()));
        else sessionStorage.removeItem(this.storeKey());
      } catch (e) { /* storage blocked: the game lives as long as the page */ }
    }
    restoreGame() {
      let doc = null;
      try { doc = JSON.parse(sessionStorage.getItem(this.storeKey()) || "null"); } catch (e) { doc = null; }
      if (!doc || !Array.isArray(doc.phases) || !sameParams(doc.current, this.cw.params())) return;
      const phases = doc.phases.map((p) => ({ label: String(p.label || ""), params: this.checkParams(p.params, ""), summary: String(p.summary || "") }));
      if (phases.some((p) => typeof p.params === "string")) return;
      this.phases = phases;
      this.noteText = "The game of " + phases.length + " phase" + (phases.length === 1 ? "" : "s") + " played so far is back (kept in this tab).";
    }

    // ---- the map as a file: SVG, or PNG drawn in the page ------------------------------------------
    mapSvg() {
      const live = this.viewing === null ? this.svg() : this.view.querySelector("svg.dip-board");
      if (!live) return null;
      const copy = live.cloneNode(true);
      copy.classList.remove("choosing", "board-live", "calc-map");
      for (const n of copy.querySelectorAll(".option, .selected, .orderable")) n.classList.remove("option", "selected", "orderable");
      for (const n of copy.querySelectorAll("[tabindex]")) { n.removeAttribute("tabindex"); }
      for (const n of copy.querySelectorAll("[role=button]")) { n.removeAttribute("role"); n.removeAttribute("aria-label"); }
      copy.setAttribute("role", "img");
      copy.removeAttribute("tabindex");
      const [, , w, h] = (copy.getAttribute("viewBox") || "0 0 1000 1000").split(/\s+/).map(Number);
      copy.setAttribute("width", String(w)); copy.setAttribute("height", String(h));
      const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
      style.textContent = boardCss(live);
      copy.insertBefore(style, copy.firstChild);
      return { text: '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy), w, h };
    }
    async exportMap(kind) {
      const map = this.mapSvg();
      if (!map) { this.refuse("There is no map to export yet."); return; }
      const label = this.viewing === null ? (this.options ? this.options.phase : "board") : this.phases[this.viewing].label;
      const name = fileName(this.cw.calc + " " + label);
      const svgBlob = new Blob([map.text], { type: "image/svg+xml" });
      if (kind === "svg") { download(name + ".svg", svgBlob); this.tell("Exported the map as SVG."); return; }
      const url = URL.createObjectURL(svgBlob);
      try {
        const img = new Image();
        img.src = url;
        await img.decode();
        const scale = 2;
        const canvas = document.createElement("canvas");
        canvas.width = map.w * scale; canvas.height = map.h * scale;
        canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
        const png = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
        if (!png) throw new Error("the browser made no PNG");
        download(name + ".png", png);
        this.tell("Exported the map as PNG (" + canvas.width + " × " + canvas.height + " pixels).");
      } catch (e) {
        this.refuse("the PNG could not be drawn (" + (e && e.message || e) + "); Map as SVG still works.");
      } finally { URL.revokeObjectURL(url); }
    }
  }

  // What is wrong with a value from a file for a field, by the field's schema ("" when nothing is): the
  // kinds of value the form itself gives (Export writes what the form gives).
  function valueProblem(f, v) {
    const p = f.p || {};
    if (f.group) return Array.isArray(v) && v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x)) ? "" : "is not a list of records";
    if (p.type === "bool") return typeof v === "boolean" ? "" : "is not true or false";
    if (v !== null && !["string", "number"].includes(typeof v)) return "is not a text or a number";
    const text = v === null ? "" : String(v);
    if (p.type === "choice" && !(p.choices || []).some((c) => String(c.value) === text)) return "is not one of its choices";
    if (p.type === "int" && text.trim() !== "" && !/^\s*-?\d+\s*$/.test(text)) return "is not a whole number";
    const max = p.max_length || (p.type === "text" ? 2000 : 0);
    if (max && text.length > max) return "is longer than " + max + " characters";
    return "";
  }

  // The board's stylesheet for a map that leaves the page: its rules (board.css) and its palette's
  // colours as the page shows them now (light or dark).
  function boardCss(svg) {
    const rules = [];
    for (const sheet of document.styleSheets) {
      let list;
      try { list = sheet.cssRules; } catch (e) { continue; }
      if (!sheet.href || !/board\.css(\?|$)/.test(sheet.href)) continue;
      for (const r of list) if (r.selectorText && /^\.dip-board\s/.test(r.selectorText)) rules.push(r.cssText);
    }
    const computed = getComputedStyle(svg);
    const vars = [];
    for (const name of computed) if (name.startsWith("--dip-")) vars.push(name + ":" + computed.getPropertyValue(name).trim());
    return "svg.dip-board{" + vars.join(";") + ";font-family:sans-serif}\n" + rules.join("\n");
  }

  // The parts of a map that change with the orders alone (see Board.draw), as SVG text: parsed in an inert
  // document (nothing in it runs), and still sanitised like any map before it reaches the page.
  function ordersLayer(svgText) {
    const root = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
    if (!root || root.localName !== "svg") return svgText;
    for (const child of [...root.children]) {
      const keep = ["title", "desc", "defs"].includes(child.localName) || (child.localName === "g" && child.classList.contains("orders"));
      if (!keep) child.remove();
    }
    return new XMLSerializer().serializeToString(root);
  }

  // Ids made unique within the page (an SVG's arrow heads, a table's headers), and every reference to them.
  function uniqueIds(root, prefix) {
    const ids = new Map();
    for (const n of root.querySelectorAll("[id]")) { ids.set(n.id, prefix + n.id); n.id = prefix + n.id; }
    if (!ids.size) return;
    const url = /url\(#([^)]+)\)/g;
    for (const n of root.querySelectorAll("*")) {
      for (const a of n.getAttributeNames()) {
        const v = n.getAttribute(a);
        if (v.includes("url(#")) n.setAttribute(a, v.replace(url, (m, id) => (ids.has(id) ? "url(#" + ids.get(id) + ")" : m)));
        else if (["aria-labelledby", "aria-describedby", "aria-controls", "headers", "for"].includes(a)) {
          n.setAttribute(a, v.split(/\s+/).map((id) => ids.get(id) || id).join(" "));
        } else if ((a === "href" || a === "xlink:href") && v.startsWith("#") && ids.has(v.slice(1))) n.setAttribute(a, "#" + ids.get(v.slice(1)));
      }
    }
  }

  // The orders box with one unit's order replaced (or added): the old order's line is rewritten in
  // place, each other order sharing that line moves to a line of its own (its power before it), and a
  // comment on the line is kept. ``typed`` is the engine's check of the box as it is now.
  function rewrite(text, typed, field, at, line) {
    const lines = text.split("\n");
    const mine = at === null ? [] : typed.filter((t) => t.field === field && t.at === at);
    if (!mine.length) {
      while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
      lines.push(line);
      return lines.join("\n");
    }
    const first = mine[0].line;
    const touched = [...new Set(mine.map((t) => t.line))].sort((a, b) => b - a);
    for (const n of touched) {
      if (n < 1 || n > lines.length) continue;
      const onLine = typed.filter((t) => t.field === field && t.line === n);
      const out = [];
      for (const t of onLine) {
        if (t.at !== at) out.push(String(t.own));
        else if (n === first && !out.includes(line)) out.push(line);
      }
      const comment = onLine.length ? String(onLine[0].comment || "") : "";
      if (comment) { if (out.length) out[out.length - 1] += " " + comment; else out.push(comment); }
      lines.splice(n - 1, 1, ...out);
    }
    return lines.join("\n");
  }

  function attach(widgetEl) {
    const cw = widgetEl.calcWidget;
    if (!cw || widgetEl.calcBoard || !cw.schema.board || !window.martianWidgets) return;
    const spec = cw.schema.board;
    if (!spec.orders.every((n) => cw.fields.has(n)) || !spec.inputs.every((n) => cw.fields.has(n))) return;
    widgetEl.calcBoard = new Board(widgetEl);
  }
  document.addEventListener("calc:ready", (e) => attach(e.target));
  document.querySelectorAll(".calc-widget[data-ready]").forEach(attach);
  window.martianBoard = { attach, rewrite }; // for tests and benchmarks
})();
