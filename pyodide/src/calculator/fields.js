// The form's fields, made from the calculator's parameter schema (calculators/core/params.py): a new
// calculator needs no JavaScript. A parameter becomes a field by the schema's widget hint (`widget`),
// when a kind of that name is registered here, else by its type. Every field offers the same face to
// the form: {p, box, err, input, label, get(), set(value), invalid(on), focus()}; a group adds
// {group: true, part(), parts(), nameOf()} (group-field.js).
import { el, toggleAttribute } from "./dom.js";
import { GroupField } from "./group-field.js";
import { KeyValuesField } from "./key-values-field.js";
import { paramLabel } from "./params.js";

// The input element for a scalar parameter (int, bool, choice, text, int_list).
function inputFor(id, p) {
  if (p.type === "bool") return el("input", { type: "checkbox", id, name: p.name });
  if (p.type === "choice") {
    const select = el("select", { id, name: p.name });
    for (const c of p.choices) select.append(el("option", { value: c.value, text: c.label }));
    return select;
  }
  if (p.type === "text" && p.multiline) {
    return el("textarea", { id, name: p.name, rows: 6, maxlength: p.max_length, spellcheck: "false",
      placeholder: p.placeholder || null });
  }
  if (p.type === "int" || p.type === "decimal") {
    // A decimal (a range in inches, 7.5) needs the point on a phone's keypad.
    return el("input", { type: "text", inputmode: p.type === "decimal" ? "decimal" : "numeric", autocomplete: "off",
      id, name: p.name,
      placeholder: p.placeholder || (p.optional ? "(empty)" : null) });
  }
  return el("input", { type: "text", id, name: p.name, maxlength: p.max_length || 2000, spellcheck: "false",
    autocomplete: "off", placeholder: p.placeholder || null });
}

const TRUE_TEXT = ["true", "1", "yes", "on"];

// Puts a value from the schema, a link, a file or a preset into an input, as text.
function setInput(input, p, v) {
  if (p.type === "bool") {
    input.checked = v === true || (typeof v === "string" && TRUE_TEXT.includes(v.trim().toLowerCase())) || v === 1;
  } else if (p.type === "choice" && typeof v === "string" && !Array.from(input.options).some((o) => o.value === v)) {
    // A link's unknown choice is shown, not silently replaced: the engine says what is wrong.
    input.append(el("option", { value: v, text: v, "data-foreign": "1" }));
    input.value = v;
  } else {
    input.value = v === null || v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v);
  }
}

// A menu's closed box shows one line of its chosen label, cut at a phone's width (issue 24: "Answer earlier players:
// reroll dice that lose to those wh"). A menu with a label longer than that says the chosen one in full under it:
// for the eye only, since the menu itself names its choice to a screen reader.
const LONG_CHOICE = 40; // characters: what a 390 px phone's menu shows
function fullChoice(p, input) {
  if (p.type !== "choice" || !p.choices.some((c) => c.label.length > LONG_CHOICE)) return null;
  const line = el("span", { class: "calc-choice-full", "aria-hidden": "true" });
  const show = () => {
    const o = input.selectedOptions[0];
    line.textContent = o && o.text.length > LONG_CHOICE ? o.text : "";
    line.hidden = !line.textContent;
  };
  input.addEventListener("change", show);
  show();
  return { line, show };
}

// One input for a scalar parameter: its element, how to read and set its value, where its error goes.
export function scalarField(wid, p) {
  const id = wid + "-" + p.name;
  const input = inputFor(id, p);
  const full = fullChoice(p, input);
  const help = el("small", { class: "calc-help", id: id + "-help", text: p.help || "" });
  const err = el("small", { class: "calc-field-error", id: id + "-error", role: "alert", hidden: true });
  input.setAttribute("aria-describedby", id + "-help " + id + "-error");
  const label = el("label", { for: id, text: paramLabel(p) });
  const lines = input.localName === "textarea" ? " calc-field-lines" : ""; // across the form (site.css)
  const box = el("div", { class: "calc-field calc-field-" + p.type + lines, "data-param": p.name },
    p.type === "bool" ? el("span", { class: "calc-check" }, input, label) : label,
    p.type === "bool" ? null : input, full && full.line, help, err);
  return {
    p, box, err, input, label: p.label,
    get: () => (p.type === "bool" ? input.checked : input.value),
    set: (v) => {
      setInput(input, p, v);
      if (full) full.show();
    },
    invalid: (on) => toggleAttribute(input, "aria-invalid", on),
    focus: () => input.focus(),
  };
}

// Kinds of field by name: a type of the schema, or a widget hint a schema may give a parameter.
// make(wid, p, onChange) -> a field; onChange(name) tells the form of a change it made itself.
const KINDS = new Map([
  ["group", (wid, p, onChange) => new GroupField(wid, p, onChange, makeField)],
  ["key-values", (wid, p, onChange) => new KeyValuesField(wid, p, onChange)],
]);

export function registerFieldKind(name, make) {
  KINDS.set(name, make);
}

export function makeField(wid, p, onChange) {
  const make = (p.widget && KINDS.get(p.widget)) || KINDS.get(p.type) || scalarField;
  return make(wid, p, onChange);
}
