// The board's map: the SVG the options calculator draws (in Python, as every map of the site), put
// into the page through the sanitiser, made clickable and focusable, and lit up while an order is
// being chosen. When only the orders changed, only the orders layer is sent through the sanitiser
// and swapped in, so that the units keep the focus; when the provinces are those already drawn, they
// are kept and only the rest of the map is (layers.js).
import { uniqueIds } from "../calculator/dom.js";
import { nextTurn } from "../calculator/schedule.js";
import {
  copyWithoutStatic, markPartial, onlyStatic, partialKey, staticKey, swapLayers, withoutStatic,
} from "./layers.js";
import { sanitiseInParts } from "./in-parts.js";
import { provinceOf } from "./options.js";

// The parts of a map that change with the orders alone, as SVG text: parsed in an inert document
// (nothing in it runs), and still sanitised like any map before it reaches the page.
export function ordersLayer(svgText) {
  const root = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  if (!root || root.localName !== "svg") return svgText;
  for (const child of [...root.children]) {
    const layer = child.localName === "g" && child.classList.contains("orders");
    if (!["title", "desc", "defs"].includes(child.localName) && !layer) child.remove();
  }
  return new XMLSerializer().serializeToString(root);
}

export class BoardMap {
  // figure: the element the map goes in; prefix: made part of every id in the map (two maps on a
  // page never share an arrow head's id).
  constructor(figure, prefix, sanitiser) {
    this.figure = figure;
    this.prefix = prefix;
    this.sanitiser = sanitiser;
    this.showsResult = false;
    this.key = null; // the static layers of the map shown (layers.js staticKey), as the engine drew them
    this.decorated = []; // [node, classes added]: what decorate() made clickable
  }

  svg() {
    return this.figure.querySelector("svg");
  }

  // The page's pre-rendered map (the result for the page's starting values, hooks/widgets.py), moved into
  // the board's place until the engine draws the live one: the board has its size, and a map, from the
  // start, so that nothing moves when the live map arrives (issue 25: the map's arrival was the page's
  // layout shift). It is not clickable. result: it is the result for the boxes as they are; stale: it is not
  // for the boxes as they are (a link was opened).
  placeholder(svg, { result, stale }) {
    if (!svg || this.svg()) return;
    const wait = this.figure.querySelector(".board-wait");
    if (wait) wait.remove();
    svg.classList.remove("calc-map"); // the result's own map stays the page's one result map
    // Not the result for the boxes: its pieces are a result's (War of the Worlds' pre-rendered result has a
    // cylinder landed), so only the geography is shown until the live map brings the position's.
    if (!result && !stale) {
      onlyStatic(svg);
      svg.setAttribute("aria-label", "The board; its units appear once the engine has started.");
    }
    this.key = staticKey(svg);
    this.figure.append(svg);
    this.figure.dataset.drawn = "1"; // board.css: the frame keeps the map's shape until then (no :has(), issue 25)
    this.figure.toggleAttribute("data-result", result);
    if (stale) this.figure.dataset.stale = "1";
  }

  // The map's SVG element from the engine's SVG text, through the sanitiser (null if there is none);
  // ordersOnly: only its orders layer (see draw).
  // Without its static layers when they are those shown (unless whole); fits() tells whether it can be drawn.
  async sanitised(svgText, ordersOnly, whole = false) {
    const key = this.key;
    const root = ordersOnly ? null : new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
    const parsed = root && root.localName === "svg" && !root.querySelector("parsererror") ? root : null;
    const lean = !parsed || whole || !key || !this.svg() ? null : withoutStatic(parsed, key);
    let fresh;
    if (parsed) {
      // Reading the engine's map (above) takes a phone 70-80 ms and sanitising it more: each its own tasks
      // (issue 25), the sanitising a part at a time (in-parts.js).
      await nextTurn();
      fresh = await sanitiseInParts(this.sanitiser, parsed);
    } else {
      const fragment = await this.sanitiser.sanitise(ordersOnly ? ordersLayer(svgText) : svgText);
      fresh = fragment.querySelector ? fragment.querySelector("svg") : null;
    }
    if (fresh) uniqueIds(fresh, this.prefix);
    if (fresh && lean) markPartial(fresh, key);
    return fresh;
  }

