// What the reader is told about a widget, other than its result: the status line (the engine's
// start-up, or the last note), a file or saved state that was refused, and the banner that marks a
// result as no longer matching the fields.

const STALE_TEXT = {
  error: "The form has an error: the result below is for the last inputs that worked.",
  cancelled: "Cancelled: showing the previous result.",
  starting: "The engine is still starting: the result below is for earlier inputs.",
  edited: "The fields have changed since this result.",
  running: "Working out the new result…",
};

// One status line at a time: a new note replaces the last note, the last refused file, and an
// add-on's own line (the board listens for calc:message, and calls quiet() when it speaks).
export class StatusLine {
  constructor(widgetEl, engine, formError) {
    this.w = widgetEl;
    this.engine = engine;
    this.line = widgetEl.querySelector(".calc-status");
    this.formError = formError;
  }

  // The engine's state while it starts or when it failed, else the last note.
  show() {
    const engine = this.engine;
    this.w.dataset.engine = engine.state;
    if (engine.state === "loading" || engine.state === "failed") this.line.textContent = engine.statusText;
    else this.line.textContent = this.line.dataset.note || "";
  }

  note(text) {
    this.hideRefusal();
    this.line.dataset.note = text;
    this.line.textContent = text;
    this.w.dispatchEvent(new CustomEvent("calc:message"));
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

// The banner over a result that is not for the fields as they are. reason: null (the result matches),
// "waiting" (a phase waits for the player's orders), "edited", "error", "cancelled", "starting", "running".
// context: {waiting: {label, from}|null, lastResult, onRequest, runLabel}.
export function showStale(resultBox, banner, reason, context) {
  if (!reason) {
    delete resultBox.dataset.stale;
    banner.hidden = true;
    banner.textContent = "";
    return;
  }
  resultBox.dataset.stale = reason;
  banner.hidden = false;
  const { waiting, lastResult, onRequest, runLabel } = context;
  if (reason === "waiting" && waiting) {
    const from = waiting.from ? (waiting.from.summary ? " The result below is the previous phase's." : "")
      : lastResult ? " The result below is for other inputs, not for these boxes." : "";
    banner.textContent = "Waiting for orders for " + waiting.label + ": give them above and press " + runLabel + "."
      + from;
  } else if (reason === "edited" && onRequest) {
    banner.textContent = STALE_TEXT.edited + " Press " + runLabel + " to work it out.";
  } else {
    banner.textContent = STALE_TEXT[reason] || STALE_TEXT.edited;
  }
}
