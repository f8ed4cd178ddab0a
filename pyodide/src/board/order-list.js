// What the order boxes hold, as the engine checked them (not yet adjudicated): how many orders are
// typed, accepted, illegal or unreadable, and each one that is not accepted with the engine's reason.
import { el, has, setText } from "../calculator/dom.js";
import { plural } from "../calculator/words.js";

// parts: the board's elements (typedText, problems); typed: the engine's check of the boxes;
// options: the legal orders (for the phase's name), or null.
export function showTyped(parts, typed, options) {
  const n = { accepted: 0, illegal: 0, unreadable: 0 };
  typed.forEach((t) => {
    if (has(n, t.status)) n[t.status] += 1;
  });
  const phase = options ? options.phase + ": " : "";
  setText(parts.typedText, phase + (typed.length
    ? plural(typed.length, "order") + " typed, " + n.accepted + " accepted" +
      (n.illegal ? ", " + n.illegal + " illegal" : "") + (n.unreadable ? ", " + n.unreadable + " unreadable" : "") +
      " (checked, not yet adjudicated)."
    : "no orders typed yet (a unit without an order holds)."));
  // Only what changed is written: any change of text here lays out the maps again.
  const problems = typed.filter((t) => t.status !== "accepted")
    .map((t) => String(t.own) + ": " + String(t.status) + " (" + String(t.reason) + ")");
  if (problems.join("\n") !== [...parts.problems.children].map((li) => li.textContent).join("\n")) {
    parts.problems.replaceChildren(...problems.map((text) => el("li", { text })));
  }
}
