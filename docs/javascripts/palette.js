// The palette toggle (light/dark): what Material's palette component did when the reader switches, without
// what it did on every page load (overrides/partials/palette.html says why it is not mounted; issue 25).
// The palette in force is applied as the header is read (overrides/partials/javascripts/palette.html,
// window.__mdPalette). Here: a switch turns transitions off while the colours change (Material's
// data-md-color-switching), applies the palette and keeps the choice (Material's "__palette" storage, so
// a choice made before this change still holds); Enter on the toggle switches too (as in Material);
// and until the reader chooses, the palette follows the system's light or dark preference.
// An ES module, bundled into the page's one script (hooks/bundle.py).

const palette = window.__mdPalette;

function show(index) {
  document.body.setAttribute("data-md-color-switching", "");
  palette.apply(index);
  setTimeout(() => document.body.removeAttribute("data-md-color-switching"));
}

function choose(index) {
  show(index);
  window.__md_set("__palette", { index, color: palette.colors(index) });
}

function current() {
  return Array.prototype.findIndex.call(palette.inputs, (input) => input.checked);
}

if (palette) {
  palette.inputs.forEach((input, index) => input.addEventListener("change", () => choose(index)));
  palette.form.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    const next = palette.inputs[(current() + 1) % palette.inputs.length];
    next.click();
    next.focus();
  });
  const system = window.matchMedia("(prefers-color-scheme: light)");
  system.addEventListener("change", () => {
    if (!window.__md_get("__palette") && palette.chosen() !== current()) show(palette.chosen());
  });
}
