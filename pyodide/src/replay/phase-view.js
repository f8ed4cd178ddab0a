// What the replay shows of a game and of one phase, from the dip-replay result's data (its shape is in
// docs/diplomacy/replay.md, "The result's data"). Every value is set as text: a game comes from a file.
import { button, el, setText } from "../calculator/dom.js";
import { plural } from "../calculator/words.js";

const text = (x) => (x === null || x === undefined ? "" : String(x));
const list = (x) => (Array.isArray(x) ? x : []);

// A phase's standing against the recording, in words (the engine's own words: present.status()).
export function status(phase) {
  if (!phase.played) return "not played yet";
  if (phase.origin === "inserted") return "played by the site only";
  if (phase.matches === true) return "matches the recording";
  if (phase.matches === false) return "differs from the recording";
  return "nothing recorded to compare";
}

export function phaseName(phase, i) {
  return text(phase.label) || text(phase.name) || "Phase " + (i + 1);
}

// The phase list: one option a phase, its standing in its text.
export function fillSelect(select, phases) {
  select.replaceChildren(...phases.map((p, i) => el("option", {
    value: String(i), text: (i + 1) + ". " + phaseName(p, i) + (p.matches === false ? " · differs" : ""),
  })));
}

// A reading as one click: its parameter and value, and its name.
function readingButton(r, onReading) {
  const b = button("replay-use-reading", "Use this reading: " + text(r.name));
  b.dataset.param = text(r.param);
  b.dataset.value = text(r.value);
  b.addEventListener("click", () => onReading([r]));
  return b;
}

// The readings of a list, once each (a phase's differences are often explained by the same ones).
function unique(readings) {
  const seen = new Map();
  for (const r of readings) {
    const key = text(r.param) + "=" + text(r.value);
    if (r && typeof r === "object" && !seen.has(key)) seen.set(key, r);
  }
  return [...seen.values()];
}

// The whole game: its summary, the readings under which every phase matches, the lines not read, and a
// quick way to each phase that differs.
export function showGame(parts, data, summary, { onReading, onJump }) {
  setText(parts.summary, text(summary));
  const game = unique(list(data.reproduced_by));
  parts.gameReading.hidden = !game.length;
  if (game.length) {
    const b = button("replay-use-game-reading", "Replay the whole game under " +
      game.map((r) => text(r.name)).join(" and "));
    b.addEventListener("click", () => onReading(game));
    parts.gameReading.replaceChildren(b);
  }
  const unread = list(data.lines).filter((x) => x && x.error);
  parts.unread.hidden = !unread.length;
  parts.unread.replaceChildren(
    el("p", { text: plural(unread.length, "line") + " of the list could not be read; every other line is kept:" }),
    el("ul", {}, ...unread.map((x) => el("li", { class: "replay-unread-line",
      text: "Line " + text(x.line) + " “" + text(x.text) + "”: " + text(x.error) }))));
  const differ = list(data.phases).map((p, i) => [p, i]).filter(([p]) => p.matches === false);
  parts.jump.hidden = !differ.length;
  parts.jump.replaceChildren(el("span", { text: "Phases that differ: " }),
    ...differ.slice(0, 40).map(([p, i]) => {
      const b = button("replay-jump-to", phaseName(p, i));
      b.addEventListener("click", () => onJump(i));
      return b;
    }));
}

// A phase: its verdict, its differences with the readings that reproduce the recording, its notes.
export function showPhase(parts, phase, i, n, onReading) {
  const verdict = status(phase);
  parts.verdict.dataset.matches = String(phase.matches);
  setText(parts.verdict, phaseName(phase, i) + (phase.name && phase.name !== phase.label ? " (" + text(phase.name) +
    ")" : "") + ": " + verdict + ".");
  setText(parts.where, "Phase " + (i + 1) + " of " + n + ": " + verdict);
  const diffs = list(phase.differences);
  parts.diffs.hidden = !diffs.length;
  const readings = unique(diffs.flatMap((d) => list(d && d.explained_by)));
  parts.diffs.replaceChildren(
    el("p", { class: "replay-diffs-title", text: plural(diffs.length, "difference") + " from the recording:" }),
    el("ul", {}, ...diffs.map((d) => el("li", { class: "replay-diff",
      text: (d.part ? text(d.part) + ": " : "") + text(d.text) }))),
    ...readings.map((r) => readingButton(r, onReading)));
  const notes = list(phase.notes);
  parts.notes.hidden = !notes.length;
  parts.notes.replaceChildren(...notes.map((x) => el("li", { text: text(x) })));
}

