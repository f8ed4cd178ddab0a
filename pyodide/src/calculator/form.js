// The widget's form, laid out from the calculator's schema: the preset chooser, one field per
// parameter (fields.js), the parameters of a folded section together (the "rulings" group, issue 19),
// and the buttons. It only builds: widget.js wires what the buttons do.
import { button, el } from "./dom.js";
import { makeField } from "./fields.js";

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

// Builds the form into the widget's slot. onChange(name): a field changed itself (a group's buttons).
// Returns the form's parts: {form, fields: Map(name -> field), presetSelect, rulings, bar, runBtn, nextBtn,
// cancelBtn, progress, compareBtn, importInput, banner, formError, linkBox}.
export function buildForm(widgetEl, schema, onRequest, onChange) {
  const wid = widgetEl.id;
  // A named form is a landmark: its name comes from landmarks.js, unique on the page.
  const form = el("form", { class: "calc-form", novalidate: true });
  const fields = new Map();
  let presetSelect = null;
  let rulings = null;
  if (schema.presets) {
    const chooser = presetChooser(wid, schema.presets);
    presetSelect = chooser.select;
    form.append(chooser.box);
  }
  for (const p of schema.params) {
    const f = makeField(wid, p, onChange);
    fields.set(p.name, f);
    if (p.group === "rulings") {
      if (!rulings) {
        rulings = rulingsSection();
        form.append(rulings.box);
      }
      rulings.fields.append(f.box);
    } else {
      form.append(f.box);
    }
  }
  const actions = actionBar(schema, onRequest, !!rulings);
  form.append(actions.bar);
  const banner = el("p", { class: "calc-stale-note", role: "status", hidden: true });
  const formError = el("p", { class: "calc-error", role: "alert", hidden: true });
  const linkBox = el("input", { type: "text", class: "calc-link-box", readonly: true, hidden: true,
    "aria-label": "Link to this calculation" });
  widgetEl.querySelector(".calc-form-slot").replaceWith(form, linkBox, formError);
  widgetEl.querySelector(".calc-result").before(banner);
  return { form, fields, presetSelect, rulings, banner, formError, linkBox, ...actions };
}
