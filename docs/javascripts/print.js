// Print (issue 24, docs/stylesheets/print.css): what the reader folded away for the screen is printed
// opened where it matters: a result's details, a collapsible box of the rules. The exact fractions
// and the form's own sections stay folded (print.css leaves them out). Closed again after printing.
// An ES module, bundled into the page's one script (hooks/bundle.py).

const STAYS_FOLDED = ".calc-frac, .calc-exact, .calc-form details, .calc-more, .calc-rulings, .calc-kv-more";

// Paper is white: a page read in the dark palette prints in the light one (printed from it, its pale text was
// near invisible on white and its map a sheet of dark ink, a new player found). Put back after printing.
let screenScheme = null;

// A field's value as the reader set it: a menu's chosen label, a box's text, a checkbox's yes or no.
function shown(input) {
  if (input.tagName === "SELECT") return input.selectedOptions.length ? input.selectedOptions[0].textContent : "";
  if (input.type === "checkbox") return input.checked ? "yes" : "no";
  return input.value.trim();
}

// The inputs a result was worked out for, in one line above it: the form does not print, and a printed answer
// without them did not say which shooter, target or range it was for (a new player). A board prints its map.
function inputsLine(widget) {
  const form = widget.querySelector(".calc-form");
  if (!form || widget.querySelector(".calc-board")) return null;
  const parts = [];
  for (const input of form.querySelectorAll("input[id], select[id], textarea[id]")) {
    if (input.type === "file" || input.type === "hidden" || input.closest(".calc-rulings")) continue;
    const label = form.querySelector(`label[for="${CSS.escape(input.id)}"]`);
    const value = shown(input);
    if (label && value) parts.push(label.textContent.trim() + ": " + value);
  }
  if (!parts.length) return null;
  const line = document.createElement("p");
  line.className = "calc-print-inputs";
  line.textContent = "For " + parts.join("; ") + ".";
  return line;
}

window.addEventListener("beforeprint", () => {
  for (const widget of document.querySelectorAll(".md-content .calc-widget")) {
    const result = widget.querySelector(".calc-result");
    const line = result && result.querySelector(".calc-summary") ? inputsLine(widget) : null;
    if (line) result.prepend(line);
  }
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
  for (const line of document.querySelectorAll(".calc-print-inputs")) line.remove();
  if (screenScheme) document.body.setAttribute("data-md-color-scheme", screenScheme);
  screenScheme = null;
  for (const d of document.querySelectorAll("details[data-print-opened]")) {
    d.open = false;
    delete d.dataset.printOpened;
  }
});
