// Landmark names: each widget's form is a landmark labelled by the widget's own title. A page may
// hold the same calculator twice (the fire plan and its comparison): then the section each one sits
// in is part of its name, and, should that not tell them apart either, its place on the page.
import { el } from "./dom.js";

const HEADINGS = "article h1, article h2, article h3, article h4, article h5, article h6";

function headingBefore(node) {
  const headings = Array.from(document.querySelectorAll(HEADINGS));
  const before = headings.filter((h) => h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
  const h = before[before.length - 1];
  if (!h) return "";
  const text = h.cloneNode(true);
  text.querySelectorAll(".headerlink").forEach((a) => a.remove()); // Material's "¶" permalink
  return text.textContent.replace(/\s+/g, " ").trim();
}

const extraOf = (item) => (item.parts.length ? "(" + item.parts.join(", ") + ")" : "");
const nameOf = (item) => (item.text + " " + extraOf(item)).trim();

// What tells widgets of the same name apart: the section they sit in, then their place on the page.
function tellApart(items) {
  const shared = () => items.map((item) => items.filter((x) => nameOf(x) === nameOf(item)).length > 1);
  const bySection = shared();
  items.forEach((item, i) => {
    const section = bySection[i] ? headingBefore(item.w) : "";
    if (section && !item.text.includes(section)) item.parts.push(section);
  });
  const byPlace = shared();
  const seen = new Map();
  items.forEach((item, i) => {
    if (!byPlace[i]) return;
    const n = (seen.get(nameOf(item)) || 0) + 1;
    seen.set(nameOf(item), n);
    if (n > 1) item.parts.push(String(n));
  });
}

// Names every ready widget's form on the page.
export function nameForms() {
  const items = Array.from(document.querySelectorAll(".calc-widget[data-ready] > form.calc-form"), (form) => {
    const w = form.parentElement;
    const title = w.querySelector(".calc-head .calc-title");
    if (title && !title.id) title.id = w.id + "-form-title"; // hyphenated: no parameter has this name
    return { form, w, title, text: title ? title.textContent.trim() : w.calcWidget.schema.title, parts: [] };
  });
  tellApart(items);
  for (const item of items) {
    const text = extraOf(item);
    let extra = item.w.querySelector(":scope > .calc-name-extra");
    // Referenced by aria-labelledby, a hidden element still gives its text to the name.
    if (text && !extra) {
      extra = el("span", { class: "calc-name-extra", id: item.w.id + "-form-where", hidden: true });
      item.w.prepend(extra);
    }
    if (extra && text) {
      extra.textContent = text;
    } else if (extra) {
      extra.remove();
      extra = null;
    }
    if (item.title) item.form.setAttribute("aria-labelledby", item.title.id + (extra ? " " + extra.id : ""));
    else item.form.setAttribute("aria-label", nameOf(item));
  }
}
