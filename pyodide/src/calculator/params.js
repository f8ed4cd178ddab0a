// What the parameter schema (calculators/core/params.py) says, as the page shows it.

// A field's label with its unit: "Range (inches)".
export function paramLabel(p) {
  return p.label + (p.unit ? " (" + p.unit + ")" : "");
}
