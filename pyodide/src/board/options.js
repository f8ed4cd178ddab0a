// The legal orders the board's options calculator lists (calculators/core/board.py), indexed by what
// is clicked first: a unit's province, a centre to build in, or (for an order with no place, such as
// a waive) the power, as "@Power".

// "stp/nc" -> "stp": the province a unit or coast is in.
export const provinceOf = (loc) => String(loc || "").split("/")[0];

// "F Mao - Spa/nc" -> "spa/nc": the coast an order ends on (a fleet's move, retreat or build), else null.
export function coastOf(line) {
  const last = String(line).trim().split(/\s+/).pop() || "";
  const m = /^([A-Za-z]{3})\/([a-z]{2})$/.exec(last);
  return m ? m[1].toLowerCase() + "/" + m[2] : null;
}

// Of orders chosen by the same clicks, those that differ only by the coast they end on (two or more coasts of
// one province): [{loc, choice}]; none when there is no coast to choose.
export function coastTwins(choices) {
  const byProvince = new Map();
  for (const choice of choices) {
    const loc = coastOf(choice.line);
    if (!loc) continue;
    const p = provinceOf(loc);
    if (!byProvince.has(p)) byProvince.set(p, []);
    byProvince.get(p).push({ loc, choice });
  }
  return [...byProvince.values()].filter((g) => new Set(g.map((t) => t.loc)).size > 1).flat();
}

function subjectFor(row, choice, key, at) {
  const label = row.unit ? String(row.power) + ": " + String(row.unit) : String(choice.subject || row.power);
  return { key, at, label, power: String(row.power), choices: [], aliases: [] };
}

// {key, phase, modes: Map(id -> {label, hint, coasts}), subjects: Map(key -> {key, at, label, power, choices,
// aliases}), adjustments: [[power, builds (positive) or disbands (negative)]] in an adjustment phase, else null};
// each choice is {order, line, field, mode, path, anyOrder}. key: the inputs the list is for.
// An order the engine marks "alias" (a listed order narrowed, with the same clicks: a support to a move to one
// coast of Bul, which ruling DIP R9 lets a player write but no support needs) is not on the menu, where it stood
// beside the support without the coast and asked "Which coast?" of an order that needs none (issue 23); it can
// still be typed, and is kept in aliases, so that a unit ordered in that form still opens on its kind of order.
export function indexOptions(data, key) {
  const modes = new Map();
  for (const m of Array.isArray(data.modes) ? data.modes : []) {
    modes.set(String(m.id), { label: String(m.label), hint: String(m.hint || ""), coasts: String(m.coasts || "") });
  }
  const subjects = new Map();
  for (const row of Array.isArray(data.options) ? data.options : []) {
    const orders = Array.isArray(row.orders) ? row.orders : [];
    const choices = Array.isArray(row.choices) ? row.choices : [];
    orders.forEach((order, i) => {
      const c = choices[i] || {};
      const at = typeof c.at === "string" ? c.at : null;
      const subjectKey = at || "@" + String(row.power);
      if (!subjects.has(subjectKey)) subjects.set(subjectKey, subjectFor(row, c, subjectKey, at));
      const text = String(order);
      const line = row.bare ? text.slice(text.indexOf(": ") + 2) : text;
      const s = subjects.get(subjectKey);
      (c.alias ? s.aliases : s.choices).push({ order: text, line, field: String(row.field),
        mode: String(c.mode || "hold"), path: Array.isArray(c.path) ? c.path.map(String) : [],
        anyOrder: !!c.any_order });
    });
  }
  const due = data.adjustments && typeof data.adjustments === "object" ? data.adjustments : null;
  const adjustments = due ? Object.entries(due).map(([power, n]) => [String(power), Number(n)]) : null;
  return { key, phase: String(data.phase || ""), modes, subjects, adjustments };
}
