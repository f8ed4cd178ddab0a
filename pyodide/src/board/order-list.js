// What the order boxes hold, as the engine checked them (not yet adjudicated): how many orders are
// typed, accepted, illegal or unreadable, and each one that is not accepted with the engine's reason.
// Once adjudicated, the line says so and gives the result's summary.
import { el, has, setText } from "../calculator/dom.js";
import { plural } from "../calculator/words.js";

const RETREAT = "a dislodged unit without an order is disbanded";
const ADJUST = "a build not ordered is waived; a disband not ordered is chosen by the rules";
const REMOVE = "strength points the Martian does not remove by order are removed by default, alphabetically by " +
  "province";

// War of the Worlds lists the Martian's virus removals as their own mode (its options calculator always
// offers it); a Martian unit with a removal to choose means the virus is active and takes points this season.
function removals(options) {
  if (!options || !options.modes || !options.modes.has("remove")) return { wotw: false, due: false };
  const due = [...options.subjects.values()].some((s) => s.choices.some((c) => c.mode === "remove"));
  return { wotw: true, due };
}

// What a unit (or a removal) without an order does in each kind of phase: DIP 12.4, an unordered retreat is a
// disband; DIP 13, an unordered build is waived; DIP R1, an unordered unit holds. War of the Worlds' Summer plays
// Spring's retreats and its Winter Fall's retreats with the adjustments (ruling WOTW R5); in both, once the virus
// is active, the removals not ordered are taken by default (WOTW 9.3, ruling WOTW R9).
function unordered(phase, options) {
  const p = String(phase).toLowerCase();
  const virus = removals(options);
  let parts;
  if (p.includes("retreat")) parts = [RETREAT];
  else if (p.includes("adjust") || p.startsWith("winter")) parts = virus.wotw ? [RETREAT, ADJUST] : [ADJUST];
  else return "A unit without an order holds";
  if (virus.due) parts.push(REMOVE);
  const text = parts.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const RESULT_KEY = "On the map a tick marks a move that succeeded and a cross an order that failed; " +
  "the units move when you continue.";
// War of the Worlds draws its season's result with the units where the season left them (the landing's and the
// Martian's effects are drawn on that position): "the units move when you continue" was untrue there.
const RESULT_KEY_WOTW = "On the map a tick marks a move that succeeded and a cross an order that failed; " +
  "the units stand where the season leaves them.";

// Each power's builds or disbands due in an adjustment phase (DIP 13.1), in words.
function dueText(options) {
  const due = options && options.adjustments;
  if (!due) return "";
  if (!due.length) return " No power builds or disbands.";
  return " Due: " + due.map(([power, n]) => power + (n > 0 ? " builds " + n : " disbands " + -n)).join(", ") + ".";
}

// At most this many failed orders are explained beside the map; the rest are in the results table under it.
const FAILED_SHOWN = 6;

// Why each order that failed (or whose unit was dislodged or eliminated) did, from the result's data: the map
// shows a cross only, and a new player, two armies bouncing in Burgundy, could not tell why without opening the
// table.
export function failures(result) {
  const orders = result && result.data && Array.isArray(result.data.orders) ? result.data.orders : [];
  // A unit without an order is written without its power ("F Rum (no order: holds)"): the power is put first.
  const named = (o) => (String(o.order).includes(":") && !String(o.order).includes("(no order") ? "" :
    String(o.power) + ": ") + String(o.order);
  // A unit the season's cylinder eliminated (War of the Worlds, WOTW 3.3) is listed too: its order may have
  // succeeded, but the unit is gone from the board.
  const fate = (o) => (o.eliminated ? " is eliminated" : o.dislodged ? " is dislodged" : " fails");
  const lines = orders.filter((o) => o && (o.result === "fails" || o.dislodged || o.eliminated))
    .map((o) => named(o) + fate(o) + " (" + String(o.reason) + ")");
  if (lines.length <= FAILED_SHOWN) return lines;
  const more = lines.length - FAILED_SHOWN;
  return lines.slice(0, FAILED_SHOWN).concat(["… and " + plural(more, "more order") + " in the results table under " +
    "the board."]);
}

// parts: the board's elements (typedText, problems); typed: the engine's check of the boxes;
// options: the legal orders (for the phase's name), or null; adjudicated: the result's summary when the
// result shown is for these boxes, else null; failed: why orders failed (failures()), once adjudicated.
export function showTyped(parts, typed, options, adjudicated = null, failed = []) {
  const n = { accepted: 0, illegal: 0, unreadable: 0 };
  typed.forEach((t) => {
    if (has(n, t.status)) n[t.status] += 1;
  });
  const phase = options ? options.phase : "";
  let text;
  if (adjudicated !== null) {
    text = "Adjudicated. " + adjudicated;
  } else if (typed.length) {
    text = plural(typed.length, "order") + " typed, " + n.accepted + " accepted" +
      (n.illegal ? ", " + n.illegal + " illegal" : "") + (n.unreadable ? ", " + n.unreadable + " unreadable" : "") +
      " (checked, not yet adjudicated).";
  } else {
    text = "No orders yet.";
  }
  // The phase is named in the line above (history.js): said again here it was the third time on screen.
  // Once adjudicated, how to read the map: a new player, seeing the army still in Paris, thought its move had
  // done nothing (the result is drawn on the position the orders were given in).
  let note = "";
  if (adjudicated !== null && /movement/i.test(phase)) note = removals(options).wotw ? RESULT_KEY_WOTW : RESULT_KEY;
  else if (phase) note = unordered(phase, options) + "." + dueText(options);
  setText(parts.rule, note);
  setText(parts.typedText, text);
  parts.typedText.dataset.adjudicated = adjudicated !== null ? "1" : "";
  // Only what changed is written: any change of text here lays out the maps again.
  const problems = typed.filter((t) => t.status !== "accepted")
    .map((t) => String(t.own) + ": " + String(t.status) + " (" + String(t.reason) + ")")
    .concat(adjudicated !== null ? failed : []);
  if (problems.join("\n") !== [...parts.problems.children].map((li) => li.textContent).join("\n")) {
    parts.problems.replaceChildren(...problems.map((line) => el("li", { text: line })));
  }
}