function resultText(o) {
  return text(o.result) + (o.dislodged ? " (dislodged)" : "");
}

function recordedText(o) {
  // The package records only what went wrong ("bounce", "dislodged"): no words is an order carried out.
  const words = Array.isArray(o.recorded_result) ? o.recorded_result.map(text).join(", ") : "";
  if (o.recorded === null || o.recorded === undefined) return words;
  return text(o.recorded) + (words ? ": " + words : "");
}

// Where a pasted line came from: its number and the notation it was read in. An order's "line" counts the
// lines of its phase; the list's lines name their phase (a line is matched only when it gives this order).
function lineText(o, phaseLines) {
  const line = phaseLines[Number(o.line) - 1];
  if (!line || (line.read_as !== o.order && line.text !== o.order)) return "";
  return "line " + text(line.line) + (line.notation ? ", read as " + text(line.notation) + " notation" : "");
}

function orderRow(o, lines, pasted, names) {
  const differs = o.matches === false;
  const order = el("td", {}, el("span", { text: text(o.order) }));
  const from = pasted ? lineText(o, lines) : "";
  if (from) order.append(el("span", { class: "replay-line", text: from }));
  const why = el("td", { text: text(o.reason) });
  // A reading is cited by its id ("DIP R4: fallback-to-land") for links; a reader reads its label (issue 24).
  const rules = list(o.rules).map((r) => names[text(r)] || text(r)).join(", ");
  if (rules) why.append(el("span", { class: "replay-rules", text: rules }));
  const site = el("td", { text: resultText(o) });
  if (differs) site.prepend(el("span", { class: "replay-mark", text: "differs: " }));
  return el("tr", { class: differs ? "replay-differs" : null }, el("td", { text: text(o.power) }), order, site, why,
    el("td", { text: recordedText(o) }));
}

// A unit given no order that held and was not dislodged: listed in a line under the table, not a row each
// (a pasted list orders a few units of the board).
export function idle(o) {
  return o.line === 0 && !o.dislodged && o.matches !== false && o.result === "succeeds";
}

// The phase's orders: each with the site's result and the reason, and what the recording gives.
export function showOrders(box, phase, i, data, names = {}) {
  const orders = list(phase.orders);
  if (!phase.played || !orders.length) {
    box.replaceChildren(el("p", { class: "replay-none", text: phase.played ? "No orders were given in this phase."
      : "This phase is not played yet: play on from here to give its orders." }));
    return;
  }
  const lines = list(data.lines).filter((x) => x && x.phase === phase.label);
  const pasted = lines.length > 0;
  const shown = orders.filter((o) => !idle(o));
  const held = orders.filter(idle).map((o) => text(o.order).replace(/ \(no order: holds\)$/, ""));
  const head = ["Power", "Order", "This site", "Why", "Recorded"];
  const table = el("table", { class: "calc-table replay-table" },
    el("caption", { text: "Orders of " + phaseName(phase, i) + ": the site's result and the recording's" }),
    el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, ...shown.map((o) => orderRow(o, lines, pasted, names))));
  box.replaceChildren(
    shown.length ? el("div", { class: "calc-table-wrap", tabindex: "0", role: "region",
      "aria-label": "Orders of " + phaseName(phase, i) }, table) : "",
    held.length ? el("p", { class: "replay-idle", text: "No order given: " + plural(held.length, "unit") +
      " held (" + held.join(", ") + ")." }) : "");
}
