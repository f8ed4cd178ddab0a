// Switchable rulings (issue 19): the summary of the folded "Rulings" section names the readings in
// force, and the comparison view shows the result under every reading side by side, worked out by
// the engine (run with compare_readings) and shown with the one presenter, below the result.
import { button, el } from "./dom.js";

export class RulingsPanel {
  // widget: the widget (widget.js) whose form holds the section; section: {box, summary} (form.js).
  constructor(widget, section, compareBtn, services) {
    this.widget = widget;
    this.section = section;
    this.compareBtn = compareBtn;
    this.engine = services.engine;
    this.sanitiser = services.sanitiser;
    this.progress = el("progress", { class: "calc-progress", max: 1, value: 0, hidden: true,
      "aria-label": "Comparing readings" });
    this.closeBtn = button("calc-compare-close", "Close the comparison");
    this.note = el("p", { class: "calc-stale-note", role: "status", hidden: true });
    this.body = el("div", { class: "calc-compare-body" });
    this.box = el("div", { class: "calc-compare", hidden: true, "aria-live": "polite" },
      el("div", { class: "calc-compare-head" }, el("span", { text: "Every reading side by side" }), this.progress,
        this.closeBtn),
      this.note, this.body);
    this.key = null; // the fields the comparison shown is for
    this.job = null; // the comparison being worked out
    widget.resultBox.after(this.box);
    compareBtn.addEventListener("click", () => this.compare());
    this.closeBtn.addEventListener("click", () => this.close());
  }

  // The summary: the readings in force that are not the site's.
  showSummary() {
    const schema = this.widget.schema;
    const changed = schema.params.filter((p) => p.group === "rulings")
      .map((p) => [p, String(this.widget.fields.get(p.name).get())]).filter(([p, v]) => v !== p.default);
    // A reading is named by its label, never its id (issue 24): "AQMF R14: The attacks hit automatically".
    const named = ([p, v]) => {
      const choice = (p.choices || []).find((c) => String(c.value) === v);
      return p.ruling + ": " + (choice ? choice.label : v);
    };
    this.section.summary.textContent = "Rulings: " + (changed.length
      ? changed.map(named).join("; ") + " (not the site's)"
      : "the site's readings");
    if (changed.length) this.section.box.dataset.changed = "1";
    else delete this.section.box.dataset.changed;
  }

  async compare() {
    const widget = this.widget;
    const key = widget.key();
    if (this.job) this.engine.cancel(this.job.req);
    const job = this.engine.run(widget.calc, Object.assign(widget.params(), { compare_readings: true }), (v) => {
      this.progress.hidden = false;
      this.progress.value = v;
    }, widget.root);
    this.job = job;
    this.box.hidden = false;
    this.box.dataset.state = "running";
    this.note.hidden = false;
    this.note.textContent = "Working out the result under every reading…";
    const [result, render] = await Promise.all([job.promise, this.sanitiser.load().catch(() => null)]);
    if (this.job !== job || !widget.w.isConnected) return;
    this.job = null;
    this.progress.hidden = true;
    const html = result && result.ok ? this.engine.html(result) : null;
    if (!render || typeof html !== "string") {
      this.note.textContent = (result && result.error && result.error.message) || "The comparison cannot be shown.";
      this.box.dataset.state = "error";
      this.body.replaceChildren();
      return;
    }
    this.body.replaceChildren(render(html));
    this.key = key;
    this.box.dataset.state = "done";
    this.markStale();
  }

  close() {
    if (this.job) this.engine.cancel(this.job.req);
    this.job = null;
    this.box.hidden = true;
    this.compareBtn.focus();
  }

  // A comparison shown for other fields than these says so.
  markStale() {
    if (this.box.hidden || this.job) return;
    const stale = this.key !== null && this.key !== this.widget.key();
    this.note.hidden = !stale;
    this.note.textContent = stale ? "The fields have changed since this comparison: press Compare readings again." : "";
    if (stale) this.body.dataset.stale = "edited";
    else delete this.body.dataset.stale;
  }
}
