// Site-wide accessibility helpers (issue 13): wide tables that say they scroll and can be
// scrolled from the keyboard, and a "Skip to the calculator" link on pages with widgets.
// Runs on first load and after every instant navigation (Material's document$).
// An ES module, bundled into the page's one script (hooks/bundle.py): it runs once per tab.

// Scroll containers: the wrapper around a rules table (Material's) and around a calculator's
// result table. A wrapper, not the table: Material styles only tables without a class, and its
// focus-visible helper adds one to whatever has focus.
const SCROLLERS = ".md-typeset .md-typeset__scrollwrap, .md-typeset .calc-table-wrap";

function caption(box) {
  const c = box.querySelector("table > caption");
  return c && c.textContent.trim() ? c.textContent.trim() : null;
}
function nameOf(box) {
  if (caption(box)) return caption(box);
  // The nearest heading above the table names it.
  let node = box;
  while (node && !node.matches("article")) {
    let prev = node.previousElementSibling;
    while (prev) {
      if (/^H[1-6]$/.test(prev.tagName)) return prev.textContent.replace(/¶$/, "").trim();
      prev = prev.previousElementSibling;
    }
    node = node.parentElement;
  }
  return "Table";
}

// Two wide tables under one heading get different names: "Stats", "Stats, table 2".
function uniqueName(base) {
  const named = document.querySelectorAll("[role=region][aria-label]");
  const taken = new Set(Array.from(named, (e) => e.getAttribute("aria-label")));
  let name = base + " (scrolls sideways)";
  for (let n = 2; taken.has(name); n++) name = base + ", table " + n + " (scrolls sideways)";
  return name;
}

// A table wider than its column becomes a named region in the tab order (arrow keys scroll
// it), with its first column kept in view and shadows at the edges that still hide columns.
// State goes in data-scroll: "wide", plus "sticky", "left" and "right" as they apply.
const ADDED = "data-scroll-added"; // marks the attributes this script added, to take back
function setState(box, tokens) {
  const value = tokens.filter(Boolean).join(" ");
  if (box.getAttribute("data-scroll") !== value) box.setAttribute("data-scroll", value);
}
// Reads first, writes after (issue 25): a rules page has dozens of wide tables, and a measure after each
// write made the browser lay the page out again for every table, as the page opened.
function measure(box) {
  if (box.scrollWidth <= box.clientWidth + 1) return null;
  const first = box.querySelector("tr > :first-child");
  const max = box.scrollWidth - box.clientWidth;
  return {
    // Keep the first column in view only while it leaves room for the others.
    sticky: Boolean(first && first.offsetWidth < box.clientWidth * 0.45),
    left: box.scrollLeft > 1,
    right: box.scrollLeft < max - 1,
  };
}
function mark(box, m) {
  if (m) {
    if (!box.hasAttribute(ADDED)) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", uniqueName(nameOf(box)));
      box.setAttribute(ADDED, "");
    }
    setState(box, ["wide", m.sticky && "sticky", m.left && "left", m.right && "right"]);
  } else {
    if (box.hasAttribute(ADDED)) {
      for (const a of ["tabindex", "role", "aria-label", ADDED]) box.removeAttribute(a);
    }
    box.removeAttribute("data-scroll");
  }
}
document.addEventListener("scroll", (e) => {
  const box = e.target;
  if (box instanceof Element && box.hasAttribute(ADDED)) mark(box, measure(box));
}, true);

