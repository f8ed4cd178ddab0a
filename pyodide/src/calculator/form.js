// The widget's form, laid out from the calculator's schema: the preset chooser, one field per
// parameter (fields.js), the parameters of a folded section together (the "more" group, "More
// options", issue 24; the "rulings" group, issue 19), and the buttons. It only builds: widget.js wires
// what the buttons do. earlyForm() lays the same form out before the page is first drawn, so that the
// live one replaces it without moving anything (issue 25).
import { button, el } from "./dom.js";
import { makeField } from "./fields.js";
import { STARTING } from "./words.js";

function presetChooser(wid, ps) {
  const id = wid + "-" + ps.name;
  const select = el("select", { id, name: ps.name, "aria-describedby": id + "-help", "data-preset": "1" },
    el("option", { value: ps.none_value, text: ps.none_label }));
  for (const c of ps.choices) select.append(el("option", { value: c.value, text: c.label }));
  const box = el("div", { class: "calc-field calc-field-preset" }, el("label", { for: id, text: ps.label }), select,
    el("small", { class: "calc-help", id: id + "-help", text: ps.help || "" }));
  return { box, select };
}

// The parameters the schema puts in the "rulings" group sit together in one details element,
// closed, whose summary names the readings in force (rulings.js writes it).
function rulingsSection() {
  const summary = el("summary", {});
  const fields = el("div", { class: "calc-rulings-fields" });
  const box = el("details", { class: "calc-rulings", "data-rulings": "1" }, summary, fields);
  return { box, summary, fields };
}

// The "more" group: what few players change, folded under "More options"; its summary names what is
// set away from the calculator's own default (showMore), so that nothing folded away changes a result unseen.
function moreSection() {
  const summary = el("summary", { text: "More options" });
  const fields = el("div", { class: "calc-more-fields" });
  const box = el("details", { class: "calc-more", "data-more": "1" }, summary, fields);
  return { box, summary, fields };
}

const SECTIONS = { rulings: rulingsSection, more: moreSection };

// A series of optional lines (Conquest of Mars's Player 1 to 6): fields next to each other whose kind can
// show an empty value as just an Add button (follow(), key-values-field.js) and whose schema default is
// empty. Only the first absent one of a run is shown, so the form shows the lines in use and one way to
// add the next, however many the calculator allows.
function mayBeAbsent(f) {
  return typeof f.follow === "function" && (f.p.default === "" || f.p.default === null);
}

// A value as the reader sees it, for comparing with the schema's default: text trimmed, a group's items
// field by field as text.
function plain(v) {
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return JSON.stringify(v.map((item) => Object.entries(item).map(([k, x]) => [k, plain(x)])));
  return v === null || v === undefined ? "" : String(v).trim();
}

function shown(p, v) {
  if (p.type === "bool") return "";
  if (p.type === "choice") {
    const c = (p.choices || []).find((x) => x.value === String(v));
    return ": " + (c ? c.label : String(v));
  }
  if (p.type === "group") return ": " + (Array.isArray(v) ? v.length : "?");
  return ": " + String(v).slice(0, 24);
}

// The "More options" summary: "More options" alone, or what is set in it ("More options (set: Cover: soft
// cover; Dug in)"). fields: name -> field (fields.js).
export function showMore(section, params, fields) {
  const set = params.filter((p) => p.group === "more").filter((p) => {
    const f = fields.get(p.name);
    return f && plain(f.get()) !== plain(p.type === "bool" ? !!p.default : p.default);
  });
  const named = set.slice(0, 3).map((p) => p.label + shown(p, fields.get(p.name).get()));
  if (set.length > 3) named.push("and " + (set.length - 3) + " more");
  section.summary.textContent = "More options" + (set.length ? " (set: " + named.join("; ") + ")" : "");
  if (set.length) section.box.dataset.changed = "1";
  else delete section.box.dataset.changed;
}

