// DOM helpers for the calculator code. Every value is set as text or as an attribute, never as
// markup: what comes from a URL, a form, a file or a result can only ever be text here.

// An element with attributes ("text" sets its text) and children; false, null and undefined are left out.
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c !== null && c !== undefined && c !== false) node.append(c);
  }
  return node;
}

// A Material-styled button that submits nothing.
export function button(cls, text, attrs) {
  return el("button", Object.assign({ type: "button", class: "md-button " + cls, text }, attrs || {}));
}

// A node's text, written only when it changes (a write lays out the page, and with it every map, again).
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// An attribute that is there (as "true") or not.
export function toggleAttribute(node, name, on) {
  if (on) node.setAttribute(name, "true");
  else node.removeAttribute(name);
}

// Hands the reader a file.
export function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// Ids made unique within the page (an SVG's arrow heads, a table's headers), and every reference to them.
const REFERENCES = ["aria-labelledby", "aria-describedby", "aria-controls", "headers", "for"];
export function uniqueIds(root, prefix) {
  const ids = new Map();
  for (const n of root.querySelectorAll("[id]")) {
    ids.set(n.id, prefix + n.id);
    n.id = prefix + n.id;
  }
  if (!ids.size) return;
  const url = /url\(#([^)]+)\)/g;
  for (const n of root.querySelectorAll("*")) {
    for (const a of n.getAttributeNames()) {
      const v = n.getAttribute(a);
      if (v.includes("url(#")) {
        n.setAttribute(a, v.replace(url, (m, id) => (ids.has(id) ? "url(#" + ids.get(id) + ")" : m)));
      } else if (REFERENCES.includes(a)) {
        n.setAttribute(a, v.split(/\s+/).map((id) => ids.get(id) || id).join(" "));
      } else if ((a === "href" || a === "xlink:href") && v.startsWith("#") && ids.has(v.slice(1))) {
        n.setAttribute(a, "#" + ids.get(v.slice(1)));
      }
    }
  }
}

// Object.hasOwn on anything: names from a URL, a saved state, a file or a preset are looked up this way
// (or in Maps), never as plain object keys ("constructor", "__proto__" are just unknown names).
export function has(obj, key) {
  return obj !== null && typeof obj === "object" && Object.hasOwn(obj, key);
}

// A plain record (an object that is not a list).
export function isRecord(x) {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}
