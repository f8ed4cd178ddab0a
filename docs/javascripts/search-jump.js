// A search result followed on a phone lands on its rule (issue 24's rule-ID search). While Material's search is
// open on a phone it locks the page's scroll (the body fixed where it was) and, as the search closes, puts the page
// back there. The result's page, loaded meanwhile by instant navigation, had its #anchor scrolled to while the
// body was fixed: nothing moved, and the reader was left at the top, thousands of pixels above the rule. So once
// the lock is released after a result was followed, the address's target is brought into view.
// An ES module, bundled into the page's one script (hooks/bundle.py).

const FOLLOWED_MS = 3000; // a release this long after the result was chosen is not its navigation's
let followed = -Infinity;

const chosen = () => {
  followed = performance.now();
};
document.addEventListener("click", (e) => {
  if (e.target instanceof Element && e.target.closest(".md-search-result a")) chosen();
}, true);
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && e.target instanceof Element && e.target.closest(".md-search")) chosen();
}, true);

new MutationObserver(() => {
  if (document.body.hasAttribute("data-md-scrolllock") || performance.now() - followed > FOLLOWED_MS) return;
  followed = -Infinity;
  let id;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch (e) {
    return;
  }
  const target = id && document.getElementById(id);
  if (target) requestAnimationFrame(() => bringUp(target, performance.now() + SETTLE_MS));
}).observe(document.body, { attributes: true, attributeFilter: ["data-md-scrolllock"] });

// The search's overlay shrinks away for a quarter of a second as it closes, wider than the screen meanwhile: a
// phone's browser shows the page zoomed out to fit it (a viewport 2,700 px tall at 390 px), and a jump made then
// lands a third of the way. So the jump waits, frame by frame, until nothing is wider than the screen.
const SETTLE_MS = 1000;
function bringUp(target, deadline) {
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1 && performance.now() < deadline) {
    requestAnimationFrame(() => bringUp(target, deadline));
    return;
  }
  if (target.isConnected) target.scrollIntoView();
}
