// A whole game as a file (Export game / Import game) and kept in this tab (it survives a reload and
// Material's instant navigation): {format, version, calculator, phases: [{label, params, summary}],
// current}. A file is checked whole before anything changes.
import { download, isRecord } from "../calculator/dom.js";
import { plural } from "../calculator/words.js";

const FORMAT = "martian-front-game";
const MAX_FILE = 2000000;
const MAX_PHASES = 1000;
const STORE = "martian-front:game:";
const sameParams = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// What is wrong with a value from a file for a field, by the field's schema ("" when nothing is): the
// kinds of value the form itself gives (Export writes what the form gives).
function valueProblem(f, v) {
  const p = f.p || {};
  if (f.group) return Array.isArray(v) && v.every(isRecord) ? "" : "is not a list of records";
  if (p.type === "bool") return typeof v === "boolean" ? "" : "is not true or false";
  if (v !== null && !["string", "number"].includes(typeof v)) return "is not a text or a number";
  const text = v === null ? "" : String(v);
  const choices = (p.choices || []).map((c) => String(c.value));
  if (p.type === "choice" && !choices.includes(text)) return "is not one of its choices";
  if (p.type === "int" && text.trim() !== "" && !/^\s*-?\d+\s*$/.test(text)) return "is not a whole number";
  const max = p.max_length || (p.type === "text" ? 2000 : 0);
  if (max && text.length > max) return "is longer than " + max + " characters";
  return "";
}

// A file's params for the widget's fields, or what is wrong with them (text).
export function checkParams(params, fields, where) {
  if (!isRecord(params)) return where + ": its “params” must be a record of field: value.";
  for (const [name, v] of Object.entries(params)) {
    const f = fields.get(name);
    if (!f) return where + ": “" + name.slice(0, 30) + "” is not a field of this calculator.";
    const wrong = valueProblem(f, v);
    if (wrong) return where + ": the value of “" + (f.label || name) + "” " + wrong + ".";
  }
  return params;
}

// The game in a file's text: {game: {phases, current}}, or {problem} (in the reader's words).
export function readGame(text, calc, fields) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { problem: "it is not JSON." };
  }
  if (!isRecord(doc) || doc.format !== FORMAT) {
    return { problem: "it is not a game file (its “format” is not " + FORMAT + ")." };
  }
  if (doc.version !== 1) return { problem: "it is a game file of a version this page does not read." };
  if (doc.calculator !== calc) {
    const named = typeof doc.calculator === "string" ? "“" + doc.calculator.slice(0, 40) + "”" : "no calculator";
    return { problem: "it is a game of " + named + ", not of this one (" + calc + ")." };
  }
  if (!Array.isArray(doc.phases) || doc.phases.length > MAX_PHASES) {
    return { problem: "its “phases” must be a list of at most " + MAX_PHASES + "." };
  }
  const phases = [];
  for (const [i, p] of doc.phases.entries()) {
    if (!isRecord(p)) return { problem: "phase " + (i + 1) + " is not a record." };
    const params = checkParams(p.params, fields, "phase " + (i + 1));
    if (typeof params === "string") return { problem: params };
    if (typeof p.label !== "string" || typeof p.summary !== "string") {
      return { problem: "phase " + (i + 1) + " needs a “label” and a “summary” (text)." };
    }
    phases.push({ label: p.label, params, summary: p.summary });
  }
  const current = checkParams(doc.current, fields, "the current phase");
  if (typeof current === "string") return { problem: current };
  return { game: { phases, current } };
}

export class GameFiles {
  // board: the Board (board.js): its widget, history, engine and status line.
  constructor(board) {
    this.board = board;
    this.reading = 0; // the file being read (a newer one supersedes it)
  }

  doc() {
    const { cw, history } = this.board;
    return { format: FORMAT, version: 1, calculator: cw.calc,
      phases: history.phases.map((p) => ({ label: p.label, params: p.params, summary: p.summary })),
      current: cw.params() };
  }

  exportGame() {
    const text = JSON.stringify(this.doc(), null, 1) + "\n";
    download(this.board.cw.calc + "-game.json", new Blob([text], { type: "application/json" }));
    const n = this.board.history.phases.length;
    this.board.tell("Exported the game: " + plural(n, "phase") + " played and the boxes as they are.");
  }

  async importGame(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const reading = ++this.reading;
    if (file.size > MAX_FILE) {
      this.board.refuse("The game was not loaded: that file is too large to be a saved game (at most 2 MB).");
      return;
    }
    const read = readGame(await file.text(), this.board.cw.calc, this.board.cw.fields);
    if (reading !== this.reading || !this.board.widgetEl.isConnected) return;
    if (read.problem) this.board.refuse("The game was not loaded: " + read.problem);
    else this.load(read.game);
  }

  load(game) {
    const loaded = "Loaded the game from the file: " + plural(game.phases.length, "phase") +
      " played; the boxes hold the phase to play next.";
    this.board.history.load(game.phases, game.current, loaded);
    this.board.announce(loaded);
    this.save();
  }

  // The game survives a reload and Material's instant navigation (in this tab only).
  storeKey() {
    return STORE + this.board.cw.calc + ":" + location.pathname;
  }

  save() {
    try {
      if (this.board.history.phases.length) sessionStorage.setItem(this.storeKey(), JSON.stringify(this.doc()));
      else sessionStorage.removeItem(this.storeKey());
    } catch (e) { /* storage blocked: the game lives as long as the page */ }
  }

  // The game kept in this tab, if the boxes are still the ones it was kept with.
  restore() {
    let doc;
    try {
      doc = JSON.parse(sessionStorage.getItem(this.storeKey()) || "null");
    } catch (e) {
      doc = null;
    }
    if (!doc || !Array.isArray(doc.phases) || !sameParams(doc.current, this.board.cw.params())) return;
    const fields = this.board.cw.fields;
    if (!doc.phases.every((p) => isRecord(p) && typeof checkParams(p.params, fields, "") !== "string")) return;
    const history = this.board.history;
    history.phases = doc.phases.map((p) => ({ label: String(p.label || ""), params: p.params,
      summary: String(p.summary || "") }));
    history.noteText = "The game of " + plural(history.phases.length, "phase") +
      " played so far is back (kept in this tab).";
  }
}