function actionBar(schema, onRequest, hasRulings) {
  const runLabel = (schema.run && schema.run.label) || "Calculate";
  const parts = {
    runBtn: el("button", { type: "submit", class: "md-button md-button--primary calc-run", text: runLabel,
      hidden: !onRequest }),
    nextBtn: button("calc-next", "Continue", { hidden: true }),
    cancelBtn: button("calc-cancel", "Cancel", { hidden: true }),
    progress: el("progress", { class: "calc-progress", max: 1, value: 0, hidden: true, "aria-label": "Progress" }),
    importInput: el("input", { type: "file", accept: "application/json,.json", class: "calc-import-file",
      hidden: true }),
    compareBtn: hasRulings ? button("calc-compare-readings", "Compare readings") : null,
  };
  // Reset is last, away from Continue: a double tap on Continue must never land on it.
  parts.bar = el("div", { class: "calc-actions" }, parts.runBtn, parts.nextBtn, parts.cancelBtn, parts.progress,
    parts.compareBtn, button("calc-copy-link", "Copy link"), button("calc-save", "Save in this browser"),
    button("calc-restore", "Restore saved"), button("calc-export", "Export JSON"), button("calc-import", "Import JSON"),
    parts.importInput, button("calc-reset", "Reset"));
  return parts;
}

// The status line (the engine's start-up, the note on what a button did) goes under the buttons, where
// the reader has just pressed one and the gap before the result leaves room for it: at the top of the
// widget, its line, kept empty most of the time so that words in it never move the form, was an empty
// band above the first field (issue 24). It moves with the action bar (a board takes the bar beside its
// map). Without JavaScript it stays in the widget's head, saying the live calculator needs it.
function holdStatus(widgetEl, bar) {
  const status = widgetEl.querySelector(".calc-status");
  if (!status) return;
  if (status.parentNode && status.parentNode.classList.contains("calc-head")) {
    status.parentNode.dataset.statusMoved = ""; // forms.css: the head keeps no room for it
  }
  bar.append(status);
}

// A help said once: a field whose help is word for word the one of the field just above it (Player 2 to 6's
// cards, each ruling's "Which reading...") does not show it again; it still describes the field to a screen
// reader (aria-describedby reads hidden text).
function sayOnce(f, prev) {
  const help = f.box.querySelector(":scope > .calc-help");
  const before = prev && prev.box.querySelector(":scope > .calc-help");
  if (help && before && help.textContent !== "" && help.textContent === before.textContent) help.hidden = true;
}

// Builds the form into the widget's slot. onChange(name): a field changed itself (a group's buttons).
// Returns the form's parts: {form, fields: Map(name -> field), presetSelect, rulings, more, bar, runBtn, nextBtn,
// cancelBtn, progress, compareBtn, importInput, banner, formError, linkBox}.
export function buildForm(widgetEl, schema, onRequest, onChange) {
  const wid = widgetEl.id;
  // A named form is a landmark: its name comes from landmarks.js, unique on the page.
  const form = el("form", { class: "calc-form", novalidate: true });
  const fields = new Map();
  let presetSelect = null;
  // group -> {box, summary, fields}: the folded sections come after the fields shown, in the order their
  // first parameters come in the schema ("more" before "rulings", whose parameters the registry puts last).
  const sections = {};
  let last = null; // the field just before, in the form itself
  const above = new Map(); // container -> the field just before in it
  if (schema.presets) {
    const chooser = presetChooser(wid, schema.presets);
    presetSelect = chooser.select;
    form.append(chooser.box);
  }
  for (const p of schema.params) {
    const f = makeField(wid, p, onChange);
    fields.set(p.name, f);
    const make = Object.hasOwn(SECTIONS, p.group || "") ? SECTIONS[p.group] : null;
    if (make) {
      sections[p.group] = sections[p.group] || make();
      sections[p.group].fields.append(f.box);
      last = null;
    } else {
      form.append(f.box);
      if (last && mayBeAbsent(last) && mayBeAbsent(f)) f.follow(last);
      last = f;
    }
    sayOnce(f, above.get(f.box.parentNode));
    above.set(f.box.parentNode, f);
  }
  for (const section of Object.values(sections)) form.append(section.box);
  const rulings = sections.rulings || null;
  const actions = actionBar(schema, onRequest, !!rulings);
  form.append(actions.bar);
  holdStatus(widgetEl, actions.bar);
  const banner = el("p", { class: "calc-stale-note", role: "status", hidden: true });
  const formError = el("p", { class: "calc-error", role: "alert", hidden: true });
  const linkBox = el("input", { type: "text", class: "calc-link-box", readonly: true, hidden: true,
    "aria-label": "Link to this calculation" });
  widgetEl.querySelector(".calc-form-slot").replaceWith(form, linkBox, formError);
  widgetEl.querySelector(".calc-result").before(banner);
  const more = sections.more || null;
  if (more) showMore(more, schema.params, fields);
  return { form, fields, presetSelect, rulings, more, banner, formError, linkBox, ...actions };
}

