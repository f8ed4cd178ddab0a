// The game in progress kept in this browser (issue 23): on every change, the whole game (the phases
// played and the boxes as they are) is written to localStorage, one per board (each calculator apart:
// the standard board and War of the Worlds do not share a game), and brought back when the page opens
// without a game or a state of its own in the address (a link wins over what is kept). It is the same
// document as Export game and the game link (game-file.js), read back by the same reader; the phase the
// boxes hold is kept beside it, to say which phase is back. Storage full or blocked: the board works on
// and says once that the game is kept only as long as the page.
import { button } from "../calculator/dom.js";
import { parseState } from "../link-state.js";
import { readGame } from "./game-file.js";
import { PREFIX } from "./share.js";

const STORE = "martian-front:autosave:";

export class Autosave {
  // board: the Board (board.js): its widget, spec, history, files and status line.
  constructor(board) {
    this.board = board;
    this.last = null; // the text last written (an unchanged game is not written again)
    this.blocked = false; // the browser refused to keep it (said once)
    this.backNote = ""; // the line that says a game came back, while it is shown
    this.newBtn = button("board-new", "New game", { hidden: true });
    board.parts.restoreBtn.after(this.newBtn);
    this.newBtn.addEventListener("click", () => this.newGame());
    // A page opened on a link shows the link's game, but the game kept here stays kept until the player plays
    // on (types or clicks an order, or continues): opening a link loses nothing.
    this.held = false;
    // Only the player's own typing or clicks count (filling the boxes from a link sends input events too).
    const release = (e) => {
      if (e.isTrusted || e.type === "calc:continue") this.held = false;
    };
    board.cw.form.addEventListener("input", release);
    board.parts.panel.addEventListener("click", release);
    board.widgetEl.addEventListener("calc:continue", release);
    for (const type of ["calc:result", "calc:continue"]) board.widgetEl.addEventListener(type, () => this.dismiss());
    // A link opened on this very page (only the address's hash changed; or Back, Forward): the widget says so
    // before it fills the boxes. (A hashchange listener of this board's own would run too late: listeners on
    // window run in the order they were added, and the widgets' own, which fills the boxes, came first.)
    board.widgetEl.addEventListener("calc:link", () => {
      this.held = true;
    });
  }

  // The address holds a game, or this board's boxes.
  linked() {
    const state = parseState(location.hash);
    return location.hash.startsWith(PREFIX) || (!!state && state.calc === this.board.cw.calc);
  }

  key() {
    return STORE + this.board.cw.calc;
  }

  // A game worth keeping: a phase played, or orders other than the page's starting ones.
  inProgress() {
    const { history, cw, spec } = this.board;
    const params = cw.params();
    const text = (v) => String(v === null || v === undefined ? "" : v).trim();
    return history.phases.length > 0 || spec.orders.some((n) => text(params[n]) !== text(cw.pageDefaults.get(n)));
  }

  save() {
    const board = this.board;
    if (this.restoring || this.held || !board.widgetEl.isConnected) return;
    try {
      if (!this.inProgress()) {
        if (this.last !== "") localStorage.removeItem(this.key());
        this.last = "";
        return;
      }
      const doc = Object.assign(board.files.doc(), { phase: board.options ? board.options.phase : "" });
      const text = JSON.stringify(doc);
      if (text !== this.last) localStorage.setItem(this.key(), text);
      this.last = text;
    } catch (e) {
      if (this.blocked) return;
      this.blocked = true;
      board.tell("This browser does not let the page keep your game (" + (e.name || "storage refused") +
        "): it lasts as long as the page. Export game or Copy game link keeps it.");
    }
  }

  // Brings back the game kept, unless the address holds a game or this board's state, or the tab's own
  // copy already brought it back (game-file.js). Returns whether a game came back.
  restore() {
    const board = this.board;
    if (this.linked() || board.history.phases.length) {
      this.held = true;
      return false;
    }
    let text = null;
    try {
      text = localStorage.getItem(this.key());
    } catch (e) { /* storage blocked: nothing kept */ }
    if (!text) return false;
    const read = readGame(text, board.cw.calc);
    if (read.problem) {
      this.forget();
      board.tell("The game kept in this browser could not be read (" + read.problem + "): a new game starts.");
      return false;
    }
    let phase = "";
    try {
      phase = String(JSON.parse(text).phase || "");
    } catch (e) { /* readGame read it */ }
    this.restoring = true;
    // The address is left as it was (no game in it): a reload brings the game back from here again.
    board.history.load(read.game.phases, read.game.current, "", phase || "the current phase", { address: false });
    this.restoring = false;
    this.last = text;
    this.backNote = "Your game in progress is back: " + (phase || "the phase you were playing") + ".";
    // Said once, in the board's status line (not also in the live region: the page has just opened).
    board.history.noteText = this.backNote;
    board.history.show();
    return true;
  }

  forget() {
    try {
      localStorage.removeItem(this.key());
    } catch (e) { /* storage blocked: nothing kept */ }
    this.last = "";
  }

  // The player acted (adjudicated, continued, started a new game): the line that says the game came back goes.
  dismiss() {
    const history = this.board.history;
    if (!this.backNote) return;
    if (history.noteText === this.backNote) history.noteText = "";
    this.backNote = "";
    history.show();
  }

  // The New game button stands beside the line that says a game came back.
  show(noteText) {
    this.newBtn.hidden = !this.backNote || noteText !== this.backNote;
  }

  // A new game from the page's starting boxes; the one replaced is put aside (Bring them back), and
  // nothing is kept in this browser until the new game has an order.
  newGame() {
    const { history, cw } = this.board;
    const old = { phases: history.phases, current: cw.params(), why: "New game" };
    this.backNote = "";
    history.phases = [];
    history.views = new Map();
    history.fillBoxes(Object.fromEntries(cw.pageDefaults), "", "New game.");
    history.putAside = old;
    history.showPhase(null);
    this.board.files.save();
  }
}
