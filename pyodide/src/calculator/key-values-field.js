// A text parameter edited with touch controls (the schema's widget hint "key-values", issue 24): a line of
// key=value parts such as "S=1 M=1 dice=d8,d6", each part a control the schema describes (its `parts`):
// a stepper for a count, a dice picker for a list of dice (each die with the value it shows, when asked),
// a menu for a choice. The line itself stays the value (in links, saved states, the CLI and the engine):
// the controls read it and write it, and it can always be typed, under "As text". A line the controls
// cannot show (a key they do not know, a count written otherwise) is left as typed, and the engine judges it.
import { button, el, toggleAttribute } from "./dom.js";
import { paramLabel } from "./params.js";

const DIE = /^(\d{1,2})?d(\d{1,4})$|^(\d{1,4})$/;
const SHOWN = /^d?(\d{1,4}):(\d{0,4})$/;

// {key: [part, text]} from a line, or null when the controls cannot show it.
function readLine(text, parts) {
  const byKey = new Map();
  for (const part of parts) {
    for (const k of [part.key, ...(part.aliases || [])]) byKey.set(k.toLowerCase(), part);
  }
  const found = new Map();
  const line = text.trim();
  if (!line) return found;
  for (const chunk of line.split(/\s+(?=[A-Za-z]+\s*=)/)) {
    const at = chunk.indexOf("=");
    if (at < 0) return null;
    const part = byKey.get(chunk.slice(0, at).trim().toLowerCase());
    if (!part || found.has(part.key)) return null;
    const value = readPart(part, chunk.slice(at + 1).trim());
    if (value === null) return null;
    found.set(part.key, value);
  }
  return found;
}

// A part's value: a count, a list of dice [{faces, shows}], or a choice; null when the controls cannot show it.
function readPart(part, text) {
  if (part.kind === "count") {
    if (!/^\d{1,3}$/.test(text)) return null;
    const n = Number(text);
    return n >= part.min && n <= part.max ? n : null;
  }
  if (part.kind === "choice") return (part.choices || []).some((c) => c.value === text) ? text : null;
  const dice = [];
  for (const tok of text.toLowerCase().split(/[,\s+]+/).filter((t) => t && t !== "-" && t !== "none")) {
    const shown = part.showing ? SHOWN.exec(tok) : null;
    const plain = part.showing ? null : DIE.exec(tok);
    if (shown) {
      dice.push({ faces: Number(shown[1]), shows: shown[2] });
    } else if (plain) {
      const count = plain[1] ? Number(plain[1]) : 1;
      const faces = Number(plain[2] || plain[3]);
      for (let i = 0; i < count && dice.length <= part.max; i++) dice.push({ faces, shows: "" });
    } else {
      return null;
    }
    if (dice.length > part.max) return null;
  }
  return dice;
}

// The line for the parts' values, in the parts' order; what is zero or empty is left out.
function writeLine(parts, values) {
  const out = [];
  for (const part of parts) {
    const v = values.get(part.key);
    if (part.kind === "count" && v) out.push(part.key + "=" + v);
    if (part.kind === "choice" && v) out.push(part.key + "=" + v);
    if (part.kind === "dice" && v && v.length) {
      out.push(part.key + "=" + v.map((d) => "d" + d.faces + (part.showing ? ":" + d.shows : "")).join(","));
    }
  }
  return out.join(" ");
}