// The form laid out while the page is still being read, from the widget's schema and starting values,
// before the page is first drawn (assets/engine/early-form.js, run by a script inside each widget): the
// live form (buildForm, once the calculator code has loaded) takes its place without moving anything. Inert
// until then: nothing typed into it could be lost.
export function earlyForm(widgetEl) {
  const slot = widgetEl && widgetEl.querySelector(".calc-form-slot");
  if (!slot || slot.firstChild || widgetEl.dataset.ready) return;
  let schema;
  let defaults;
  try {
    schema = JSON.parse(widgetEl.dataset.schema);
    defaults = JSON.parse(widgetEl.dataset.defaults || "{}");
  } catch (e) {
    return;
  }
  const holder = el("div", {}, el("div", { class: "calc-form-slot" }), el("div", { class: "calc-result" }));
  holder.id = widgetEl.id;
  let onChange = null; // the live widget's, once it adopts this form (adoptEarlyForm)
  const parts = buildForm(holder, schema, !!(schema.run && schema.run.mode === "on_request"),
    (name) => onChange && onChange(name));
  for (const p of schema.params) {
    parts.fields.get(p.name).set(Object.hasOwn(defaults, p.name) ? defaults[p.name] : p.default);
  }
  if (parts.more) showMore(parts.more, schema.params, parts.fields);
  if (parts.rulings) parts.rulings.summary.textContent = "Rulings: the site's readings";
  parts.form.inert = true;
  // A board's fields are shown only with the board above them (widgets.js initWidget): until then the form keeps
  // its room, out of sight, so that nothing seen moves when the map comes in over the fields.
  if (schema.board) parts.form.style.visibility = "hidden";
  holdStatus(widgetEl, parts.bar);
  slot.append(parts.form);
  parts.listen = (fn) => {
    onChange = fn;
  };
  widgetEl.calcEarlyForm = parts;
  // The line the status takes once the calculator code runs (its text then comes from the engine).
  const status = widgetEl.querySelector(".calc-status");
  if (status) status.textContent = STARTING;
}

// The early form, taken over by the live widget (widget.js) instead of a second form made and swapped in:
// nothing on the page is rebuilt or laid out again (issue 25). Its parts, as buildForm returns them, or null
// when there is none to take (a page swapped in by instant navigation, or one changed since).
export function adoptEarlyForm(widgetEl, onChange) {
  const parts = widgetEl.calcEarlyForm;
  delete widgetEl.calcEarlyForm;
  const slot = widgetEl.querySelector(":scope > .calc-form-slot");
  const result = widgetEl.querySelector(":scope > .calc-result");
  if (!parts || !slot || !result || parts.form.parentNode !== slot) return null;
  parts.listen(onChange);
  slot.replaceWith(parts.form, parts.linkBox, parts.formError);
  result.before(parts.banner);
  parts.form.inert = false;
  return parts;
}
