// A widget's fields kept outside the page: a link, a state saved in this browser, a JSON file
// ({calc, params: {name: value}}). A saved state or file is checked only as far as reading it into
// the form needs (its calculator, and a value each field can hold); what its values mean is the
// engine's to say, once the fields are filled and worked out.
import { download, has, isRecord } from "./dom.js";

const STORE = "martian-front:";
const MAX_FILE = 200000;

// What keeps a text from being a saved state ({calc, params}) for this calculator, in the reader's
// words; "" when it is one. A game file (the board's Export game) is named as such.
export function documentProblem(text, calc, board) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return "it is not a saved calculator state (it is not JSON).";
  }
  if (doc && typeof doc === "object" && doc.format === "martian-front-game") {
    return "this file is a saved game" +
      (board ? ": use Import game, on the board, to load it." : ", not a saved calculator state.");
  }
  if (!isRecord(doc) || !has(doc, "params") || !isRecord(doc.params)) {
    return "it is not a saved calculator state (Export JSON writes one: its calculator and its fields).";
  }
  if (!has(doc, "calc") || doc.calc !== calc) {
    const named = has(doc, "calc") ? "“" + String(doc.calc).slice(0, 40) + "”" : "no calculator";
    return "it is for " + named + ", not this one (" + calc + ").";
  }
  return "";
}

// The values of a saved state that the form can hold ({values: Map}), or why it cannot ({problems}):
// a name that is not one of the fields, or a list or object where a field holds one value.
function readParams(params, fields) {
  const values = new Map();
  const problems = [];
  for (const [name, v] of Object.entries(params)) {
    const f = fields.get(name);
    if (!f) {
      problems.push("“" + name.slice(0, 30) + "” is not one of its fields");
      continue;
    }
    const scalar = v === null || ["string", "number", "boolean"].includes(typeof v);
    if (!scalar && !(f.group && Array.isArray(v))) {
      problems.push("the value for “" + f.label + "” is " + (Array.isArray(v) ? "a list" : "an object") +
        ", not a value");
      continue;
    }
    values.set(name, v);
  }
  return { values, problems };
}

export class SavedState {
  constructor(widget) {
    this.widget = widget;
  }

  async copyLink() {
    const widget = this.widget;
    const url = widget.link();
    widget.writeHash();
    try {
      await navigator.clipboard.writeText(url);
      widget.linkBox.hidden = true;
      widget.note("Link copied: it opens this calculator with these inputs.");
    } catch (e) {
      widget.linkBox.value = url;
      widget.linkBox.hidden = false;
      widget.linkBox.focus();
      widget.linkBox.select();
      widget.note("Copy the link from the box below the buttons (the browser did not allow copying).");
    }
    widget.w.dataset.link = url;
  }

  save() {
    const { calc } = this.widget;
    try {
      const doc = { calc, params: this.widget.params(), saved: new Date().toISOString() };
      localStorage.setItem(STORE + calc, JSON.stringify(doc));
      this.widget.note("Saved in this browser.");
    } catch (e) {
      this.widget.refuse("Could not save in this browser: " + e.message);
    }
  }

  restore() {
    let text = null;
    try {
      text = localStorage.getItem(STORE + this.widget.calc);
    } catch (e) { /* storage blocked */ }
    if (!text) {
      this.widget.refuse("Nothing saved for this calculator in this browser yet.");
      return;
    }
    this.apply(text, "The saved state");
  }

  exportJson() {
    const widget = this.widget;
    const doc = { calc: widget.calc, params: widget.params(),
      summary: widget.lastResult ? widget.lastResult.summary : null, exported: new Date().toISOString() };
    download(widget.calc + ".json", new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" }));
  }

  async importJson(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_FILE) {
      this.widget.refuse("That file is too large to be a saved calculator state.");
      return;
    }
    this.apply(await file.text(), "That file");
  }

  // Checked before it touches the form: a wrong calculator, or a value no field can hold, is said
  // plainly, and nothing is filled in.
  apply(text, what) {
    const widget = this.widget;
    const problem = documentProblem(text, widget.calc, !!widget.schema.board);
    if (problem) {
      widget.refuse(what + " was not loaded: " + problem);
      return;
    }
    const { values, problems } = readParams(JSON.parse(text).params, widget.fields);
    if (problems.length) {
      widget.refuse(what + " cannot be loaded: " + problems.slice(0, 3).join("; ") + ".");
      return;
    }
    widget.fill(values, { replace: true });
    widget.note(what + " was loaded into the fields.");
    widget.compute("file");
  }
}
