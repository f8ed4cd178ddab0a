// The map's two kinds of layer (issue 25). The static part, the provinces (~385 paths, with their owners'
// tints), the coasts beyond the board and the names, is the same from one draw to the next while the
// position's owners stay: it is put in the page once and kept. Only the rest (arrow heads, centres, orders,
// units, the Martians, the title) goes through the sanitiser and is swapped in: a sixth of the nodes, so a
// redraw costs a fraction of a whole map's parsing, sanitising, style and layout.
//
// A map drawn without its static layers holds an empty <g data-static="NAME"> in each one's place, so that
// the layers keep their order (what is drawn over what) when they are put together again.

// The static layers, by their class on the map's top-level element (calculators/diplomacy/board_svg.py).
const STATIC = ["seas", "offwater", "lands", "hatch", "offboard", "labels", "credit"];
const SVG_NS = "http://www.w3.org/2000/svg";

// Maps whose static layers were left out, with the static key they were made to go with.
const partial = new WeakMap();

function staticName(node) {
  if (!node.classList) return "";
  return STATIC.find((name) => node.classList.contains(name)) || "";
}

// What the static layers hold, as the engine drew them (read before the board decorates them): equal keys,
// the same static layers. Read from the structure (classes, provinces, names, path lengths), not from the
// markup, so that the engine's text and the sanitised map of the same layers give the same key.
export function staticKey(svg) {
  let key = svg.getAttribute("viewBox") || "";
  for (const layer of svg.children) {
    const name = staticName(layer);
    if (!name) continue;
    key += "\n" + name + ":" + (layer.getAttribute("d") || "").length + ":" + layer.children.length;
    for (const n of layer.children) {
      key += "|" + (n.getAttribute("class") || "") + "@" + (n.getAttribute("data-province") || "") + "=" +
        (n.localName === "path" ? (n.getAttribute("d") || "").length : n.textContent);
    }
  }
  return key;
}

function anchor(doc, name) {
  const g = doc.createElementNS(SVG_NS, "g");
  g.setAttribute("data-static", name);
  return g;
}

// The engine's map (its <svg> parsed in an inert document, where nothing runs) without its static layers when
// they are those of key: taken out of root, which is returned; else null (root untouched). Still sanitised like
// any map before it reaches the page.
export function withoutStatic(root, key) {
  if (staticKey(root) !== key) return null;
  for (const child of [...root.children]) {
    const name = staticName(child);
    if (name) child.replaceWith(anchor(root.ownerDocument, name));
  }
  return root;
}

// A copy of a map already in the page (a result's) without its static layers, when they are those of key.
export function copyWithoutStatic(svg, key) {
  if (staticKey(svg) !== key) return null;
  const copy = svg.cloneNode(false);
  for (const child of svg.children) {
    const name = staticName(child);
    copy.append(name ? anchor(document, name) : child.cloneNode(true));
  }
  partial.set(copy, key);
  return copy;
}

// The map's static layers alone (the geography, its tints and names): what a board shows while it waits for
// its live map, when the map it has is a result's (whose pieces are not the position's).
export function onlyStatic(svg) {
  for (const child of [...svg.children]) {
    if (!staticName(child) && child.localName !== "title") child.remove();
  }
  return svg;
}

// Marks a sanitised map as one made without its static layers, for key.
export function markPartial(svg, key) {
  partial.set(svg, key);
}

// The static key a map was made to go with, or null for a whole map.
export function partialKey(svg) {
  return partial.has(svg) ? partial.get(svg) : null;
}

// Puts fresh's layers into old in place of its own, keeping old's static layers where they are (not moved:
// a node taken out of the page and put back is styled and laid out again).
export function swapLayers(old, fresh) {
  const kept = new Map();
  for (const child of [...old.children]) {
    const name = staticName(child);
    if (name) kept.set(name, child);
    else child.remove();
  }
  let before = old.firstChild;
  for (const child of [...fresh.children]) {
    const name = child.getAttribute("data-static");
    if (name !== null) {
      const layer = kept.get(name);
      if (layer) before = layer.nextSibling;
      continue;
    }
    old.insertBefore(child, before);
  }
  for (const a of ["aria-label", "viewBox"]) {
    if (fresh.hasAttribute(a)) old.setAttribute(a, fresh.getAttribute(a));
  }
}
