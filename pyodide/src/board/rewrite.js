// The orders box with one unit's order replaced (or added): the old order's line is rewritten in
// place, each other order sharing that line moves to a line of its own (its power before it), and a
// comment on the line is kept. `typed` is the engine's check of the box as it is now
// ([{field, at, line, own, comment, status, reason}]); `at` is the unit's place (null: an order
// that names no place, such as a waive, which is added); `line` null: the unit's order is removed.
export function rewrite(text, typed, field, at, line) {
  const lines = text.split("\n");
  const mine = at === null ? [] : typed.filter((t) => t.field === field && t.at === at);
  if (!mine.length) {
    if (line === null) return text;
    while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
    lines.push(line);
    return lines.join("\n");
  }
  const first = mine[0].line;
  const touched = [...new Set(mine.map((t) => t.line))].sort((a, b) => b - a);
  for (const n of touched) {
    if (n < 1 || n > lines.length) continue;
    const onLine = typed.filter((t) => t.field === field && t.line === n);
    const out = [];
    for (const t of onLine) {
      if (t.at !== at) out.push(String(t.own));
      else if (n === first && line !== null && !out.includes(line)) out.push(line);
    }
    const comment = onLine.length ? String(onLine[0].comment || "") : "";
    if (comment && out.length) out[out.length - 1] += " " + comment;
    else if (comment) out.push(comment);
    lines.splice(n - 1, 1, ...out);
  }
  return lines.join("\n");
}