export class KeyValuesField {
  constructor(wid, p, onChange) {
    this.p = p;
    this.label = p.label;
    this.onChange = onChange;
    this.parts = p.parts || [];
    this.id = wid + "-" + p.name;
    this.values = new Map();
    this.input = el("input", { type: "text", id: this.id, name: p.name, maxlength: p.max_length || 200,
      spellcheck: "false", autocomplete: "off", placeholder: p.placeholder || null,
      "aria-describedby": this.id + "-help " + this.id + "-error" });
    this.err = el("small", { class: "calc-field-error", id: this.id + "-error", role: "alert", hidden: true });
    this.note = el("p", { class: "calc-kv-note", hidden: true,
      text: "The controls cannot show this line: edit it as text (the calculator reads it as typed)." });
    this.controls = el("div", { class: "calc-kv-controls" });
    this.folded = el("div", { class: "calc-kv-folded" });
    const folded = this.parts.filter((x) => x.fold).map((x) => x.label.toLowerCase());
    const summary = folded.length ? folded.join(", ") + ", or as text" : "as text";
    this.more = el("details", { class: "calc-kv-more" },
      el("summary", { text: summary[0].toUpperCase() + summary.slice(1) }),
      this.folded,
      el("div", { class: "calc-kv-text" }, el("label", { for: this.id, text: paramLabel(p) + " as text" }), this.input,
        el("small", { class: "calc-help", id: this.id + "-help", text: p.help || "" })));
    this.addBtn = button("calc-kv-add", "Add " + p.label, { hidden: true });
    this.addBtn.addEventListener("click", () => {
      this.open = true;
      this.render();
      this.focus();
    });
    this.box = el("fieldset", { class: "calc-field calc-field-kv", "data-param": p.name, id: this.id + "-set" },
      el("legend", { text: paramLabel(p) }), this.addBtn, this.controls, this.note, this.more, this.err);
    this.open = false; // an empty line shows only its Add button until the reader opens it
    this.before = null; // the field before this one in a series of optional lines (follow(), form.js)
    this.after = null;
    // The controls speak for themselves (onChange); the typed line is the form's own input.
    for (const type of ["input", "change"]) {
      this.controls.addEventListener(type, (e) => e.stopPropagation());
      this.folded.addEventListener(type, (e) => e.stopPropagation());
    }
    // A line being typed stays open, emptied or not: closing it to its Add button took the text box (and the
    // focus) away mid-edit, and the next keys went to the page (a new player's "," turned Material's page).
    this.input.addEventListener("input", () => {
      this.open = true;
      this.read();
    });
    this.read();
  }

  get() {
    return this.input.value;
  }

  set(v) {
    this.input.value = v === null || v === undefined ? "" : String(v);
    this.open = false;
    this.read();
  }

  invalid(on) {
    toggleAttribute(this.input, "aria-invalid", on);
    toggleAttribute(this.box, "aria-invalid", on);
    this.place(); // a line with an error is shown, absent or not
  }

  focus() {
    const first = this.box.querySelector(".calc-kv-controls button:not([disabled]), .calc-kv-controls input");
    (this.addBtn.hidden ? first || this.input : this.addBtn).focus();
  }

  // Absent: an empty line shown only as its Add button.
  absent() {
    return this.input.value.trim() === "" && !this.open && this.readable;
  }

  // This line comes after `field` in a series of lines that may be left empty (Player 3 to 6): an absent
  // line after an absent one is not shown, so that one Add button at a time offers the next line.
  follow(field) {
    this.before = field;
    field.after = this;
    this.place();
  }

  place() {
    const flagged = this.box.hasAttribute("aria-invalid");
    this.box.hidden = this.absent() && this.before !== null && this.before.absent() && !flagged;
    if (this.after) this.after.place();
  }

  // The line as typed, shown in the controls (when they can show it).
  read() {
    const found = readLine(this.input.value, this.parts);
    this.readable = found !== null;
    if (found) this.values = found;
    this.render();
  }

  // A control changed a part: the line is written again, and the form is told.
  write(key, value) {
    this.values.set(key, value);
    this.input.value = writeLine(this.parts, this.values);
    this.render();
    this.onChange(this.p.name);
  }

