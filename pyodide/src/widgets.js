// Calculator widgets: a form generated from each calculator's parameter schema (so a new
// calculator needs no JavaScript), results drawn from the contract's JSON, state in the URL.
//
// Every value from the URL, a form, a file or a result is set as text (textContent, value,
// setAttribute), never parsed as HTML. Engine SVG maps are parsed as SVG and sanitised.
(function () {
  "use strict";
  // Loaded once per tab (Material's instant navigation keeps it); guard against a second copy.
  if (window.martianEngine) return;

  const SCRIPT_URL = document.currentScript ? document.currentScript.src : new URL("assets/engine/widgets.js", location.href).href;
  const ENGINE_URL = new URL("./", SCRIPT_URL);
  const SITE_ROOT = new URL("../../", ENGINE_URL);
  const SVG_NS = "http://www.w3.org/2000/svg";
  const STORE = "martian-front:";

  // ---- the one worker per tab ------------------------------------------------
  const engine = {
    worker: null,
    state: "idle", // idle | loading | ready | failed
    statusText: "",
    listeners: new Set(),
    pending: new Map(),
    nextReq: 1,
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
      else if (msg.type === "result") { const p = this.pending.get(msg.req); if (p) { this.pending.delete(msg.req); p.resolve(msg.result); } }
    },
    run(calc, params, onProgress) {
      this.start();
      const req = this.nextReq++;
      const promise = new Promise((resolve) => this.pending.set(req, { resolve, onProgress }));
      if (this.state === "failed") this.receive({ type: "failed", text: this.statusText });
      else this.worker.postMessage({ type: "run", req, calc, params });
      return { req, promise };
    },
    cancel(req) { if (this.worker) this.worker.postMessage({ type: "cancel", req }); },
    emit() { for (const fn of this.listeners) fn(); },
  };
  window.martianEngine = engine; // for tests and benchmarks

  let ruleUrls = null;
  function loadRuleUrls() {
    if (!ruleUrls) ruleUrls = fetch(new URL("rules.json", ENGINE_URL)).then((r) => r.json()).catch(() => ({}));
    return ruleUrls;
  }

  // ---- DOM helpers -------------------------------------------------------------
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // ---- URL state ------------------------------------------------------------------
  function readHash(calcId) {
    const h = location.hash.slice(1);
    if (!h.startsWith("calc=")) return null;
    let params;
    try { params = new URLSearchParams(h); } catch (e) { return null; }
    if (params.get("calc") !== calcId) return null;
    const out = {};
    for (const [k, v] of params) if (k !== "calc") out[k] = v;
    return out;
  }
  function writeHash(calcId, values) {
    const q = new URLSearchParams({ calc: calcId });
    for (const [k, v] of Object.entries(values)) q.set(k, v === null ? "" : String(v));
    history.replaceState(history.state, "", "#" + q.toString());
  }

  // ---- the form, from the schema ----------------------------------------------------
  function buildForm(widget, schema) {
    const form = el("form", { class: "calc-form", novalidate: true });
    const inputs = {};
    for (const p of schema.params) {
      const id = widget.id + "-" + p.name;
      const help = el("small", { class: "calc-help", id: id + "-help", text: p.help || "" });
      const err = el("small", { class: "calc-field-error", id: id + "-error", role: "alert", hidden: true });
      let input;
      if (p.type === "bool") {
        input = el("input", { type: "checkbox", id, name: p.name });
      } else if (p.type === "choice") {
        input = el("select", { id, name: p.name });
        for (const c of p.choices) input.append(el("option", { value: c.value, text: c.label }));
      } else if (p.type === "text" && p.multiline) {
        input = el("textarea", { id, name: p.name, rows: 6, maxlength: p.max_length, spellcheck: "false" });
      } else if (p.type === "int") {
        input = el("input", { type: "text", inputmode: "numeric", autocomplete: "off", id, name: p.name, "data-min": p.min, "data-max": p.max,
          placeholder: p.optional ? "(empty)" : null });
      } else {
        input = el("input", { type: "text", id, name: p.name, maxlength: p.max_length || 2000, spellcheck: "false" });
      }
      input.setAttribute("aria-describedby", id + "-help " + id + "-error");
      const label = el("label", { for: id, text: p.label + (p.unit ? " (" + p.unit + ")" : "") });
      const field = el("div", { class: "calc-field calc-field-" + p.type, "data-param": p.name },
        p.type === "bool" ? el("span", { class: "calc-check" }, input, label) : label,
        p.type === "bool" ? null : input, help, err);
      form.append(field);
      inputs[p.name] = { p, input, err, field };
    }
    return { form, inputs };
  }
  function setValue(entry, value) {
    const { p, input } = entry;
    if (p.type === "bool") input.checked = value === true || value === "true" || value === "1";
    else input.value = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
  }
  function getValues(inputs) {
    const out = {};
    for (const [name, { p, input }] of Object.entries(inputs)) {
      out[name] = p.type === "bool" ? input.checked : input.value;
    }
    return out;
  }

  // ---- results --------------------------------------------------------------------------
  function renderResult(result, urls) {
    const out = el("div", { class: "calc-output" });
    out.append(el("p", { class: "calc-summary", text: result.summary }));
    for (const t of result.tables || []) out.append(renderTable(t));
    for (const c of result.charts || []) {
      const fig = c.type === "bar" ? renderBar(c) : c.type === "svg" ? renderSvg(c) : null;
      if (fig) out.append(fig);
    }
    if (result.notes && result.notes.length) {
      out.append(el("ul", { class: "calc-notes" }, ...result.notes.map((n) => el("li", { text: String(n) }))));
    }
    if (result.rules && result.rules.length) {
      const p = el("p", { class: "calc-rules", text: "Rules applied: " });
      result.rules.forEach((rid, i) => {
        if (i) p.append(", ");
        const href = urls[rid];
        p.append(href ? el("a", { href: new URL(href, SITE_ROOT).href, text: rid }) : rid);
      });
      out.append(p);
    }
    return out;
  }
  function cell(v) { return v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v); }
  function renderTable(t) {
    const table = el("table", { class: "calc-table" }, el("caption", { text: t.title }));
    table.append(el("thead", {}, el("tr", {}, ...t.columns.map((c) => el("th", { text: cell(c) })))));
    table.append(el("tbody", {}, ...t.rows.map((r) => el("tr", {}, ...r.map((c) => el("td", { text: cell(c) }))))));
    return el("div", { class: "calc-table-wrap" }, table);
  }
  // Same geometry as hooks/render.py, so the live chart replaces the pre-rendered one in place.
  const W = 640, H = 260, PAD_L = 48, PAD_B = 56, PAD_T = 16;
  function renderBar(c) {
    const labels = c.labels, series = c.series;
    let top = 1e-12;
    for (const s of series) for (const v of s.values) top = Math.max(top, v);
    const innerW = W - PAD_L - 8, innerH = H - PAD_T - PAD_B;
    const groupW = innerW / Math.max(1, labels.length);
    const barW = Math.max(1, groupW * 0.8 / Math.max(1, series.length));
    const root = svg("svg", { class: "calc-bar-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": c.title });
    for (const f of [0, 0.5, 1]) {
      const y = PAD_T + innerH * (1 - f);
      root.append(svg("line", { class: "grid", x1: PAD_L, y1: y.toFixed(1), x2: W - 8, y2: y.toFixed(1) }));
      root.append(svg("text", { class: "axis", x: PAD_L - 4, y: (y + 4).toFixed(1), "text-anchor": "end" }, (top * f * 100).toFixed(0) + "%"));
    }
    labels.forEach((label, i) => {
      const gx = PAD_L + i * groupW + groupW * 0.1;
      series.forEach((s, j) => {
        const v = s.values[i], h = innerH * v / top;
        const rect = svg("rect", { class: "bar s" + j, x: (gx + j * barW).toFixed(1), y: (PAD_T + innerH - h).toFixed(1), width: barW.toFixed(1), height: h.toFixed(1) });
        rect.append(svg("title", {}, `${s.name} ${label}: ${(v * 100).toFixed(2)}%`));
        root.append(rect);
      });
      root.append(svg("text", { class: "axis", x: (gx + groupW * 0.4).toFixed(1), y: H - PAD_B + 16, "text-anchor": "middle" }, String(label)));
    });
    if (c.x_label) root.append(svg("text", { class: "axis-title", x: (PAD_L + innerW / 2).toFixed(1), y: H - 22, "text-anchor": "middle" }, c.x_label));
    if (series.length > 1) series.forEach((s, j) => {
      const x = PAD_L + j * 180;
      root.append(svg("rect", { class: "bar s" + j, x, y: H - 12, width: 10, height: 10 }));
      root.append(svg("text", { class: "legend", x: x + 14, y: H - 3 }, s.name));
    });
    return el("figure", { class: "calc-chart" }, el("figcaption", { text: c.title }), root);
  }
  const SVG_TAGS = new Set(["svg", "g", "path", "line", "polyline", "polygon", "rect", "circle", "ellipse", "text", "tspan", "title", "desc", "defs", "marker"]);
  const SVG_ATTRS = /^(class|id|x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|d|points|width|height|viewBox|transform|fill|stroke|stroke-width|stroke-dasharray|stroke-linecap|stroke-linejoin|opacity|fill-opacity|stroke-opacity|font-size|font-weight|font-family|text-anchor|dominant-baseline|marker-end|marker-start|markerWidth|markerHeight|refX|refY|orient|markerUnits|role|aria-[a-z]+|data-[a-z0-9-]+|tabindex|paint-order|preserveAspectRatio|xmlns)$/;
  // The engine escapes every text it puts in a map; this is the second lock on the door.
  function sanitiseSvg(node) {
    for (const child of Array.from(node.children)) {
      if (!SVG_TAGS.has(child.localName) || child.namespaceURI !== SVG_NS) { child.remove(); continue; }
      for (const a of Array.from(child.attributes)) {
        const ok = SVG_ATTRS.test(a.name) && !/url\s*\(\s*['"]?\s*(?!#)/i.test(a.value) && !/javascript:/i.test(a.value);
        if (!ok) child.removeAttribute(a.name);
      }
      sanitiseSvg(child);
    }
  }
  function renderSvg(c) {
    const doc = new DOMParser().parseFromString(String(c.svg || ""), "image/svg+xml");
    const root = doc.documentElement;
    if (!root || root.localName !== "svg" || doc.getElementsByTagName("parsererror").length) return null;
    const holder = svg("svg", {});
    holder.append(root);
    sanitiseSvg(holder);
    const clean = holder.firstElementChild;
    if (!clean) return null;
    clean.setAttribute("class", ((clean.getAttribute("class") || "") + " calc-map").trim());
    return el("figure", { class: "calc-chart" }, el("figcaption", { text: c.title || "" }), document.importNode(clean, true));
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
  function initWidget(widget) {
    if (widget.dataset.ready) return;
    widget.dataset.ready = "1";
    let schema, defaults;
    try {
      schema = JSON.parse(widget.dataset.schema);
      defaults = JSON.parse(widget.dataset.defaults || "{}");
    } catch (e) { return; }
    const calc = schema.id;
    const status = widget.querySelector(".calc-status");
    const resultBox = widget.querySelector(".calc-result");
    const { form, inputs } = buildForm(widget, schema);
    const bar = el("div", { class: "calc-actions" });
    const cancelBtn = el("button", { type: "button", class: "md-button calc-cancel", hidden: true, text: "Cancel" });
    const progress = el("progress", { class: "calc-progress", max: 1, value: 0, hidden: true });
    const nextBtn = el("button", { type: "button", class: "md-button calc-next", hidden: true, text: "Continue to the next phase" });
    const resetBtn = el("button", { type: "button", class: "md-button calc-reset", text: "Reset" });
    const saveBtn = el("button", { type: "button", class: "md-button calc-save", text: "Save in this browser" });
    const loadBtn = el("button", { type: "button", class: "md-button calc-load", text: "Load saved" });
    const exportBtn = el("button", { type: "button", class: "md-button calc-export", text: "Export JSON" });
    const importInput = el("input", { type: "file", accept: "application/json,.json", class: "calc-import-file", hidden: true });
    const importBtn = el("button", { type: "button", class: "md-button calc-import", text: "Import JSON" });
    const formError = el("p", { class: "calc-error", role: "alert", hidden: true });
    bar.append(nextBtn, resetBtn, saveBtn, loadBtn, exportBtn, importBtn, importInput, cancelBtn, progress);
    widget.querySelector(".calc-form-slot").replaceWith(form, bar, formError);

    const start = Object.assign({}, Object.fromEntries(schema.params.map((p) => [p.name, p.default])), defaults);
    for (const [name, entry] of Object.entries(inputs)) setValue(entry, start[name]);
    const fromUrl = readHash(calc);
    let stale = false;
    if (fromUrl) showTab(widget);
    if (fromUrl) {
      for (const [name, value] of Object.entries(fromUrl)) {
        if (inputs[name]) { setValue(inputs[name], value); stale = true; }
      }
    }

    let current = null, timer = null, lastResult = null;
    function showStatus() {
      // Instant navigation replaced the page: this widget is gone, so stop listening.
      if (!widget.isConnected) { engine.listeners.delete(showStatus); return; }
      if (engine.state === "loading") status.textContent = engine.statusText + (stale ? " The result below is for the page's defaults until it is ready." : "");
      else if (engine.state === "failed") status.textContent = engine.statusText;
      else status.textContent = "";
      widget.dataset.engine = engine.state;
    }
    engine.listeners.add(showStatus);
    showStatus();

    function clearErrors() {
      formError.hidden = true;
      for (const entry of Object.values(inputs)) { entry.err.hidden = true; entry.err.textContent = ""; entry.input.removeAttribute("aria-invalid"); }
    }
    function showError(error) {
      const entry = error.field && inputs[error.field];
      if (entry) {
        entry.err.textContent = error.message; entry.err.hidden = false; entry.input.setAttribute("aria-invalid", "true");
      } else {
        formError.textContent = error.message; formError.hidden = false;
      }
      widget.dataset.state = "error";
    }
    async function compute(initial) {
      const values = getValues(inputs);
      if (!initial) writeHash(calc, values);
      if (current) engine.cancel(current.req);
      const job = engine.run(calc, values, (v) => { progress.hidden = false; cancelBtn.hidden = false; progress.value = v; });
      current = job;
      widget.dataset.state = "running";
      const slow = setTimeout(() => { if (current === job) cancelBtn.hidden = false; }, 400);
      const [result, urls] = await Promise.all([job.promise, loadRuleUrls()]);
      clearTimeout(slow);
      if (current !== job) return; // superseded by a newer input
      current = null;
      progress.hidden = true; cancelBtn.hidden = true;
      clearErrors();
      if (!result.ok) { if (!result.cancelled) showError(result.error); else widget.dataset.state = "cancelled"; return; }
      stale = false; showStatus();
      lastResult = result;
      resultBox.replaceChildren(renderResult(result, urls));
      const next = result.data && result.data.next;
      nextBtn.hidden = !(next && typeof next === "object");
      nextBtn.onclick = () => { loadValues(next); };
      widget.dataset.state = "done";
      widget.dispatchEvent(new CustomEvent("calc:result", { bubbles: true, detail: result }));
    }
    function schedule() { clearTimeout(timer); timer = setTimeout(() => compute(false), 120); }
    function loadValues(values) {
      for (const [name, entry] of Object.entries(inputs)) if (name in values) setValue(entry, values[name]);
      compute(false);
    }
    widget.loadState = loadValues;
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    form.addEventListener("submit", (e) => { e.preventDefault(); compute(false); });
    cancelBtn.addEventListener("click", () => { if (current) engine.cancel(current.req); });
    resetBtn.addEventListener("click", () => loadValues(Object.assign({}, Object.fromEntries(schema.params.map((p) => [p.name, p.default])), defaults)));
    saveBtn.addEventListener("click", () => {
      try { localStorage.setItem(STORE + calc, JSON.stringify({ calc, params: getValues(inputs), saved: new Date().toISOString() })); formError.hidden = true; status.textContent = "Saved in this browser."; }
      catch (e) { showError({ field: null, message: "Could not save in this browser: " + e.message }); }
    });
    loadBtn.addEventListener("click", () => {
      const saved = parseSaved(localStorage.getItem(STORE + calc));
      if (!saved) { showError({ field: null, message: "Nothing saved for this calculator in this browser yet." }); return; }
      loadValues(saved.params);
    });
    exportBtn.addEventListener("click", () => {
      const doc = { calc, params: getValues(inputs), summary: lastResult ? lastResult.summary : null, exported: new Date().toISOString() };
      const a = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" })), download: calc + ".json" });
      document.body.append(a); a.click(); a.remove();
    });
    importBtn.addEventListener("click", () => importInput.click());
    importInput.addEventListener("change", async () => {
      const file = importInput.files && importInput.files[0];
      importInput.value = "";
      if (!file) return;
      if (file.size > 200000) { showError({ field: null, message: "That file is too large to be a saved calculator state." }); return; }
      const saved = parseSaved(await file.text());
      if (!saved) { showError({ field: null, message: "That file is not a saved state for this calculator (" + calc + ")." }); return; }
      loadValues(saved.params);
    });
    function parseSaved(text) {
      try {
        const doc = JSON.parse(text);
        if (!doc || doc.calc !== calc || typeof doc.params !== "object" || doc.params === null) return null;
        const params = {};
        for (const [k, v] of Object.entries(doc.params)) if (inputs[k]) params[k] = v;
        return { params };
      } catch (e) { return null; }
    }
    // The live result replaces the pre-rendered one as soon as the engine is up; the URL is
    // left alone until the reader changes something.
    compute(true);
  }

  function initAll() {
    const widgets = document.querySelectorAll(".calc-widget");
    widgets.forEach(initWidget);
  }
  // The page started its engine from <head>: adopt it now.
  if (window.__calcEngineBoot) engine.start();
  function subscribe() {
    // Material's document$ emits on first load and after every instant navigation.
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(initAll);
    else initAll();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", subscribe);
  else subscribe();
  // A shared link opened on the same page (only the hash changed): load it into its widget.
  window.addEventListener("hashchange", () => {
    document.querySelectorAll(".calc-widget[data-ready]").forEach((w) => {
      let id;
      try { id = JSON.parse(w.dataset.schema).id; } catch (e) { return; }
      const values = readHash(id);
      if (values && w.loadState) { showTab(w); w.loadState(values); }
    });
  });
})();
