// A widget's result: the engine's answer shown (its HTML only through the sanitiser, its error on
// its field), and the banner that marks a result shown as no longer matching the fields.

const STALE_TEXT = {
  // The last result is put away (forms.css), not just dimmed: a number for other inputs must not be read
  // as the answer (issue 24). It comes back with the next result.
  error: "The form has an error (marked at its field): no result until it is fixed. The last result, for the " +
    "last inputs that worked, is hidden.",
  cancelled: "Cancelled: showing the previous result.",
  starting: "The engine is still starting: the result below is for earlier inputs.",
  edited: "The fields have changed since this result.",
  running: "Working out the new result…",
};

// The presenter's HTML as hooks/widgets.py fingerprints the pre-rendered result (data-html-hash): its length
// and FNV-1a (32 bits) over its UTF-16 code units, in hex. The same text gives the same print on both sides.
export function htmlHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return text.length + ":" + (h >>> 0).toString(16).padStart(8, "0");
}

// Whether `result` is what the widget's box still shows from the build: the same presenter's HTML, to the
// character. Then the live result keeps the pre-rendered nodes: nothing is sanitised, rebuilt or laid out
// again for it (issue 25), and nothing on the page moves.
export function samePrerendered(widget, result) {
  const box = widget.resultBox;
  const html = result && result.ok ? widget.engine.html(result) : null;
  return !widget.lastResult && !!box.dataset.htmlHash && typeof html === "string" &&
    box.dataset.htmlHash === htmlHash(html);
}

// The answer to a run for the fields `key`: its result through the sanitiser (render), or its error.
// same: the result is the pre-rendered one still shown (samePrerendered), which stays as it is.
export function showAnswer(widget, result, render, key, same = false) {
  if (!result || !result.ok) {
    if (result && result.cancelled) {
      widget.w.dataset.state = "cancelled";
      widget.setStale(widget.shownKey === key ? null : "cancelled");
      return;
    }
    widget.showError((result && result.error) || { field: null, message: "No answer from the engine." });
    return;
  }
  const html = widget.engine.html(result);
  if (!same && (!render || typeof html !== "string")) {
    widget.showError({ field: null, message: "This result cannot be shown: the page's sanitiser did not load. " +
      "Reload the page to try again." });
    return;
  }
  // The print holds for the build's result only: once replaced, the box shows what the sanitiser gave.
  delete widget.resultBox.dataset.htmlHash;
  if (!same) widget.resultBox.replaceChildren(render(html));
  widget.errors.forget();
  widget.lastResult = result;
  widget.shownKey = key;
  // The line that said the phase waits for orders is over: it is worked out (issue 23).
  if (widget.waiting) widget.quiet();
  widget.waiting = null;
  // The player may have typed on while this ran (an adjudicator waits for the button).
  widget.setStale(widget.key() === key ? null : "edited");
  const next = result.next && typeof result.next === "object" && result.next.params ? result.next : null;
  widget.nextBtn.hidden = !next;
  widget.nextBtn.disabled = !next;
  if (next) widget.nextBtn.textContent = "Continue to " + String(next.label || "the next phase");
  widget.w.dataset.state = "done";
  widget.showEngine();
  widget.w.dispatchEvent(new CustomEvent("calc:result", { bubbles: true, detail: result }));
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
  const { waiting, lastResult, onRequest, runLabel } = context;
  if (reason === "waiting" && waiting && !waiting.from && !lastResult) {
    // No result under it to mark: the status line says what the page waits for (widget.js showWaiting), once.
    banner.hidden = true;
    banner.textContent = "";
    return;
  }
  banner.hidden = false;
  if (reason === "waiting" && waiting) {
    const from = waiting.from ? (waiting.from.summary ? " The result below is the previous phase's." : "")
      : " The result below is for other inputs, not for these boxes.";
    banner.textContent = "Waiting for orders for " + waiting.label + ": give them above and press " + runLabel + "."
      + from;
  } else if (reason === "edited" && onRequest) {
    banner.textContent = STALE_TEXT.edited + " Press " + runLabel + " to work it out.";
  } else {
    banner.textContent = STALE_TEXT[reason] || STALE_TEXT.edited;
  }
}
