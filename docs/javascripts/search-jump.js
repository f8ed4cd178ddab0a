// A search result followed on a phone lands on its rule (issue 24's rule-ID search). While Material's search is
// open on a phone it locks the page's scroll (the body fixed where it was) and, as the search closes, puts the page
// back there. The result's page, loaded meanwhile by instant navigation, had its #anchor scrolled to while the
// body was fixed: nothing moved, and the reader was left at the top, thousands of pixels above the rule. Its
// overlay also shrinks away wider than the screen as it closes, and a phone's browser shows the page zoomed out
// meanwhile (a viewport 2,700 px tall at 390 px): a jump made then lands a third of the way.
// So, for a while after a result is chosen, each frame checks: once the scroll is free, nothing is wider than
// the screen and the address's target exists, the target is brought into view unless it is there already. The
// order of the navigation, the release and the overlay's exit varies with the machine's load; this does not
// depend on it. The reader's own scrolling ends it.
// An ES module, bundled into the page's one script (hooks/bundle.py).

const WINDOW_MS = 10000; // how long after the choice the target is still looked after
const SETTLED = 3; // frames in a row with the target in view: done
let followed = -Infinity;
let running = false;
let settled = 0;

function chosen() {
  followed = performance.now();
  settled = 0;
  if (!running) {
    running = true;
    requestAnimationFrame(step);
  }
}

document.addEventListener("click", (e) => {
  if (e.target instanceof Element && e.target.closest(".md-search-result a")) chosen();
}, true);
document.addEventListener("keydown", (e) => {
  if (!(e.target instanceof Element) || !e.target.closest(".md-search")) followed = -Infinity;
  else if (e.key === "Enter") chosen();
}, true);
for (const type of ["wheel", "touchmove"]) {
  window.addEventListener(type, () => {
    if (!document.body.hasAttribute("data-md-scrolllock")) followed = -Infinity;
  }, { capture: true, passive: true });
}

function hashTarget() {
  try {
    const id = decodeURIComponent(location.hash.slice(1));
    return id ? document.getElementById(id) : null;
  } catch (e) {
    return null;
  }
}

function step() {
  if (performance.now() - followed > WINDOW_MS) {
    running = false;
    return;
  }
  const target = hashTarget();
  const root = document.documentElement;
  if (target && !document.body.hasAttribute("data-md-scrolllock") && root.scrollWidth <= root.clientWidth + 1) {
    const r = target.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= innerHeight) {
      if (++settled >= SETTLED) {
        followed = -Infinity;
        running = false;
        return;
      }
    } else {
      settled = 0;
      target.scrollIntoView();
    }
  }
  requestAnimationFrame(step);
}
