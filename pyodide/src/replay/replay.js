// The replay in place (issue 29): a game loaded into the dip-replay widget (pasted, a preset, or a file
// opened here), then every phase stepped through (Earlier / Later, the phase list) with its map, each
// order with the site's result and reason beside the recording's; a phase that differs is marked, its
// differences named with the ruling that explains them, and the reading that reproduces the recording
// is one click away (it replays the whole game under it). From any phase, "Play on from here" opens the
// phase on the adjudicator's board; the game can be downloaded again as the package's JSON or the site's
// game file.
//
// Rules it keeps (as the widget does): the widget's fields are the one source of truth (a file and a
// reading are filled into them, then replayed by the widget); the replay shows the widget's last result
// and says so when the fields have changed since; every value from a result or a file is set as text;
// the maps come through the page's sanitiser.
import { isRecord } from "../calculator/dom.js";
import { exportGame, playOnUrl, readGameFile } from "./game-io.js";
import { buildPanel } from "./panel.js";
import { PhaseMaps } from "./phase-map.js";
import { fillSelect, phaseName, showGame, showOrders, showPhase, status } from "./phase-view.js";

const CALC = "dip-replay";
let uid = 0;

class Replay {
  constructor(widget, services) {
    this.cw = widget;
    this.engine = services.engine;
    this.id = "replay-" + (++uid);
    this.parts = buildPanel(this.id);
    this.maps = new PhaseMaps(this.parts.figure, this.id + "-", services.engine, services.sanitiser, widget.root);
    this.result = null; // the widget's last result, and the fields it was for
    this.params = null;
    this.key = null;
    this.index = 0;
    this.afterReading = false; // a reading was chosen from the replay: its verdict takes the focus
    widget.resultBox.before(this.parts.panel);
    this.wire();
    if (widget.lastResult) this.shown(widget.lastResult);
  }

  wire() {
    const p = this.parts;
    const w = this.cw.w;
    w.addEventListener("calc:result", (e) => this.shown(e.detail));
    w.addEventListener("calc:filled", () => this.markStale());
    this.cw.form.addEventListener("input", () => this.markStale());
    this.cw.form.addEventListener("change", () => this.markStale());
    // The replay's own controls sit in the widget but are not its fields.
    for (const type of ["input", "change"]) p.panel.addEventListener(type, (e) => e.stopPropagation());
    p.prevBtn.addEventListener("click", () => this.go(this.index - 1));
    p.nextBtn.addEventListener("click", () => this.go(this.index + 1));
    p.select.addEventListener("change", () => this.go(Number(p.select.value)));
    p.openBtn.addEventListener("click", () => p.fileInput.click());
    p.fileInput.addEventListener("change", () => this.open(p.fileInput));
    p.jsonBtn.addEventListener("click", () => this.download("diplomacy-json"));
    p.boardBtn.addEventListener("click", () => this.download("board-file"));
  }

  // ---- the widget's result ------------------------------------------------------------------
  shown(result) {
    if (!result || !result.ok || result.id !== CALC || !isRecord(result.data) || !Array.isArray(result.data.phases)) {
      return;
    }
    // The same game replayed again (under another reading, say): the same phase stays in view.
    // The fields the result is for (the widget's shownKey): the player may have typed on while it ran.
    const key = typeof this.cw.shownKey === "string" ? this.cw.shownKey : this.cw.key();
    const params = Object.fromEntries(JSON.parse(key));
    const sameGame = this.params !== null && params.game === this.params.game;
    const before = sameGame ? this.phases()[this.index] : null;
    this.result = result;
    this.params = params;
    this.key = key;
    this.maps.forget();
    const phases = this.phases();
    const same = before ? phases.findIndex((x) => x.label === before.label && x.name === before.name) : -1;
    this.index = same >= 0 ? same : 0;
    const p = this.parts;
    p.wait.hidden = true;
    p.game.hidden = !phases.length;
    fillSelect(p.select, phases);
    showGame(p, result.data, result.summary, { onReading: (r) => this.useReadings(r), onJump: (i) => this.go(i) });
    this.markStale();
    this.go(this.index, true);
    // After a reading chosen in one click, the reader is taken to what it changed: the phase's verdict.
    if (this.afterReading) p.verdict.focus({ preventScroll: false });
    this.afterReading = false;
  }

  phases() {
    return this.result ? this.result.data.phases : null;
  }

