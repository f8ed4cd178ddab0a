// Tooltips for what the content says in a title: a glossary term's definition (abbr), a rule link's first
// words, a permanent link. One tooltip, shown from listeners on the document, in Material's own tooltip
// markup and styles (.md-tooltip2).
//
// Material's content.tooltips feature does the same by setting up a tooltip for every element with a
// title when the page is shown: a rules page has 500 to 800 of them (glossary terms, rule links), and
// setting them up was the page's longest task (0.4-1 s on a phone's CPU, Lighthouse; issue 25). Here
// nothing is done until the reader points at or focuses one.
//
// Like Material's, the tooltip takes the title while it is shown (no second, native tooltip), names it as
// the element's description (aria-describedby), stays while the pointer moves onto it, and Escape closes
// it (WCAG 1.4.13). An ES module, bundled into the page's one script (hooks/bundle.py).

const HOSTS = "[data-md-component=content] [title]";
const HIDE_MS = 250; // the time the pointer has to move from the term onto its tooltip

let tip = null; // the one tooltip element, made when first needed
let host = null; // the element whose title it shows
let timer = null;

function tooltip() {
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "md-tooltip2 md-tooltip2--bottom site-tooltip";
    tip.setAttribute("role", "tooltip");
    tip.id = "site-tooltip";
    const inner = document.createElement("div");
    inner.className = "md-tooltip2__inner md-typeset";
    tip.append(inner);
    tip.addEventListener("mouseenter", () => clearTimeout(timer));
    tip.addEventListener("mouseleave", () => hideSoon());
  }
  if (!tip.isConnected) document.body.append(tip); // instant navigation keeps the body; a test page may not
  return tip;
}

function show(el) {
  clearTimeout(timer);
  if (el === host) return;
  hide();
  const text = el.getAttribute("title");
  if (!text) return;
  host = el;
  el.setAttribute("data-site-title", text);
  el.removeAttribute("title");
  el.setAttribute("aria-describedby", "site-tooltip");
  const t = tooltip();
  t.firstChild.textContent = text;
  // Where Material's own tooltip would be: below the element, centred on it, kept within the screen.
  const r = el.getBoundingClientRect();
  const style = t.style;
  style.setProperty("--md-tooltip-host-x", `${r.left + window.scrollX}px`);
  style.setProperty("--md-tooltip-host-y", `${r.top + window.scrollY}px`);
  style.setProperty("--md-tooltip-x", `${r.width / 2}px`);
  style.setProperty("--md-tooltip-y", `${8 + r.height}px`);
  style.setProperty("--md-tooltip-tail", "0px");
  style.setProperty("--md-tooltip-width", `${t.firstChild.offsetWidth}px`);
  t.classList.add("md-tooltip2--active");
}

function hide() {
  clearTimeout(timer);
  if (!host) return;
  const el = host;
  host = null;
  el.setAttribute("title", el.getAttribute("data-site-title") || "");
  el.removeAttribute("data-site-title");
  if (el.getAttribute("aria-describedby") === "site-tooltip") el.removeAttribute("aria-describedby");
  if (tip) tip.classList.remove("md-tooltip2--active");
}

function hideSoon() {
  clearTimeout(timer);
  timer = setTimeout(hide, HIDE_MS);
}

function hostOf(target) {
  if (!(target instanceof Element)) return null;
  if (host && host.contains(target)) return host;
  return target.closest(HOSTS);
}

document.addEventListener("mouseover", (e) => {
  const el = hostOf(e.target);
  if (el) show(el);
  else if (host && !(tip && tip.contains(e.target))) hideSoon();
});
document.addEventListener("focusin", (e) => {
  const el = hostOf(e.target);
  if (el) show(el);
  else hide();
});
document.addEventListener("focusout", (e) => {
  if (host && host.contains(e.target)) hide();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && host) hide();
});
window.addEventListener("resize", hide);
// A page swapped in by instant navigation: the element is gone, and so is its tooltip.
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(hide);
