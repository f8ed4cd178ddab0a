// The board's map: the SVG the options calculator draws (in Python, as every map of the site), put
// into the page through the sanitiser, made clickable and focusable, and lit up while an order is
// being chosen. When only the orders changed, only the orders layer is sent through the sanitiser
// and swapped in, so that the units keep the focus.
import { uniqueIds } from "../calculator/dom.js";
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
  }

  svg() {
    return this.figure.querySelector("svg");
  }

  // The map's SVG element from the engine's SVG text, through the sanitiser (null if there is none);
  // ordersOnly: only its orders layer (see draw).
  async sanitised(svgText, ordersOnly) {
    const fragment = await this.sanitiser.sanitise(ordersOnly ? ordersLayer(svgText) : svgText);
    const fresh = fragment.querySelector ? fragment.querySelector("svg") : null;
    if (fresh) uniqueIds(fresh, this.prefix);
    return fresh;
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
    const active = document.activeElement;
    const focused = old && old.contains(active) ? active.getAttribute("data-unit") : null;
    if (old) old.replaceWith(fresh);
    else this.figure.append(fresh);
    this.decorate(fresh, subjects);
    if (focused) {
      const again = fresh.querySelector(`[data-unit="${CSS.escape(focused)}"][tabindex]`);
      if (again) again.focus({ preventScroll: true });
    }
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
    }
    for (const [key, s] of subjects) {
      if (done.has(key) || !s.at) continue;
      const p = svg.querySelector(`path.prov[data-province="${CSS.escape(key)}"]`);
      // A centre a power may build in (DIP 13.2), outlined in its colour before anything is chosen.
      if (p && s.choices.some((c) => c.mode === "build")) p.classList.add("buildable", powerClass(s.power));
      if (p) {
        done.add(key);
        clickable(p, s);
      }
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

  // The highlight: the chosen unit (key), and every province the next click may choose (next: a Set);
  // key null: nothing is being chosen.
  highlight(key, next) {
    const svg = this.svg();
    if (!svg) return;
    for (const n of svg.querySelectorAll(".option, .selected")) n.classList.remove("option", "selected");
    svg.classList.toggle("choosing", key !== null);
    if (key === null) return;
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
  }
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