// Each scroll box is measured when its size or its table's size changes (a ResizeObserver reports both after
// layout), not after every change anywhere in the content (issue 25: a result redrawn, a board's map swapped
// made every wide table of the page be measured again, forcing layout of content off screen too).
const sizes = new ResizeObserver((entries) => {
  const boxes = [...new Set(entries.map((e) => e.target.closest(SCROLLERS)).filter(Boolean))];
  const found = boxes.map(measure); // reads first, writes after
  boxes.forEach((box, i) => mark(box, found[i]));
});
let seen = new WeakSet();
function observe(el) {
  if (seen.has(el)) return;
  seen.add(el);
  sizes.observe(el);
}
function forget(root) {
  for (const el of [root, ...root.querySelectorAll(SCROLLERS + ", table")]) {
    if (seen.has(el)) {
      sizes.unobserve(el);
      seen.delete(el);
    }
  }
}
function observeWithin(root) {
  const boxes = root.matches(SCROLLERS) ? [root] : Array.from(root.querySelectorAll(SCROLLERS));
  const inBox = root.closest(SCROLLERS);
  if (inBox) boxes.push(inBox);
  for (const box of boxes) {
    observe(box);
    for (const table of box.querySelectorAll("table")) observe(table);
  }
}
// Widgets redraw their result tables at any time: watch the content for new boxes and tables.
let observer = null;
function watch() {
  if (observer) observer.disconnect();
  sizes.disconnect(); // a new page (instant navigation): the old one's boxes are gone
  seen = new WeakSet();
  const content = document.querySelector(".md-content");
  if (!content) return;
  observeWithin(content);
  observer = new MutationObserver((list) => {
    for (const m of list) {
      for (const node of m.removedNodes) if (node instanceof Element) forget(node);
      for (const node of m.addedNodes) if (node instanceof Element) observeWithin(node);
    }
  });
  observer.observe(content, { childList: true, subtree: true });
}

// "Skip to the calculator", after Material's "Skip to content", on pages with a widget.
function skipLink() {
  const slot = document.querySelector("[data-md-component=skip]");
  const widget = document.querySelector(".calc-widget[id]");
  if (!slot || !widget || slot.querySelector(".md-skip--calc")) return;
  const a = document.createElement("a");
  a.className = "md-skip md-skip--calc";
  a.href = "#" + widget.id;
  a.textContent = "Skip to the calculator";
  // Focus the first field itself; leave the address bar (a shared #calc= state) alone. Material's
  // instant navigation would otherwise take the click, write the hash and drop focus.
  a.addEventListener("click", (e) => {
    const target = document.getElementById(widget.id);
    if (!target) return;
    e.preventDefault();
    e.stopPropagation();
    const field = target.querySelector(
      "input:not([type=hidden]):not([hidden]), select, textarea, button:not([hidden])");
    target.scrollIntoView({ block: "start" });
    if (field) field.focus({ preventScroll: true });
    else {
      target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  });
  slot.append(a);
}

// The phone drawer's menu button (overrides/partials/header.html): a real button that toggles
// Material's drawer checkbox, says whether the drawer is open, and moves focus into it.
const drawer = () => document.getElementById("__drawer");
const drawerButton = () => document.querySelector("[data-md-drawer-button]");
function syncDrawer() {
  const box = drawer(), button = drawerButton();
  if (box && button) button.setAttribute("aria-expanded", String(box.checked));
}
function setDrawer(open) {
  const box = drawer();
  if (!box || box.checked === open) return;
  box.checked = open;
  box.dispatchEvent(new Event("change", { bubbles: true })); // Material listens for it
}
document.addEventListener("change", (e) => {
  if (e.target === drawer()) syncDrawer();
});
document.addEventListener("click", (e) => {
  const button = e.target instanceof Element && e.target.closest("[data-md-drawer-button]");
  if (!button) return;
  setDrawer(!drawer().checked);
  if (drawer().checked && e.detail === 0) { // opened from the keyboard: focus moves into the drawer
    // Focus moves once the drawer has slid in (a reader asking for reduced motion gets no
    // transition, hence the fallback).
    const sidebar = document.querySelector(".md-sidebar--primary");
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      focusDrawer();
    };
    if (sidebar) sidebar.addEventListener("transitionend", go, { once: true });
    setTimeout(go, 400);
  }
});
// The first control the reader can see: the drawer stacks its levels on top of each other.
function focusDrawer() {
  const candidates = document.querySelectorAll(
    ".md-sidebar--primary a[href], .md-sidebar--primary [tabindex='0']");
  for (const el of candidates) {
    const r = el.getBoundingClientRect();
    if (!r.width || r.left < 0) continue;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (el === hit || el.contains(hit))) {
      el.focus();
      return;
    }
  }
}
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || !drawer() || !drawer().checked) return;
  setDrawer(false);
  const button = drawerButton();
  if (button && button.offsetParent) button.focus();
});

function init() {
  syncDrawer(); // instant navigation closes the drawer without a change event
  skipLink();
  watch();
}
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
