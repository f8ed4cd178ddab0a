// Print (issue 24, docs/stylesheets/print.css): what the reader folded away for the screen is printed
// opened where it matters: a result's details, a collapsible box of the rules. The exact fractions
// and the form's own sections stay folded (print.css leaves them out). Closed again after printing.
// An ES module, bundled into the page's one script (hooks/bundle.py).

const STAYS_FOLDED = ".calc-frac, .calc-exact, .calc-form details, .calc-more, .calc-rulings, .calc-kv-more";

// Paper is white: a page read in the dark palette prints in the light one (printed from it, its pale text was
// near invisible on white and its map a sheet of dark ink, a new player found). Put back after printing.
let screenScheme = null;

window.addEventListener("beforeprint", () => {
  const scheme = document.body.getAttribute("data-md-color-scheme");
  if (scheme && scheme !== "default") {
    screenScheme = scheme;
    document.body.setAttribute("data-md-color-scheme", "default");
  }
  for (const d of document.querySelectorAll(".md-content details:not([open])")) {
    if (d.matches(STAYS_FOLDED)) continue;
    d.open = true;
    d.dataset.printOpened = "1";
  }
});

window.addEventListener("afterprint", () => {
  if (screenScheme) document.body.setAttribute("data-md-color-scheme", screenScheme);
  screenScheme = null;
  for (const d of document.querySelectorAll("details[data-print-opened]")) {
    d.open = false;
    delete d.dataset.printOpened;
  }
});
