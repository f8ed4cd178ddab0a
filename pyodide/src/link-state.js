// A calculator's state in the address bar: "#calc=<id>&<field>=<value>&..." names every field, so
// a link reproduces the form exactly; a field the link leaves out takes the calculator's own default,
// as calculators.run() does. Pure functions, used by the page's address-bar guard (navigation.js)
// and by the widgets (calculator/address.js).

export const LINK_KEY = "calc";

// {calc, values: Map(field -> text)} from a hash, or null when it holds no calculator's state.
// The first value given for a name counts.
export function parseState(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!text.startsWith(LINK_KEY + "=")) return null;
  let params;
  try {
    params = new URLSearchParams(text);
  } catch (e) {
    return null;
  }
  const values = new Map();
  for (const [k, v] of params) {
    if (k !== LINK_KEY && !values.has(k)) values.set(k, v);
  }
  return { calc: params.get(LINK_KEY), values };
}

// The hash for a calculator and its fields' values (a value that is not text goes as its JSON).
export function stateHash(calc, values) {
  const q = new URLSearchParams();
  q.set(LINK_KEY, calc);
  for (const [k, v] of values) {
    q.set(k, v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));
  }
  return "#" + q.toString();
}