  render() {
    const empty = this.input.value.trim() === "";
    this.addBtn.hidden = !(empty && !this.open) || !this.readable;
    this.controls.hidden = !this.readable || !this.addBtn.hidden;
    this.more.hidden = !this.addBtn.hidden; // an empty line shows only its Add button
    this.note.hidden = this.readable;
    if (!this.readable) this.more.open = true;
    toggleAttribute(this.box, "data-absent", this.absent());
    this.place();
    // Drawn again, the control that had the focus keeps it (or, now disabled, the nearest of its part).
    const focused = this.box.contains(document.activeElement) ? document.activeElement.dataset.kv : null;
    this.controls.replaceChildren(...this.parts.filter((x) => !x.fold).map((x) => this.control(x)));
    this.folded.replaceChildren(...this.parts.filter((x) => x.fold).map((x) => this.control(x)));
    if (focused) {
      const part = focused.split("|")[0];
      const again = this.box.querySelector(`[data-kv="${CSS.escape(focused)}"]:not([disabled])`) ||
        this.box.querySelector(`[data-kv^="${CSS.escape(part + "|")}"]:not([disabled])`);
      if (again) again.focus();
    }
  }

  control(part) {
    if (part.kind === "count") return this.stepper(part);
    if (part.kind === "dice") return this.dicePicker(part);
    return this.menu(part);
  }

  stepper(part) {
    const n = this.values.get(part.key) || 0;
    const vid = this.id + "-" + part.key + "-value";
    const value = el("output", { class: "calc-kv-value", id: vid, text: String(n) });
    const step = (d, sign, verb) => {
      const b = button("calc-kv-step", sign, { "aria-label": part.label + ": " + verb, "aria-describedby": vid,
        "data-kv": part.key + "|" + sign, disabled: n + d < part.min || n + d > part.max });
      b.addEventListener("click", () => this.write(part.key, n + d));
      return b;
    };
    return el("div", { class: "calc-kv-count", role: "group", "aria-label": part.label },
      el("span", { class: "calc-kv-label", "aria-hidden": "true", text: part.label }),
      el("span", { class: "calc-kv-stepper" }, step(-1, "−", "one fewer"), value, step(1, "+", "one more")));
  }

  dicePicker(part) {
    const dice = this.values.get(part.key) || [];
    const chips = dice.map((d, i) => {
      const name = "d" + d.faces + " (die " + (i + 1) + ")";
      const remove = button("calc-kv-die", part.showing ? "×" : "d" + d.faces + " ×",
        { "aria-label": "Remove " + name, "data-kv": part.key + "|x" + i });
      remove.addEventListener("click", () => this.write(part.key, dice.filter((x, j) => j !== i)));
      if (!part.showing) return remove;
      const shows = el("input", { type: "text", inputmode: "numeric", class: "calc-kv-shows", value: d.shows,
        "aria-label": name + " shows", "data-kv": part.key + "|v" + i, maxlength: 4, autocomplete: "off" });
      shows.addEventListener("input", () => {
        dice[i] = { faces: d.faces, shows: shows.value.trim() };
        this.input.value = writeLine(this.parts, this.values);
        this.onChange(this.p.name);
      });
      return el("span", { class: "calc-kv-chip" }, el("span", { text: "d" + d.faces + " shows" }), shows, remove);
    });
    const adds = (part.faces || []).map((f) => {
      const b = button("calc-kv-add-die", "+d" + f, { "aria-label": "Add a d" + f + " to " + part.label.toLowerCase(),
        "data-kv": part.key + "|+" + f, disabled: dice.length >= part.max });
      b.addEventListener("click", () => this.write(part.key, [...dice, { faces: f, shows: "" }]));
      return b;
    });
    return el("div", { class: "calc-kv-dice", role: "group", "aria-label": part.label },
      el("span", { class: "calc-kv-label", "aria-hidden": "true",
        text: part.label + (dice.length ? "" : ": none") }),
      el("span", { class: "calc-kv-chips" }, ...chips), el("span", { class: "calc-kv-adds" }, ...adds));
  }

  menu(part) {
    const id = this.id + "-" + part.key;
    const select = el("select", { id, "data-kv": part.key + "|" });
    for (const c of part.choices || []) select.append(el("option", { value: c.value, text: c.label }));
    select.value = this.values.get(part.key) || "";
    select.addEventListener("change", () => this.write(part.key, select.value));
    return el("div", { class: "calc-kv-choice" }, el("label", { for: id, text: part.label }), select);
  }
}