  // Whether a map from sanitised() can be drawn on the map shown (one without static layers needs them).
  fits(fresh) {
    const key = partialKey(fresh);
    return key === null || (key === this.key && !!this.svg());
  }

  // An adjudicated result's map (in the result box) as the board draws it: its copy without the static
  // layers when they are those shown, else a whole copy.
  copyOf(svg) {
    const copy = (this.key && this.svg() && copyWithoutStatic(svg, this.key)) || svg.cloneNode(true);
    copy.classList.remove("calc-map"); // the result's own map stays the page's one result map
    uniqueIds(copy, this.prefix + "r-");
    return copy;
  }

  // subjects: what can be clicked (options.js); result: the map is an adjudicated result's (its next
  // redraw is a whole one).
  draw(fresh, ordersOnly, subjects, result = false) {
    const wait = this.figure.querySelector(".board-wait");
    if (wait) wait.remove();
    const old = this.svg();
    if (ordersOnly && old) {
      // Only the orders changed: swap the orders layer (and the arrow heads), so that the units keep the focus.
      for (const sel of ["defs", "g.orders"]) {
        const a = old.querySelector(sel);
        const b = fresh.querySelector(sel);
        if (a && b) a.replaceWith(b);
      }
      old.setAttribute("aria-label", fresh.getAttribute("aria-label") || "");
      const t = old.querySelector("title");
      const nt = fresh.querySelector("title");
      if (t && nt) t.textContent = nt.textContent;
      return;
    }
    this.showsResult = result;
    this.figure.toggleAttribute("data-result", result);
    delete this.figure.dataset.stale; // the placeholder's mark (board.js keeps its own)
    const active = document.activeElement;
    const focused = old && old.contains(active) ? active.getAttribute("data-unit") : null;
    this.undecorate();
    let shown = fresh;
    if (old && partialKey(fresh) !== null) {
      swapLayers(old, fresh); // the provinces stay in the page as they are
      shown = old;
    } else {
      this.key = staticKey(fresh);
      if (old) old.replaceWith(fresh);
      else this.figure.append(fresh);
      this.figure.dataset.drawn = "1";
    }
    this.decorate(shown, subjects);
    if (focused && !shown.contains(document.activeElement)) {
      const again = shown.querySelector(`[data-unit="${CSS.escape(focused)}"][tabindex]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // What the last decorate() made clickable, as the engine drew it again (the provinces kept between draws).
  undecorate() {
    for (const [node, added] of this.decorated) {
      for (const a of ["tabindex", "role", "aria-label"]) node.removeAttribute(a);
      node.classList.remove("orderable", ...added);
    }
    this.decorated = [];
  }

  // What can be clicked takes the focus, with a name that says what it does.
  decorate(svg, subjects) {
    svg.setAttribute("role", "group"); // an image's parts cannot take the focus
    svg.classList.add("board-live");
    const done = new Set();
    // A dislodged unit, not the one that took its place, is the one that retreats.
    for (const u of [...svg.querySelectorAll("[data-unit].dislodged"), ...svg.querySelectorAll("[data-unit]")]) {
      const key = provinceOf(u.getAttribute("data-unit"));
      const s = subjects.get(key);
      // Only the subject's own unit (a result's map may show another power's unit there, a landed Martian).
      if (!s || done.has(key) || u.classList.contains("built") || !u.classList.contains(powerClass(s.power))) continue;
      done.add(key);
      clickable(u, s);
      this.decorated.push([u, []]);
    }
    for (const [key, s] of subjects) {
      if (done.has(key) || !s.at) continue;
      const p = svg.querySelector(`path.prov[data-province="${CSS.escape(key)}"]`);
      // A centre a power may build in (DIP 13.2), outlined in its colour before anything is chosen.
      if (!p) continue;
      const added = [];
      if (s.choices.some((c) => c.mode === "build")) {
        added.push(...["buildable", powerClass(s.power)].filter((c) => !p.classList.contains(c)));
        p.classList.add(...added);
      }
      done.add(key);
      clickable(p, s);
      this.decorated.push([p, added]);
    }
  }

  // The clickable element of a province: its unit, or the province itself.
  focusable(key) {
    const svg = this.svg();
    const k = CSS.escape(key);
    if (!svg) return null;
    return svg.querySelector(`.orderable[data-unit="${k}"], .orderable[data-unit^="${k}/"], ` +
      `path.orderable[data-province="${k}"]`);
  }

  // The highlight: the chosen unit (key), every province the next click may choose (next: a Set), and the coasts
  // a fleet's order may end on (coasts: order-entry.js coastTargets); key null: nothing is being chosen.
  // Returns the coast targets' group when there is one.
  highlight(key, next, coasts = []) {
    const svg = this.svg();
    if (!svg) return null;
    for (const n of svg.querySelectorAll(".option, .selected")) n.classList.remove("option", "selected");
    svg.classList.toggle("choosing", key !== null);
    const group = this.coastTargets(svg, key === null ? [] : coasts);
    if (key === null) return null;
    for (const p of svg.querySelectorAll("path.prov[data-province]")) {
      const province = p.getAttribute("data-province");
      if (next.has(province)) p.classList.add("option");
      if (province === key) p.classList.add("selected");
    }
    const chosen = this.focusable(key);
    if (chosen) chosen.classList.add("selected");
    for (const u of svg.querySelectorAll("[data-unit]")) {
      const province = provinceOf(u.getAttribute("data-unit"));
      if (next.has(province) && !u.classList.contains("built")) u.classList.add("option");
    }
    return group;
  }

  // Each coast offered, a target over its label (the labels' data-coast, board_svg.py): a button for the mouse,
  // a finger (at least TARGET_PX square at the map's present scale) and the keyboard (Tab, then Enter), named
  // for the order it writes. Drawn last, over the units; made again at each highlight. Returns the group, or null.
  coastTargets(svg, coasts) {
    const old = svg.querySelector("g.coast-targets");
    // The keyboard on a target stays on that coast's new target (a redraw while the coast is chosen).
    const active = document.activeElement;
    const focused = old && old.contains(active) ? active.getAttribute("data-coast") : null;
    if (old) old.remove();
    const labelled = coasts.map((t) => [t, svg.querySelector(`text.lbl.coast[data-coast="${CSS.escape(t.loc)}"]`)])
      .filter(([, label]) => label);
    if (!labelled.length) return null;
    const ctm = svg.getScreenCTM();
    const scale = (ctm && Math.hypot(ctm.a, ctm.b)) || 1; // CSS px per map unit
    const side = TARGET_PX / scale;
    const group = svgNode("g", { class: "coast-targets" });
    for (const [t, label] of labelled) {
      const x = Number(label.getAttribute("x"));
      const y = Number(label.getAttribute("y"));
      const w = Math.max(side * 1.3, 26);
      const h = Math.max(side, 18);
      const node = svgNode("g", { class: "coast-target", "data-coast": t.loc, tabindex: "0", role: "button",
        "aria-label": t.name });
      node.append(svgNode("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: h / 2 }),
        svgNode("text", { x, y, "font-size": Math.max(12, h * 0.55) }, t.loc.split("/")[1]));
      group.append(node);
    }
    svg.append(group);
    const again = focused && group.querySelector(`[data-coast="${CSS.escape(focused)}"]`);
    if (again) again.focus({ preventScroll: true });
    return group;
  }
}

// A coast target is at least this many CSS px high (and wider): a finger's size (WCAG 2.5.5 asks 44 px; 2.5.8,
// AA in WCAG 2.2, 24 px).
const TARGET_PX = 32;
const SVG_NS = "http://www.w3.org/2000/svg";

function svgNode(name, attrs, text = "") {
  const n = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text) n.textContent = text;
  return n;
}

// "France" -> "pw-france", as the engine's renderer names a power's class (board_svg.power_class).
function powerClass(power) {
  return "pw-" + (String(power).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "none");
}

function clickable(node, s) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", s.label + ": choose an order");
  node.classList.add("orderable");
}
