// Calculator widgets: a form generated from each calculator's parameter schema (so a new
// calculator needs no JavaScript), results from the engine, state in the URL.
//
// Rules this file keeps, so that whole classes of bug cannot happen:
// - Every value from the URL, a form, a file or a result is set as text (textContent, value,
//   setAttribute). Result HTML comes only from the engine's presenter and is inserted only after
//   DOMPurify, configured from the one allow-list (assets/engine/allowlist.json).
// - Names from a URL, a saved state, a file or a preset are looked up in Maps or with
//   Object.hasOwn, never as plain object keys ("constructor", "__proto__" are just unknown names).
// - What the fields show is what is computed: Load (a preset) and Continue fill the fields;
//   nothing else is ever sent to the engine.
// - A result that no longer matches the fields is marked as such (data-stale and a banner).
// - A widget writes the address bar only while it is on the page it belongs to.
(function () {
  "use strict";
  // Loaded once per tab (Material's instant navigation keeps it); guard against a second copy.
  if (window.martianEngine) return;

  const SCRIPT_URL = document.currentScript ? document.currentScript.src : new URL("assets/engine/widgets.js", location.href).href;
  const ENGINE_URL = new URL("./", SCRIPT_URL);
  const STORE = "martian-front:";
  const LINK_KEY = "calc";
  const has = (obj, key) => obj !== null && typeof obj === "object" && Object.hasOwn(obj, key);

  // ---- the one worker per tab ------------------------------------------------
  const htmlOf = new WeakMap(); // result object -> the presenter's HTML sent with it
  const engine = {
    worker: null,
    state: "idle", // idle | loading | ready | failed
    statusText: "",
    listeners: new Set(),
    pending: new Map(),
    nextReq: 1,
    sent: {}, // requests by calculator (for tests: a board's previews are not adjudications)
    start() {
      if (this.worker) return;
      this.state = "loading";
      this.statusText = "Loading the Python runtime…";
      const boot = window.__calcEngineBoot; // started from <head> by overrides/main.html
      window.__calcEngineBoot = null;
      this.worker = boot ? boot.worker : new Worker(new URL("worker.mjs", ENGINE_URL), { type: "module" });
      this.worker.onmessage = (e) => this.receive(e.data);
      if (boot) boot.early.forEach((msg) => this.receive(msg));
      this.worker.onerror = (e) => this.receive({ type: "failed", text: "The calculator engine could not start (" + (e.message || "worker error") + ")." });
      this.emit();
    },
    receive(msg) {
      if (msg.type === "status") { this.statusText = msg.text; this.emit(); }
      else if (msg.type === "ready") { this.state = "ready"; this.readyMs = msg.ms; this.statusText = ""; this.emit(); }
      else if (msg.type === "failed") {
        this.state = "failed"; this.statusText = msg.text; this.emit();
        for (const [, p] of this.pending) p.resolve({ ok: false, error: { field: null, message: msg.text } });
        this.pending.clear();
      } else if (msg.type === "progress") { const p = this.pending.get(msg.req); if (p && p.onProgress) p.onProgress(msg.value); }
      else if (msg.type === "result") {
        const p = this.pending.get(msg.req);
        if (!p) return;
        this.pending.delete(msg.req);
        if (msg.result && typeof msg.result === "object" && typeof msg.html === "string") htmlOf.set(msg.result, msg.html);
        p.resolve(msg.result);
      }
    },
    run(calc, params, onProgress, root) {
      this.start();
      const req = this.nextReq++;
      this.sent[calc] = (this.sent[calc] || 0) + 1;
      const promise = new Promise((resolve) => this.pending.set(req, { resolve, onProgress }));
      if (this.state === "failed") this.receive({ type: "failed", text: this.statusText });
      else this.worker.postMessage({ type: "run", req, calc, params, root: root || "" });
      return { req, promise };
    },
    cancel(req) { if (this.worker) this.worker.postMessage({ type: "cancel", req }); },
    emit() { for (const fn of this.listeners) fn(); },
  };
  window.martianEngine = engine; // for tests and benchmarks

  // ---- the sanitiser: DOMPurify, configured from the one allow-list ----------------
  let sanitiser = null;
  function loadSanitiser() {
    if (!sanitiser) sanitiser = fetch(new URL("allowlist.json", ENGINE_URL)).then((r) => r.json()).then(configureSanitiser);
    return sanitiser;
  }
  const LOCAL_URL = /url\(\s*#[\w.:-]+\s*\)/gi;
  function siteLink(value) { const v = value.trim(); return !/^[a-z][a-z0-9+.-]*:/i.test(v) && !v.startsWith("//") && !v.startsWith("\\"); }
  function configureSanitiser(list) {
    const purify = window.DOMPurify;
    if (!purify || !purify.isSupported) throw new Error("DOMPurify is not available");
    const config = {
      ALLOWED_TAGS: [...list.html_tags, ...list.svg_tags],
      ALLOWED_ATTR: [...list.global_attributes, ...list.html_attributes, ...list.svg_attributes],
      ALLOW_DATA_ATTR: true, ALLOW_ARIA_ATTR: true, ALLOW_UNKNOWN_PROTOCOLS: false, RETURN_DOM_FRAGMENT: true,
    };
    const svgTags = new Set(list.svg_tags);
    const htmlOnly = new Set(list.html_attributes);
    purify.addHook("uponSanitizeAttribute", (node, data) => {
      const name = data.attrName, value = String(data.attrValue || ""), tag = node.localName;
      let keep = true;
      if (name === "href" || name === "xlink:href") keep = tag === "use" ? value.startsWith("#") : tag === "a" && siteLink(value);
      else if (svgTags.has(tag) && htmlOnly.has(name)) keep = false;
      if (/url\(/i.test(value.replace(LOCAL_URL, ""))) keep = false;
      if (!keep) data.keepAttr = false;
    });
    return (html) => purify.sanitize(html, config);
  }

  // ---- DOM helpers -------------------------------------------------------------
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
  }
  const button = (cls, text, attrs) => el("button", Object.assign({ type: "button", class: "md-button " + cls, text }, attrs || {}));

  // ---- URL state ------------------------------------------------------------------
  // "#calc=<id>&<field>=<value>&..." names every field, so a link reproduces the form exactly;
  // a field the link leaves out takes the calculator's own default, as calculators.run() does.
  function parseState(hash) {
    const text = (hash || "").replace(/^#/, "");
    if (!text.startsWith(LINK_KEY + "=")) return null;
    let params;
    try { params = new URLSearchParams(text); } catch (e) { return null; }
    const values = new Map();
    for (const [k, v] of params) if (k !== LINK_KEY && !values.has(k)) values.set(k, v);
    return { calc: params.get(LINK_KEY), values };
  }
  function stateHash(calc, values) {
    const q = new URLSearchParams();
    q.set(LINK_KEY, calc);
    for (const [k, v] of values) q.set(k, v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));
    return "#" + q.toString();
  }
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
  // address's page, no replaceState is let through.
  const nativeReplace = history.replaceState;
  let contentPath = location.pathname; // the page whose content is on screen
  let poppedAt = -Infinity; // when the reader last went Back or Forward
  window.addEventListener("popstate", () => { poppedAt = performance.now(); });
  history.replaceState = function (data, unused, url) {
    if (location.pathname !== contentPath) return undefined;
    if (url !== undefined && url !== null && parseState(location.hash)) {
      try {
        const next = new URL(String(url), location.href);
        if (next.pathname === location.pathname && next.search === location.search && !parseState(next.hash)) url = location.href;
      } catch (e) { /* an invalid URL: let the browser refuse it as it would */ }
    }
    return nativeReplace.call(history, data, unused, url);
  };

  // ---- fields, from the schema -------------------------------------------------------
  function paramLabel(p) { return p.label + (p.unit ? " (" + p.unit + ")" : ""); }
  // One input for a scalar parameter (int, bool, choice, text, int_list): its element, how to
  // read and set its value, and where its error goes.
  function scalarField(id, p) {
    let input;
    if (p.type === "bool") input = el("input", { type: "checkbox", id, name: p.name });
    else if (p.type === "choice") {
      input = el("select", { id, name: p.name });
      for (const c of p.choices) input.append(el("option", { value: c.value, text: c.label }));
    } else if (p.type === "text" && p.multiline) {
      input = el("textarea", { id, name: p.name, rows: 6, maxlength: p.max_length, spellcheck: "false", placeholder: p.placeholder || null });
    } else if (p.type === "int") {
      input = el("input", { type: "text", inputmode: "numeric", autocomplete: "off", id, name: p.name,
        placeholder: p.placeholder || (p.optional ? "(empty)" : null) });
    } else {
      input = el("input", { type: "text", id, name: p.name, maxlength: p.max_length || 2000, spellcheck: "false", autocomplete: "off",
        placeholder: p.placeholder || null });
    }
    const help = el("small", { class: "calc-help", id: id + "-help", text: p.help || "" });
    const err = el("small", { class: "calc-field-error", id: id + "-error", role: "alert", hidden: true });
    input.setAttribute("aria-describedby", id + "-help " + id + "-error");
    const label = el("label", { for: id, text: paramLabel(p) });
    const box = el("div", { class: "calc-field calc-field-" + p.type, "data-param": p.name },
      p.type === "bool" ? el("span", { class: "calc-check" }, input, label) : label,
      p.type === "bool" ? null : input, help, err);
    return {
      p, box, err, input, label: p.label,
      get() { return p.type === "bool" ? input.checked : input.value; },
      set(v) {
        if (p.type === "bool") input.checked = v === true || (typeof v === "string" && ["true", "1", "yes", "on"].includes(v.trim().toLowerCase())) || v === 1;
        else if (p.type === "choice" && typeof v === "string" && !Array.from(input.options).some((o) => o.value === v)) {
          // A link's unknown choice is shown, not silently replaced: the engine says what is wrong.
          input.append(el("option", { value: v, text: v, "data-foreign": "1" })); input.value = v;
        } else input.value = v === null || v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v);
      },
      invalid(on) { if (on) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid"); },
      focus() { input.focus(); },
    };
  }

  // A repeated group (kind "group"): one fieldset per item with its own fields, and buttons to
  // add, remove and reorder items within min_items..max_items. Its value is a list of objects;
  // in the URL and saved states, that list's JSON text.
  class GroupField {
    constructor(wid, p, onChange) {
      this.p = p; this.group = true; this.label = p.label; this.onChange = onChange;
      this.id = wid + "-" + p.name;
      this.itemLabel = p.item_label || "Item";
      this.items = []; // [{box, legend, fields: Map(name -> field), up, down, remove}]
      this.foreign = null; // text from a link or file that is not a list of items: sent as is, for the engine to name
      this.err = el("small", { class: "calc-field-error", id: this.id + "-error", role: "alert", hidden: true });
      this.list = el("div", { class: "calc-group-items" });
      this.addBtn = button("calc-group-add", "Add " + this.itemLabel.toLowerCase(), { "aria-describedby": this.id + "-help" });
      this.addBtn.addEventListener("click", () => this.add());
      this.box = el("fieldset", { class: "calc-field calc-field-group", "data-param": p.name, id: this.id,
        "aria-describedby": this.id + "-help " + this.id + "-error" },
        el("legend", { text: paramLabel(p) }), el("small", { class: "calc-help", id: this.id + "-help", text: p.help || "" }),
        this.list, el("div", { class: "calc-group-actions" }, this.addBtn), this.err);
    }
    get max() { return this.p.max_items || Infinity; }
    firstInput(item) { return item.fields.values().next().value.input; }

    // Ids, legends and the buttons' state follow each item's place in the list.
    render() {
      this.list.replaceChildren();
      this.items.forEach((item, i) => {
        item.legend.textContent = this.itemLabel + " " + (i + 1);
        item.fields.forEach((f, name) => {
          const fid = this.id + "-" + i + "-" + name;
          f.input.id = fid; f.box.querySelector("label").setAttribute("for", fid);
          f.err.id = fid + "-error"; f.box.querySelector(".calc-help").id = fid + "-help";
          f.input.setAttribute("aria-describedby", fid + "-help " + fid + "-error");
        });
        item.up.disabled = i === 0; item.down.disabled = i === this.items.length - 1;
        item.remove.disabled = this.items.length <= (this.p.min_items || 0);
        for (const [b, verb] of [[item.up, "Move up"], [item.down, "Move down"], [item.remove, "Remove"]]) {
          b.setAttribute("aria-label", verb + ": " + this.itemLabel + " " + (i + 1));
        }
        this.list.append(item.box);
      });
      this.addBtn.disabled = this.items.length >= this.max;
    }
    makeItem(values) {
      const item = { fields: new Map(), legend: el("legend", {}),
        up: button("calc-group-up", "↑"), down: button("calc-group-down", "↓"), remove: button("calc-group-remove", "Remove") };
      item.box = el("fieldset", { class: "calc-group-item" }, item.legend);
      for (const fp of this.p.fields) {
        const f = scalarField(this.id + "-x-" + fp.name, fp);
        f.set(values && has(values, fp.name) ? values[fp.name] : fp.default);
        item.fields.set(fp.name, f);
        item.box.append(f.box);
      }
      item.box.append(el("div", { class: "calc-group-item-actions" }, item.up, item.down, item.remove));
      item.up.addEventListener("click", () => this.move(item, -1));
      item.down.addEventListener("click", () => this.move(item, 1));
      item.remove.addEventListener("click", () => this.removeItem(item));
      return item;
    }
    add() {
      if (this.items.length >= this.max) return;
      this.foreign = null;
      this.items.push(this.makeItem(Object.fromEntries(this.p.fields.map((f) => [f.name, f.default]))));
      this.render(); this.onChange(this.p.name);
      this.firstInput(this.items[this.items.length - 1]).focus();
    }
    removeItem(item) {
      const i = this.items.indexOf(item);
      this.items = this.items.filter((x) => x !== item); this.foreign = null;
      this.render(); this.onChange(this.p.name);
      const next = this.items[Math.min(i, this.items.length - 1)];
      (next ? this.firstInput(next) : this.addBtn).focus();
    }
    move(item, delta) {
      const i = this.items.indexOf(item), j = i + delta;
      if (j < 0 || j >= this.items.length) return;
      this.items.splice(i, 1); this.items.splice(j, 0, item);
      this.render(); this.onChange(this.p.name);
      const same = delta < 0 ? item.up : item.down; // keep the focus on the button, unless it is now disabled
      (same.disabled ? this.firstInput(item) : same).focus();
    }

    get() {
      if (this.foreign !== null) return this.foreign;
      return this.items.map((item) => Object.fromEntries(Array.from(item.fields, ([name, f]) => [name, f.get()])));
    }
    set(v) {
      let list = v;
      if (typeof v === "string") {
        if (v.trim() === "") list = [];
        else try { list = JSON.parse(v); } catch (e) { list = null; }
      }
      const records = Array.isArray(list) && list.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));
      this.foreign = records ? null : typeof v === "string" ? v : JSON.stringify(v);
      this.items = records ? list.slice(0, this.max).map((x) => this.makeItem(x)) : [];
      this.render();
    }
    invalid(on) { if (on) this.box.setAttribute("aria-invalid", "true"); else this.box.removeAttribute("aria-invalid"); }
    focus() { (this.items[0] ? this.firstInput(this.items[0]) : this.addBtn).focus(); }
    // "attackers.1.range" -> that item's field
    part(index, name) { const item = this.items[index]; return item ? item.fields.get(name) || null : null; }
    parts() { return this.items.flatMap((item) => Array.from(item.fields.values())); }
    nameOf(input) {
      for (let i = 0; i < this.items.length; i++) {
        for (const [name, f] of this.items[i].fields) if (f.input === input) return this.p.name + "." + i + "." + name;
      }
      return this.p.name;
    }
  }

  // A shared link to a widget inside a content tab opens that tab.
  function showTab(widget) {
    const block = widget.closest(".tabbed-block");
    const set = block && block.closest(".tabbed-set");
    if (!set) return;
    const index = Array.from(block.parentElement.children).indexOf(block);
    const radios = set.querySelectorAll(":scope > input");
    if (radios[index]) radios[index].checked = true;
  }

  // ---- a widget -------------------------------------------------------------------------
  const REPLACING = new Set(["reset", "preset", "file"]); // runs after a step that replaced the fields
  const STALE_TEXT = {
    error: "The form has an error: the result below is for the last inputs that worked.",
    cancelled: "Cancelled: showing the previous result.",
    starting: "The engine is still starting: the result below is for earlier inputs.",
    edited: "The fields have changed since this result.",
    running: "Working out the new result…",
  };

  function initWidget(widget) {
    if (widget.dataset.ready) return;
    let schema, defaults, presets = null;
    try {
      schema = JSON.parse(widget.dataset.schema);
      defaults = JSON.parse(widget.dataset.defaults || "{}");
      if (widget.dataset.presets) presets = JSON.parse(widget.dataset.presets);
    } catch (e) { return; }
    widget.dataset.ready = "1";
    new Widget(widget, schema, defaults, presets).start();
    // Add-ons that work from the schema (board.js, for a schema with a board) attach now.
    widget.dispatchEvent(new CustomEvent("calc:ready", { bubbles: true }));
  }

  // What keeps a text from being a saved state ({calc, params}) for this calculator, in the reader's
  // words; "" when it is one. A game file (board.js's Export game) is named as such.
  function documentProblem(text, calc, board) {
    let doc;
    try { doc = JSON.parse(text); } catch (e) { return "it is not a saved calculator state (it is not JSON)."; }
    if (doc && typeof doc === "object" && doc.format === "martian-front-game") {
      return "this file is a saved game" + (board ? ": use Import game, on the board, to load it." : ", not a saved calculator state.");
    }
    const record = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
    if (!record(doc) || !has(doc, "params") || !record(doc.params)) {
      return "it is not a saved calculator state (Export JSON writes one: its calculator and its fields).";
    }
    if (!has(doc, "calc") || doc.calc !== calc) {
      return "it is for " + (has(doc, "calc") ? "“" + String(doc.calc).slice(0, 40) + "”" : "no calculator") + ", not this one (" + calc + ").";
    }
    return "";
  }

  class Widget {
    constructor(widget, schema, defaults, presets) {
      this.w = widget; this.schema = schema; this.calc = schema.id; this.presets = presets;
      widget.calcWidget = this;
      this.onRequest = !!(schema.run && schema.run.mode === "on_request");
      this.home = location.pathname + location.search; // the page this widget belongs to
      this.root = widget.dataset.root || "";
      this.fields = new Map(); // parameter name -> field
      this.schemaDefaults = new Map(schema.params.map((p) => [p.name, p.default]));
      this.pageDefaults = new Map(this.schemaDefaults);
      for (const [k, v] of Object.entries(defaults)) if (this.schemaDefaults.has(k)) this.pageDefaults.set(k, v);
      this.current = null; this.timer = null; this.lastResult = null; this.shownKey = null; this.lastChanged = null; this.lastError = null;
      this.status = widget.querySelector(".calc-status");
      this.resultBox = widget.querySelector(".calc-result");
      this.build();
    }

    // -- layout
    build() {
      const wid = this.w.id;
      // A named form is a landmark: its name comes from nameForms(), unique on the page.
      const form = el("form", { class: "calc-form", novalidate: true });
      this.form = form;
      if (this.schema.presets) form.append(this.presetChooser(wid));
      for (const p of this.schema.params) {
        const f = p.type === "group" ? new GroupField(wid, p, (name) => this.changed(name)) : scalarField(wid + "-" + p.name, p);
        this.fields.set(p.name, f);
        if (p.group === "rulings") this.rulingsGroup(form).fields.append(f.box);
        else form.append(f.box);
      }
      const runLabel = (this.schema.run && this.schema.run.label) || "Calculate";
      this.runBtn = el("button", { type: "submit", class: "md-button md-button--primary calc-run", text: runLabel, hidden: !this.onRequest });
      this.nextBtn = button("calc-next", "Continue", { hidden: true });
      this.cancelBtn = button("calc-cancel", "Cancel", { hidden: true });
      this.progress = el("progress", { class: "calc-progress", max: 1, value: 0, hidden: true, "aria-label": "Progress" });
      this.banner = el("p", { class: "calc-stale-note", role: "status", hidden: true });
      this.formError = el("p", { class: "calc-error", role: "alert", hidden: true });
      this.linkBox = el("input", { type: "text", class: "calc-link-box", readonly: true, hidden: true, "aria-label": "Link to this calculation" });
      this.importInput = el("input", { type: "file", accept: "application/json,.json", class: "calc-import-file", hidden: true });
      // Reset is last, away from Continue: a double tap on Continue must never land on it.
      this.compareBtn = this.rulings ? button("calc-compare-readings", "Compare readings") : null;
      const bar = el("div", { class: "calc-actions" }, this.runBtn, this.nextBtn, this.cancelBtn, this.progress, this.compareBtn,
        button("calc-copy-link", "Copy link"), button("calc-save", "Save in this browser"),
        button("calc-restore", "Restore saved"), button("calc-export", "Export JSON"), button("calc-import", "Import JSON"),
        this.importInput, button("calc-reset", "Reset"));
      form.append(bar);
      this.w.querySelector(".calc-form-slot").replaceWith(form, this.linkBox, this.formError);
      this.resultBox.before(this.banner);
      if (this.rulings) this.resultBox.after(this.comparisonBox());
      this.wire(bar);
    }

    // -- switchable rulings (issue 19): the parameters the schema puts in the "rulings" group sit
    // together in one details element, closed, whose summary names the readings in force.
    rulingsGroup(form) {
      if (!this.rulings) {
        const summary = el("summary", {});
        const fields = el("div", { class: "calc-rulings-fields" });
        const box = el("details", { class: "calc-rulings", "data-rulings": "1" }, summary, fields);
        this.rulings = { box, summary, fields };
        form.append(box);
      }
      return this.rulings;
    }
    showRulings() {
      if (!this.rulings) return;
      const changed = this.schema.params.filter((p) => p.group === "rulings")
        .map((p) => [p, String(this.fields.get(p.name).get())]).filter(([p, v]) => v !== p.default);
      // A reading is named by its label, never its id (issue 24): "AQMF R14: The attacks hit automatically".
      const named = ([p, v]) => {
        const choice = (p.choices || []).find((c) => String(c.value) === v);
        return p.ruling + ": " + (choice ? choice.label : v);
      };
      this.rulings.summary.textContent = "Rulings: " + (changed.length
        ? changed.map(named).join("; ") + " (not the site's)"
        : "the site's readings");
      if (changed.length) this.rulings.box.dataset.changed = "1"; else delete this.rulings.box.dataset.changed;
    }
    // The comparison view: the result under every reading, side by side, worked out by the engine
    // (run with compare_readings) and shown with the one presenter, below the result.
    comparisonBox() {
      this.compareProgress = el("progress", { class: "calc-progress", max: 1, value: 0, hidden: true, "aria-label": "Comparing readings" });
      this.compareClose = button("calc-compare-close", "Close the comparison");
      this.compareNote = el("p", { class: "calc-stale-note", role: "status", hidden: true });
      this.compareBody = el("div", { class: "calc-compare-body" });
      this.compareBox = el("div", { class: "calc-compare", hidden: true, "aria-live": "polite" },
        el("div", { class: "calc-compare-head" }, el("span", { text: "Every reading side by side" }), this.compareProgress, this.compareClose),
        this.compareNote, this.compareBody);
      this.compareKey = null; this.comparing = null;
      return this.compareBox;
    }
    async compareReadings() {
      const key = this.key();
      if (this.comparing) engine.cancel(this.comparing.req);
      const job = engine.run(this.calc, Object.assign(this.params(), { compare_readings: true }),
        (v) => { this.compareProgress.hidden = false; this.compareProgress.value = v; }, this.root);
      this.comparing = job;
      this.compareBox.hidden = false; this.compareBox.dataset.state = "running";
      this.compareNote.hidden = false; this.compareNote.textContent = "Working out the result under every reading…";
      const [result, render] = await Promise.all([job.promise, loadSanitiser().catch(() => null)]);
      if (this.comparing !== job || !this.w.isConnected) return;
      this.comparing = null; this.compareProgress.hidden = true;
      const html = result && result.ok ? htmlOf.get(result) : null;
      if (!render || typeof html !== "string") {
        this.compareNote.textContent = (result && result.error && result.error.message) || "The comparison cannot be shown.";
        this.compareBox.dataset.state = "error"; this.compareBody.replaceChildren();
        return;
      }
      this.compareBody.replaceChildren(render(html));
      this.compareKey = key; this.compareBox.dataset.state = "done";
      this.compareStale();
    }
    compareStale() {
      if (!this.compareBox || this.compareBox.hidden || this.comparing) return;
      const stale = this.compareKey !== null && this.compareKey !== this.key();
      this.compareNote.hidden = !stale;
      this.compareNote.textContent = stale ? "The fields have changed since this comparison: press Compare readings again." : "";
      if (stale) this.compareBody.dataset.stale = "edited"; else delete this.compareBody.dataset.stale;
    }

    presetChooser(wid) {
      const ps = this.schema.presets, id = wid + "-" + ps.name;
      const select = el("select", { id, name: ps.name, "aria-describedby": id + "-help", "data-preset": "1" },
        el("option", { value: ps.none_value, text: ps.none_label }));
      for (const c of ps.choices) select.append(el("option", { value: c.value, text: c.label }));
      this.presetSelect = select;
      return el("div", { class: "calc-field calc-field-preset" }, el("label", { for: id, text: ps.label }), select,
        el("small", { class: "calc-help", id: id + "-help", text: ps.help || "" }));
    }

    wire(bar) {
      const on = (cls, fn) => bar.querySelector("." + cls).addEventListener("click", fn);
      this.form.addEventListener("input", (e) => { if (!e.target.dataset.preset) this.changed(this.nameOf(e.target)); });
      this.form.addEventListener("change", (e) => {
        if (e.target.dataset.preset) this.loadPreset(e.target.value);
        else if (e.target.type === "checkbox" || e.target.tagName === "SELECT") this.changed(this.nameOf(e.target));
      });
      this.form.addEventListener("submit", (e) => { e.preventDefault(); this.compute("submit"); });
      this.form.addEventListener("keydown", (e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && e.target.tagName === "TEXTAREA") { e.preventDefault(); this.compute("submit"); }
      });
      this.nextBtn.addEventListener("click", () => this.continueToNext());
      if (this.compareBtn) {
        this.compareBtn.addEventListener("click", () => this.compareReadings());
        this.compareClose.addEventListener("click", () => {
          if (this.comparing) engine.cancel(this.comparing.req);
          this.comparing = null; this.compareBox.hidden = true; this.compareBtn.focus();
        });
      }
      this.cancelBtn.addEventListener("click", () => { if (this.current) engine.cancel(this.current.req); });
      on("calc-copy-link", () => this.copyLink());
      on("calc-reset", () => {
        this.fill(this.pageDefaults, { replace: true }); this.lastChanged = null; this.waiting = null;
        this.note("Reset to this page's starting values (the browser's Back brings back what you had)."); this.compute("reset");
      });
      on("calc-save", () => this.save());
      on("calc-restore", () => this.restoreSaved());
      on("calc-export", () => this.exportJson());
      on("calc-import", () => this.importInput.click());
      this.importInput.addEventListener("change", () => this.importJson());
      this.onEngine = () => this.showEngine();
      engine.listeners.add(this.onEngine);
    }

    nameOf(input) {
      for (const [name, f] of this.fields) {
        if (f.group) { if (f.box.contains(input)) return f.nameOf(input); }
        else if (f.input === input) return name;
      }
      return null;
    }

    // -- values
    values() { return new Map(Array.from(this.fields, ([name, f]) => [name, f.get()])); }
    params() { return Object.fromEntries(this.values()); }
    key() { return JSON.stringify(Array.from(this.values())); }
    // Fill the fields. replace: every field not given takes the calculator's own default.
    fill(values, { replace } = {}) {
      const unknown = [];
      if (replace) for (const [name, f] of this.fields) f.set(this.schemaDefaults.get(name));
      for (const [name, v] of values instanceof Map ? values : Object.entries(values)) {
        const f = this.fields.get(name);
        if (f) f.set(v);
        else unknown.push(name);
      }
      this.showRulings(); this.compareStale();
      this.w.dispatchEvent(new CustomEvent("calc:filled")); // the fields changed other than by typing
      return unknown;
    }

    // -- the address bar
    alive() { return this.w.isConnected && location.pathname + location.search === this.home; }
    // push: a step that replaces what the fields held (Reset, Load, Continue, a file) gets its own
    // history entry, so the browser's Back brings the previous fields back. Typing replaces.
    writeHash(push) {
      clearTimeout(this.hashTimer);
      if (!this.alive()) return; // instant navigation took the reader elsewhere: never write into that page's URL
      const hash = stateHash(this.calc, this.values());
      if (push && hash !== location.hash) history.pushState(null, "", hash);
      else nativeReplace.call(history, history.state, "", hash);
    }
    // While the player types, the address bar follows a moment later (browsers throttle history updates).
    laterHash() { clearTimeout(this.hashTimer); this.hashTimer = setTimeout(() => this.writeHash(), 250); }
    link() { return location.origin + this.home + stateHash(this.calc, this.values()); }

    start() {
      this.showEngine();
      // The pre-rendered result is for the page's starting values.
      this.fill(this.pageDefaults, { replace: true });
      this.shownKey = this.key();
      const state = parseState(location.hash);
      if (state && state.calc === this.calc && !document.querySelector(`.calc-widget[data-restored][data-calc="${CSS.escape(this.calc)}"]`)) {
        // Material may rebuild the page for Back or Forward: then this is the reader's own history.
        this.restoreFromLink(state.values, performance.now() - poppedAt < 2000);
        return;
      }
      // The live result replaces the pre-rendered one as soon as the engine is up; the URL is
      // left alone until the reader changes something.
      this.compute("initial");
    }

    restoreFromLink(values, fromHistory) {
      showTab(this.w);
      this.lastChanged = null; this.waiting = null;
      const presetName = this.schema.presets && this.schema.presets.name;
      const rest = new Map(values);
      let loaded = null;
      if (presetName && rest.has(presetName)) {
        loaded = this.presetValues(rest.get(presetName));
        rest.delete(presetName);
      }
      this.fill(loaded ? loaded.params : new Map(), { replace: true });
      const unknown = this.fill(rest);
      this.w.dataset.restored = "1";
      this.w.classList.add("calc-restored");
      const extra = unknown.length ? " Ignored what this calculator does not take: " + unknown.slice(0, 5).map((n) => "“" + n.slice(0, 30) + "”").join(", ") + "." : "";
      this.note((fromHistory ? "Restored from the address bar" : "Opened from a link") + (loaded ? " (" + loaded.label + ")" : "") + "." + extra);
      // Wait for the page to settle (Material restores its own scroll first), then bring it into view.
      requestAnimationFrame(() => requestAnimationFrame(() => this.w.scrollIntoView({ block: "start" })));
      if (presetName && values.has(presetName) && !loaded) {
        // The link asks for something this calculator does not have: say so, and run nothing.
        this.clearErrors();
        this.showError({ field: null, message: this.schema.presets.label + ": no such choice “" + String(values.get(presetName)).slice(0, 40) + "”." });
        return;
      }
      this.compute("link");
    }

    // -- presets (Load)
    presetValues(value) {
      if (!this.presets || typeof value !== "string" || !has(this.presets, value)) return null;
      const preset = this.presets[value];
      return { label: String(preset.label), params: has(preset, "params") && preset.params && typeof preset.params === "object" ? preset.params : {} };
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
      this.nextBtn.textContent = "Continued to " + String(next.label || "the next phase");
      // The phase just played, for add-ons that keep a game's history (board.js).
      this.w.dispatchEvent(new CustomEvent("calc:continue", { detail: { params: this.params(), result: this.lastResult } }));
      this.lastResult = Object.assign({}, this.lastResult, { next: null });
      this.waitFor(next.params, String(next.label || "the next phase"), "", { previous: true });
      // Ready to type the orders: the first empty box of several lines (else the button to press).
      const empty = Array.from(this.form.querySelectorAll("textarea")).find((t) => t.value.trim() === "");
      (empty || this.runBtn).focus({ preventScroll: false });
    }

    // Fill the fields with a phase to play and wait for the player's orders (Continue; board.js's
    // game history). Nothing is worked out until the player asks.
    // previous: the result shown is the phase just played (Continue). Otherwise (a game from a file, a
    // phase played again) it belongs to other inputs: it is marked so, and its Continue goes away.
    waitFor(values, label, note, { previous = false } = {}) {
      this.fill(values, { replace: true });
      this.waiting = { label: String(label), from: previous ? this.lastResult : null };
      if (!previous) { this.nextBtn.hidden = true; this.nextBtn.disabled = true; }
      this.writeHash(true);
      this.setStale("waiting");
      this.w.dataset.state = "waiting";
      this.note((note ? note + " " : "") + "Waiting for orders for " + this.waiting.label + ". Nothing is worked out until you press " + this.runBtn.textContent + ".");
    }

    // -- a change by the player
    changed(name) {
      this.lastChanged = name;
      this.showRulings(); this.compareStale();
      this.w.classList.remove("calc-restored");
      this.laterHash();
      if (this.onRequest) {
        if (this.waiting) return;
        if (this.shownKey !== null && this.shownKey !== this.key()) { this.setStale("edited"); this.w.dataset.state = "waiting"; }
        else if (this.shownKey === this.key()) { this.setStale(null); this.w.dataset.state = "done"; }
        return;
      }
      if (engine.state !== "ready") this.setStale("starting");
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.compute("input"), 120);
    }

    // -- running the engine
    async compute(why) {
      clearTimeout(this.timer);
      if (!this.w.isConnected) return;
      const key = this.key(), params = this.params();
      // A link already holds its state; a step that replaced the fields gets its own history entry.
      if (why !== "initial" && why !== "link") this.writeHash(REPLACING.has(why));
      if (this.current) engine.cancel(this.current.req);
      const job = engine.run(this.calc, params, (v) => { this.progress.hidden = false; this.cancelBtn.hidden = false; this.progress.value = v; }, this.root);
      this.current = job;
      this.w.dataset.state = "running";
      this.nextBtn.disabled = true;
      if (this.shownKey !== key && engine.state !== "ready" && !this.waiting) this.setStale("starting");
      const slow = setTimeout(() => { if (this.current === job) { this.cancelBtn.hidden = false; if (engine.state === "ready") this.setStale("running"); } }, 400);
      let result, render;
      try { [result, render] = await Promise.all([job.promise, loadSanitiser().catch(() => null)]); }
      finally { clearTimeout(slow); }
      if (this.current !== job || !this.w.isConnected) return; // superseded by a newer input, or the page is gone
      this.current = null;
      this.progress.hidden = true; this.cancelBtn.hidden = true;
      this.clearErrors();
      if (!result || !result.ok) {
        if (result && result.cancelled) { this.w.dataset.state = "cancelled"; this.setStale(this.shownKey === key ? null : "cancelled"); return; }
        this.showError((result && result.error) || { field: null, message: "No answer from the engine." });
        return;
      }
      const html = htmlOf.get(result);
      if (!render || typeof html !== "string") {
        this.showError({ field: null, message: "This result cannot be shown: the page's sanitiser did not load. Reload the page to try again." });
        return;
      }
      this.resultBox.replaceChildren(render(html));
      this.lastError = null;
      this.lastResult = result; this.shownKey = key; this.waiting = null;
      // The player may have typed on while this ran (an adjudicator waits for the button).
      this.setStale(this.key() === key ? null : "edited");
      const next = result.next && typeof result.next === "object" && result.next.params ? result.next : null;
      this.nextBtn.hidden = !next; this.nextBtn.disabled = !next;
      if (next) this.nextBtn.textContent = "Continue to " + String(next.label || "the next phase");
      this.w.dataset.state = "done";
      this.showEngine();
      this.w.dispatchEvent(new CustomEvent("calc:result", { bubbles: true, detail: result }));
    }

    // -- what the reader sees about the state
    showEngine() {
      // Instant navigation replaced the page: this widget is gone, so stop listening.
      if (!this.w.isConnected) { engine.listeners.delete(this.onEngine); clearTimeout(this.timer); return; }
      this.w.dataset.engine = engine.state;
      if (engine.state === "loading") this.status.textContent = engine.statusText;
      else if (engine.state === "failed") this.status.textContent = engine.statusText;
      else if (this.status.dataset.note) this.status.textContent = this.status.dataset.note;
      else this.status.textContent = "";
    }
    // One status line at a time: a new note replaces the last note, the last refused file, and the
    // board's own line (board.js listens for calc:message).
    note(text) {
      this.hideRefusal();
      this.status.dataset.note = text; this.status.textContent = text;
      this.w.dispatchEvent(new CustomEvent("calc:message"));
    }
    // A file or a saved state that was not loaded: no field changed, so this is no form error (no banner).
    refuse(text) {
      delete this.status.dataset.note; this.showEngine();
      this.formError.textContent = text; this.formError.hidden = false; this.formError.dataset.refused = "1";
      this.w.dispatchEvent(new CustomEvent("calc:message"));
    }
    hideRefusal() {
      if (!this.formError.dataset.refused) return;
      delete this.formError.dataset.refused; this.formError.hidden = true; this.formError.textContent = "";
    }
    // An add-on's message (board.js) replaces the widget's.
    quiet() { this.hideRefusal(); delete this.status.dataset.note; this.showEngine(); }
    setStale(reason) {
      if (!reason) { delete this.resultBox.dataset.stale; this.banner.hidden = true; this.banner.textContent = ""; return; }
      this.resultBox.dataset.stale = reason;
      this.banner.hidden = false;
      if (reason === "waiting" && this.waiting) {
        const from = this.waiting.from ? (this.waiting.from.summary ? " The result below is the previous phase's." : "")
          : this.lastResult ? " The result below is for other inputs, not for these boxes." : "";
        this.banner.textContent = "Waiting for orders for " + this.waiting.label + ": give them above and press " + this.runBtn.textContent + "." + from;
      } else if (reason === "edited" && this.onRequest) this.banner.textContent = STALE_TEXT.edited + " Press " + this.runBtn.textContent + " to work it out.";
      else this.banner.textContent = STALE_TEXT[reason] || STALE_TEXT.edited;
    }
    clearErrors() {
      this.formError.hidden = true; this.formError.textContent = ""; delete this.formError.dataset.refused;
      for (const f of this.fields.values()) for (const x of f.group ? [f, ...f.parts()] : [f]) { x.err.hidden = true; x.err.textContent = ""; x.invalid(false); }
    }
    fieldFor(path) {
      if (typeof path !== "string") return null;
      const [name, index, part] = path.split(".");
      const f = this.fields.get(name);
      if (!f) return null;
      if (f.group && index !== undefined && part !== undefined) return f.part(Number(index), part) || f;
      return f;
    }
    // The message goes where the player is looking: on the field they changed when the check
    // involves it (error.fields), else on the field named. The changed field gets a pointer ("This
    // change conflicts with ...") only when the change can have caused it: not when the engine says
    // the check involves other fields alone (a value wrong on its own names just its field), nor when
    // the field named was already wrong before this change and has not been edited since.
    showError(error) {
      const fields = Array.isArray(error.fields) ? error.fields : [];
      const changed = this.lastChanged;
      const primary = changed && fields.includes(changed) ? changed : error.field;
      const target = this.fieldFor(primary);
      const message = String(error.message || "");
      // Which change first brought this error on: it stays the cause while the field stays wrong.
      const before = this.lastError && this.lastError.field === error.field ? this.lastError : null;
      this.lastError = { field: error.field, cause: before ? before.cause : changed };
      if (target) {
        const closed = target.box && target.box.closest("details:not([open])");
        if (closed) closed.open = true; // an error on a reading must not hide in the closed "Rulings" group
        target.err.textContent = message; target.err.hidden = false; target.invalid(true);
        const other = changed && changed !== primary ? this.fieldFor(changed) : null;
        const unrelated = fields.length > 0 || (before && before.cause !== changed);
        if (other && other !== target && !unrelated) {
          // A message that names its field already ("Rerolls left: ...", "Attacker 1, Attack: ...") says it once.
          const named = message.startsWith(target.label + ":") || message.includes(", " + target.label + ":");
          other.err.textContent = "This change conflicts with " + (named ? "" : target.label + ": ") + message;
          other.err.hidden = false;
        }
      } else { this.formError.textContent = message; this.formError.hidden = false; }
      this.w.dataset.state = "error";
      if (this.shownKey !== null && this.shownKey !== this.key()) this.setStale("error");
    }

    // -- links, saving, files
    async copyLink() {
      const url = this.link();
      this.writeHash();
      try {
        await navigator.clipboard.writeText(url);
        this.linkBox.hidden = true; this.note("Link copied: it opens this calculator with these inputs.");
      } catch (e) {
        this.linkBox.value = url; this.linkBox.hidden = false; this.linkBox.focus(); this.linkBox.select();
        this.note("Copy the link from the box below the buttons (the browser did not allow copying).");
      }
      this.w.dataset.link = url;
    }
    save() {
      try {
        localStorage.setItem(STORE + this.calc, JSON.stringify({ calc: this.calc, params: this.params(), saved: new Date().toISOString() }));
        this.note("Saved in this browser.");
      } catch (e) { this.refuse("Could not save in this browser: " + e.message); }
    }
    restoreSaved() {
      let text = null;
      try { text = localStorage.getItem(STORE + this.calc); } catch (e) { /* storage blocked */ }
      if (!text) { this.refuse("Nothing saved for this calculator in this browser yet."); return; }
      this.applyDocument(text, "The saved state");
    }
    exportJson() {
      const doc = { calc: this.calc, params: this.params(), summary: this.lastResult ? this.lastResult.summary : null, exported: new Date().toISOString() };
      const a = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" })), download: this.calc + ".json" });
      document.body.append(a); a.click(); a.remove();
    }
    async importJson() {
      const file = this.importInput.files && this.importInput.files[0];
      this.importInput.value = "";
      if (!file) return;
      if (file.size > 200000) { this.refuse("That file is too large to be a saved calculator state."); return; }
      this.applyDocument(await file.text(), "That file");
    }
    // A saved state or an imported file: {calc, params: {name: value}}. Checked before it
    // touches the form: a wrong calculator, an object where a value belongs, or a name the
    // calculator does not take is said plainly, and nothing is filled in.
    applyDocument(text, what) {
      const problem = documentProblem(text, this.calc, !!this.schema.board);
      if (problem) { this.refuse(what + " was not loaded: " + problem); return; }
      const doc = JSON.parse(text);
      const values = new Map(), problems = [];
      for (const [name, v] of Object.entries(doc.params)) {
        const f = this.fields.get(name);
        if (!f) { problems.push("“" + name.slice(0, 30) + "” is not one of its fields"); continue; }
        const scalar = v === null || ["string", "number", "boolean"].includes(typeof v);
        const list = f.group && Array.isArray(v);
        if (!scalar && !list) { problems.push("the value for “" + f.label + "” is " + (Array.isArray(v) ? "a list" : "an object") + ", not a value"); continue; }
        values.set(name, v);
      }
      if (problems.length) { this.refuse(what + " cannot be loaded: " + problems.slice(0, 3).join("; ") + "."); return; }
      this.fill(values, { replace: true });
      this.note(what + " was loaded into the fields.");
      this.compute("file");
    }
  }

  // ---- landmark names -----------------------------------------------------------------
  // Each widget's form is a landmark labelled by the widget's own title. A page may hold the
  // same calculator twice (the fire plan and its comparison): then the section each one sits in
  // is part of its name, and, should that not tell them apart either, its place on the page.
  function headingBefore(node) {
    const headings = Array.from(document.querySelectorAll("article h1, article h2, article h3, article h4, article h5, article h6"));
    const before = headings.filter((h) => h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
    const h = before[before.length - 1];
    if (!h) return "";
    const text = h.cloneNode(true);
    text.querySelectorAll(".headerlink").forEach((a) => a.remove()); // Material's "¶" permalink
    return text.textContent.replace(/\s+/g, " ").trim();
  }
  function nameForms() {
    const items = Array.from(document.querySelectorAll(".calc-widget[data-ready] > form.calc-form"), (form) => {
      const w = form.parentElement, title = w.querySelector(".calc-head .calc-title");
      if (title && !title.id) title.id = w.id + "-form-title"; // hyphenated: no parameter has this name
      return { form, w, title, text: title ? title.textContent.trim() : w.calcWidget.schema.title, parts: [] };
    });
    const extraOf = (item) => (item.parts.length ? "(" + item.parts.join(", ") + ")" : "");
    const nameOf = (item) => (item.text + " " + extraOf(item)).trim();
    const shared = () => items.map((item) => items.filter((x) => nameOf(x) === nameOf(item)).length > 1);
    const bySection = shared();
    items.forEach((item, i) => {
      const section = bySection[i] ? headingBefore(item.w) : "";
      if (section && !item.text.includes(section)) item.parts.push(section);
    });
    const byPlace = shared(), seen = new Map();
    items.forEach((item, i) => {
      if (!byPlace[i]) return;
      const n = (seen.get(nameOf(item)) || 0) + 1;
      seen.set(nameOf(item), n);
      if (n > 1) item.parts.push(String(n));
    });
    for (const item of items) {
      const text = extraOf(item);
      let extra = item.w.querySelector(":scope > .calc-name-extra");
      // Referenced by aria-labelledby, a hidden element still gives its text to the name.
      if (text && !extra) { extra = el("span", { class: "calc-name-extra", id: item.w.id + "-form-where", hidden: true }); item.w.prepend(extra); }
      if (extra && text) extra.textContent = text;
      else if (extra) { extra.remove(); extra = null; }
      if (item.title) item.form.setAttribute("aria-labelledby", item.title.id + (extra ? " " + extra.id : ""));
      else item.form.setAttribute("aria-label", nameOf(item));
    }
  }

  function initAll() { document.querySelectorAll(".calc-widget").forEach(initWidget); nameForms(); }
  // For tests: set up widgets added to the page, and the sanitiser the results go through.
  // For add-ons (board.js): the DOM helpers, and a result's HTML from the presenter.
  window.martianWidgets = { init: initAll, sanitise: (html) => loadSanitiser().then((clean) => clean(html)),
    el, button, html: (result) => htmlOf.get(result) };
  // The page started its engine from <head>: adopt it now.
  if (window.__calcEngineBoot) engine.start();
  function subscribe() {
    // Material's document$ emits on first load and after every instant navigation.
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(() => { contentPath = location.pathname; initAll(); });
    } else initAll();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", subscribe);
  else subscribe();
  // A shared link opened on the same page (only the hash changed): load it into its widget.
  window.addEventListener("hashchange", () => {
    const state = parseState(location.hash);
    if (!state) return;
    const w = Array.from(document.querySelectorAll(".calc-widget[data-ready]")).find((x) => x.dataset.calc === state.calc);
    if (w && w.calcWidget) w.calcWidget.restoreFromLink(state.values, true);
  });
})();
