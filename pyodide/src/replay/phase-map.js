// A phase's map, drawn by the engine as every map of the site is (calculators/diplomacy/board_svg.py):
// a played phase by the adjudicator the game is for, from the phase's own fields (its orders and their
// results drawn); a phase not played yet by the board's options calculator (its position, nothing
// adjudicated). The SVG comes into the page only through the page's sanitiser. A map is kept for the
// result it belongs to, so stepping back and forth asks the engine once a phase.
import { el, uniqueIds } from "../calculator/dom.js";

// The calculator that draws a position without adjudicating it: the board's (the adjudicators' schemas
// name it as board.options; this page has no adjudicator's schema, so it is named here).
const POSITION_ONLY = new Map([["dip-adjudicate", "dip-options"], ["wotw-adjudicate", "wotw-options"]]);

export class PhaseMaps {
  constructor(figure, prefix, engine, sanitiser, root) {
    this.figure = figure;
    this.prefix = prefix;
    this.engine = engine;
    this.sanitiser = sanitiser;
    this.root = root;
    this.kept = new Map(); // index -> Promise of {svg} or {problem}
    this.job = null;
    this.shown = null;
  }

  // A new result: its maps are not the old ones.
  forget() {
    this.kept = new Map();
    if (this.job) this.engine.cancel(this.job.req);
    this.job = null;
  }

  request(phase) {
    const params = phase.params && typeof phase.params === "object" ? phase.params : {};
    if (phase.played) return { calc: this.calc, params };
    const options = POSITION_ONLY.get(this.calc);
    return options ? { calc: options, params: Object.assign({}, params, { lists: false }) }
      : { calc: this.calc, params: Object.assign({}, params, { orders: "" }) };
  }

  async fetch(phase, i) {
    const { calc, params } = this.request(phase);
    const job = this.engine.run(calc, params, null, this.root);
    this.job = job;
    const result = await job.promise;
    if (this.job === job) this.job = null;
    if (!result || !result.ok) {
      if (result && result.cancelled) return { cancelled: true };
      return { problem: (result && result.error && result.error.message) || "no answer from the engine." };
    }
    const chart = (result.charts || []).find((c) => c && typeof c.svg === "string");
    if (!chart) return { problem: "the engine drew no map for it." };
    let fragment;
    try {
      fragment = await this.sanitiser.sanitise(chart.svg);
    } catch (e) {
      return { problem: "the page's sanitiser did not load. Reload the page to try again." };
    }
    const svg = fragment.querySelector ? fragment.querySelector("svg") : null;
    if (!svg) return { problem: "the engine's map could not be read." };
    uniqueIds(svg, this.prefix + "p" + i + "-");
    svg.classList.add("calc-map");
    return { svg, title: String(chart.title || "") };
  }

  // Draws phase i (of the result whose calculator is calc); resolves true once it is on the page, false
  // when another phase was asked for in the meantime.
  async show(phase, i, calc) {
    this.calc = calc;
    this.shown = i;
    this.figure.dataset.state = "drawing";
    let kept = this.kept.get(i);
    if (!kept) {
      if (this.job) this.engine.cancel(this.job.req); // a phase stepped past: its map is not wanted now
      kept = this.fetch(phase, i);
      this.kept.set(i, kept);
    }
    const got = await kept;
    if (got.cancelled) this.kept.delete(i);
    if (this.shown !== i) return false;
    if (got.cancelled) return this.show(phase, i, calc);
    if (got.problem) {
      this.kept.delete(i);
      this.figure.replaceChildren(el("p", { class: "replay-error", role: "alert",
        text: "The map of this phase cannot be drawn: " + got.problem }));
    } else {
      this.figure.replaceChildren(el("figcaption", { text: got.title }), got.svg.cloneNode(true));
    }
    this.figure.dataset.state = "ready";
    this.figure.dataset.phase = String(i);
    return true;
  }
}
