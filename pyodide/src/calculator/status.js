// What the reader is told about a widget besides its result: the status line (the engine's start-up,
// or the last note), and a file or saved state that was refused.


// One status line at a time: a new note replaces the last note, the last refused file, and an
// add-on's own line (the board listens for calc:message, and calls quiet() when it speaks).
export class StatusLine {
  constructor(widgetEl, engine, formError) {
    this.w = widgetEl;
    this.engine = engine;
    this.line = widgetEl.querySelector(".calc-status");
    this.formError = formError;
  }

  // The engine's state while it starts or when it failed, else the last note. A board hides the line while its
  // engine starts (board.css: its phase line says so); a note already given stays in it meanwhile, out of sight,
  // so that the line keeps the room it will take (two lines for "Waiting for orders…" where the engine's one-line
  // state would have moved the help under it up and down again as the board came in).
  show() {
    const engine = this.engine;
    this.w.dataset.engine = engine.state;
    const note = this.line.dataset.note;
    const held = engine.state === "loading" && note && this.w.hasAttribute("data-has-board");
    if (engine.state === "failed" || (engine.state === "loading" && !held)) this.line.textContent = engine.statusText;
    else this.line.textContent = note || "";
  }

  note(text) {
    this.hideRefusal();
    this.line.dataset.note = text;
    this.line.textContent = text;
    this.w.dispatchEvent(new CustomEvent("calc:message"));
  }

  // The same note in other words (a phase named): not a new message, so an add-on's own line stays.
  retext(text) {
    if (this.line.dataset.note === undefined) return;
    this.line.dataset.note = text;
    this.show();
  }

  // A file or a saved state that was not loaded: no field changed, so this is no form error (no banner).
  refuse(text) {
    delete this.line.dataset.note;
    this.show();
    this.formError.textContent = text;
    this.formError.hidden = false;
    this.formError.dataset.refused = "1";
    this.w.dispatchEvent(new CustomEvent("calc:message"));
  }

  hideRefusal() {
    if (!this.formError.dataset.refused) return;
    delete this.formError.dataset.refused;
    this.formError.hidden = true;
    this.formError.textContent = "";
  }

  // An add-on's message replaces the widget's.
  quiet() {
    this.hideRefusal();
    delete this.line.dataset.note;
    this.show();
  }
}
