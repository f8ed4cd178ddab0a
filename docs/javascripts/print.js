// Print (issue 24, docs/stylesheets/print.css): what the reader folded away for the screen is printed
// opened where it matters: a result's details, a collapsible box of the rules. The exact fractions
// and the form's own sections stay folded (print.css leaves them out). Closed again after printing.
// An ES module, bundled into the page's one script (hooks/bundle.py).

const STAYS_FOLDED = ".calc-frac, .calc-exact, .calc-form details, .calc-more, .calc-rulings, .calc-kv-more";

window.addEventListener("beforeprint", () => {
  for (const d of document.querySelectorAll(".md-content details:not([open])")) {
    if (d.matches(STAYS_FOLDED)) continue;
    d.open = true;
    d.dataset.printOpened = "1";
  }
});

window.addEventListener("afterprint", () => {
  for (const d of document.querySelectorAll("details[data-print-opened]")) {
    d.open = false;
    delete d.dataset.printOpened;
  }
});