  markStale() {
    const stale = this.result !== null && this.cw.key() !== this.key;
    const p = this.parts;
    p.stale.hidden = !stale;
    p.stale.textContent = stale ? "The fields have changed since this replay: it shows the game as last replayed. " +
      "Press " + this.cw.runBtn.textContent + " to replay it as the fields are now." : "";
    if (stale) p.panel.dataset.stale = "1";
    else delete p.panel.dataset.stale;
  }

  // ---- stepping through the phases -----------------------------------------------------------
  go(i, quiet) {
    const phases = this.phases();
    if (!phases || !phases.length) return;
    this.index = Math.max(0, Math.min(phases.length - 1, i));
    const phase = phases[this.index];
    const p = this.parts;
    p.select.value = String(this.index);
    const focused = document.activeElement;
    p.prevBtn.disabled = this.index === 0;
    p.nextBtn.disabled = this.index === phases.length - 1;
    // A button that went out of use keeps no focus: the phase list takes it, where the reader still is.
    if (focused && focused.disabled && (focused === p.prevBtn || focused === p.nextBtn)) p.select.focus();
    p.panel.dataset.phase = String(this.index);
    p.panel.dataset.matches = String(phase.matches);
    showPhase(p, phase, this.index, phases.length, (r) => this.useReadings(r));
    showOrders(p.orders, phase, this.index, this.result.data, (this.result.readings || {}).cited || {});
    this.showPlayOn(phase);
    if (!quiet) this.say("Showing " + phaseName(phase, this.index) + ", phase " + (this.index + 1) + " of " +
      phases.length + ": " + status(phase) + ".");
    this.maps.show(phase, this.index, String(this.result.data.calculator || "dip-adjudicate"));
  }

  showPlayOn(phase) {
    const p = this.parts;
    const calc = String(this.result.data.calculator || "dip-adjudicate");
    const here = playOnUrl(calc, phase.params);
    // Where the site's result leads, offered where it is not the recording's next phase.
    const next = isRecord(phase.next) && phase.matches === false ? playOnUrl(calc, phase.next) : null;
    p.playOn.hidden = !here;
    p.playNext.hidden = !next;
    if (here) {
      p.playOn.href = here;
      p.playOn.textContent = phase.played ? "Play on from here: this phase on the board" : "Play on from here";
    }
    if (next) {
      p.playNext.href = next;
      p.playNext.textContent = "Play the next phase from the site's result";
    }
    p.playNote.hidden = !!here;
    p.playNote.textContent = here ? "" : "This phase cannot be opened on the board: the page has no link to it.";
  }

  // ---- one click: a reading ---------------------------------------------------------------------
  // Fills the readings into the widget's Rulings group and replays the whole game under them.
  useReadings(readings) {
    const values = {};
    for (const r of readings) {
      if (isRecord(r) && this.cw.fields.has(String(r.param))) values[String(r.param)] = String(r.value);
    }
    if (!Object.keys(values).length) return;
    this.afterReading = this.parts.panel.contains(document.activeElement);
    this.cw.fill(values);
    this.cw.note("Replaying the game under " + readings.map((r) => String(r.name)).join(" and ") + ".");
    this.say("Replaying the game under " + readings.map((r) => String(r.name)).join(" and ") + ".");
    this.cw.compute("reading");
  }

  // ---- files ----------------------------------------------------------------------------------
  async open(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const game = this.cw.fields.get("game");
    const max = Number(game && game.p && game.p.max_length) || 1000000;
    const read = await readGameFile(file, max);
    if (read.problem) {
      this.refuse("This file was not opened (nothing changed): " + read.problem);
      return;
    }
    this.refuse(null);
    this.cw.fill({ game: read.text });
    this.cw.note("Opened “" + file.name.slice(0, 80) + "” into the Game box.");
    this.cw.compute("file");
  }

  async download(format) {
    if (!this.result) {
      this.refuse("Replay a game first: the download is the game replayed.");
      return;
    }
    this.refuse(null);
    this.say("Writing the game…");
    const done = await exportGame(this.engine, this.result, this.params, format, this.cw.root);
    if (done.problem) this.refuse("The game was not written: " + done.problem);
    else this.say(done.note);
  }

  refuse(message) {
    const error = this.parts.error;
    error.hidden = !message;
    error.textContent = message || "";
  }

  say(text) {
    const say = this.parts.say;
    say.textContent = "";
    requestAnimationFrame(() => {
      say.textContent = text;
    });
  }
}

// The add-on (calculator/widgets.js): the replay for the dip-replay widget.
export function attachReplay(widget, services) {
  if (widget.calc !== CALC || widget.w.calcReplay) return;
  widget.w.calcReplay = new Replay(widget, services); // for the tests (calculator/test-hooks.js)
}
