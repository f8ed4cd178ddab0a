// The filled button is the one to press next: Continue while a worked-out phase offers it, else the run button.
// A new player, with Adjudicate still filled after adjudicating, pressed it again instead of Continue.
export function leadWith(widget) {
  const lead = () => {
    const next = !widget.nextBtn.hidden && !widget.nextBtn.disabled && widget.w.dataset.state === "done";
    widget.nextBtn.classList.toggle("md-button--primary", next);
    widget.runBtn.classList.toggle("md-button--primary", !next);
  };
  new MutationObserver(lead).observe(widget.nextBtn, { attributeFilter: ["hidden", "disabled"] });
  new MutationObserver(lead).observe(widget.w, { attributeFilter: ["data-state"] });
}
