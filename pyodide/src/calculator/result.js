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

// The answer to a run for the fields `key`: its result through the sanitiser (render), or its error.
export function showAnswer(widget, result, render, key) {
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
  if (!render || typeof html !== "string") {
    widget.showError({ field: null, message: "This result cannot be shown: the page's sanitiser did not load. " +
      "Reload the page to try again." });
    return;
  }
  widget.resultBox.replaceChildren(render(html));
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
