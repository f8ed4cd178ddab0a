// A whole game as a file (Export game / Import game) and kept in this tab (it survives a reload and
// Material's instant navigation): {format, version, calculator, phases: [{label, params, summary}],
// current}. Reading a file checks what is needed to read it at all (its size, JSON, the shape of the
// document); what its values mean is the engine's to say (its parameter checks name the field).
import { download, isRecord } from "../calculator/dom.js";
import { fieldMessage } from "../calculator/field-errors.js";
import { plural } from "../calculator/words.js";
import { gameFromHash, gameLink } from "./share.js";

const FORMAT = "martian-front-game";
const MAX_FILE = 2000000;
const MAX_PHASES = 1000;
const STORE = "martian-front:game:";
const sameParams = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const slug = (text) => text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

// Gives up waiting for a promise after ms (a clipboard that never answers).
const within = (promise, ms) => Promise.race([promise, new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("timeout")), ms);
})]);

// The game in a file's text: {game: {phases, current}}, or {problem} (in the reader's words).
export function readGame(text, calc) {
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
    if (!isRecord(p.params)) {
      return { problem: "phase " + (i + 1) + ": its “params” must be a record of field: value." };
    }
    if (typeof p.label !== "string" || typeof p.summary !== "string") {
      return { problem: "phase " + (i + 1) + " needs a “label” and a “summary” (text)." };
    }
    phases.push({ label: p.label, params: p.params, summary: p.summary });
  }
  if (!isRecord(doc.current)) return { problem: "the current phase: its “params” must be a record of field: value." };
  return { game: { phases, current: doc.current } };
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

  // "diplomacy-game-spring-1902-movement.json": the game and the phase its boxes hold.
  fileName() {
    const { cw, options } = this.board;
    const game = String(cw.schema.title || cw.calc).replace(/adjudicator/i, "");
    return slug(game + " game " + (options ? options.phase : "")) + ".json";
  }

  exportGame() {
    const text = JSON.stringify(this.doc(), null, 1) + "\n";
    download(this.fileName(), new Blob([text], { type: "application/json" }));
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
    const read = readGame(await file.text(), this.board.cw.calc);
    const problem = read.problem || await this.check(read.game);
    if (reading !== this.reading || !this.board.widgetEl.isConnected) return;
    if (problem) this.board.refuse("The game was not loaded: " + problem);
    else this.load(read.game);
  }

  // What the engine says is wrong with the boxes the game would fill ("" when nothing is), asked of the
  // widget's own calculator (its result is not shown): a file whose boxes the engine refuses changes
  // nothing. The phases played are the engine's to work out when each is shown again (history.js):
  // one that no longer works out (a file edited by hand, an engine changed since) says why there.
  async check(game) {
    const { cw, engine } = this.board;
    const result = await engine.run(cw.calc, game.current, null, cw.root).promise;
    if (result && result.ok) return "";
    const error = (result && result.error) || {};
    const field = typeof error.field === "string" ? cw.fields.get(error.field) : null;
    return "the current phase: " + fieldMessage(field, error.message || "no answer from the engine.");
  }

  // Copy game link: the whole game in the address (share.js), shown in a box and copied when the browser lets it.
  async shareGame() {
    const made = await gameLink(this.doc(), location.href.split("#")[0]);
    if (made.problem) {
      this.board.refuse("No link was made: " + made.problem);
      return;
    }
    const box = this.board.parts.linkBox;
    box.value = made.link;
    box.hidden = false;
    let copied = true;
    try {
      await within(navigator.clipboard.writeText(made.link), 1000);
    } catch (e) {
      copied = false;
    }
    const n = this.board.history.phases.length;
    this.board.tell((copied ? "Copied a link" : "A link (copy it from the box)") + " to the whole game: " +
      plural(n, "phase") + " played and the boxes as they are, " + made.link.length.toLocaleString("en") +
      " characters (at most 32,000).");
  }

  // A game link opened ("#game=..."): the game loads as a file would, or says why not. Returns whether
  // the address held a game of this board's calculator.
  async fromLink() {
    const got = await gameFromHash(location.hash);
    if (!got) return false;
    if (got.text) {
      let calc = null;
      try {
        calc = JSON.parse(got.text).calculator;
      } catch (e) { /* readGame says so */ }
      if (calc && calc !== this.board.cw.calc) return false; // another board's game
    }
    const read = got.problem ? { problem: got.problem } : readGame(got.text, this.board.cw.calc);
    const problem = read.problem || await this.check(read.game);
    if (!this.board.widgetEl.isConnected) return false;
    if (problem) {
      this.board.refuse("The game in the link was not loaded: " + problem);
      return true;
    }
    const loaded = "Loaded the game from the link: " + plural(read.game.phases.length, "phase") +
      " played; the boxes hold the phase to play next.";
    this.board.history.load(read.game.phases, read.game.current, loaded);
    this.board.announce(loaded);
    this.save();
    return true;
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
    if (this.board.autosave) this.board.autosave.save();
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
    if (!doc.phases.every((p) => isRecord(p) && isRecord(p.params))) return;
    const history = this.board.history;
    history.phases = doc.phases.map((p) => ({ label: String(p.label || ""), params: p.params,
      summary: String(p.summary || "") }));
    history.noteText = "The game of " + plural(history.phases.length, "phase") +
      " played so far is back (kept in this tab).";
  }
}
