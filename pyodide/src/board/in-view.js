// On a phone the order menu is a panel fixed to the foot of the screen (board.css): when a unit's menu
// opens, the map is scrolled (its sideways frame, then the page) so that the unit stands in the part of
// the screen above the panel, where its destinations around it can be seen and tapped (issue 23).

// node: the unit (or province) chosen; menu: the order menu, just shown; frame: the map's sideways scroller.
export function revealAboveMenu(node, menu, frame) {
  if (!node || !menu || menu.hidden || getComputedStyle(menu).position !== "fixed") return;
  const unit = node.getBoundingClientRect();
  const box = frame.getBoundingClientRect();
  if (frame.scrollWidth > frame.clientWidth) {
    // The unit to the middle of the frame, sideways.
    frame.scrollLeft += unit.left + unit.width / 2 - (box.left + frame.clientWidth / 2);
  }
  const top = menu.getBoundingClientRect().top;
  const header = document.querySelector(".md-header");
  const above = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const now = node.getBoundingClientRect();
  if (now.top >= above + 8 && now.bottom <= top - 8 && now.top + now.height / 2 >= above + (top - above) / 4) return;
  // The unit to the middle of the space between the header and the panel.
  window.scrollBy({ top: now.top + now.height / 2 - (above + (top - above) / 2), behavior: "instant" });
}

// On a phone the map's frame scrolls sideways (board.css): it opens on the middle of the board, not on its
// western edge (a new player saw the Atlantic and little of Europe). Called in an animation frame, where the
// frame's layout is done anyway; a frame the reader has already scrolled is left where it is.
export function centreSideways(frame) {
  const spare = frame.scrollWidth - frame.clientWidth;
  if (spare > 1 && frame.scrollLeft === 0) frame.scrollLeft = Math.round(spare / 2);
}

// On a phone the map is wider than the screen; "Whole map" shrinks it to the screen's width for a look at all
// of Europe (a new player saw a third of it and could not zoom out). The button says what it will do next, and
// the way back returns the frame to where the reader had scrolled it. Either way the map's top stays in sight
// (the shrunk map, shorter, had left it under the header).
const LABELS = { whole: "Whole map", back: "Back to readable size" };

export function wireWholeMap(button, stage, frame) {
  let left = null;
  button.addEventListener("click", () => {
    const whole = !stage.hasAttribute("data-whole");
    if (whole) left = frame.scrollLeft;
    stage.toggleAttribute("data-whole", whole);
    button.textContent = whole ? LABELS.back : LABELS.whole;
    if (!whole) {
      if (left) frame.scrollLeft = left;
      else centreSideways(frame);
    }
    const header = document.querySelector(".md-header");
    const above = header ? header.getBoundingClientRect().bottom : 0;
    const top = frame.getBoundingClientRect().top;
    if (top < above) window.scrollBy({ top: top - above - 8, behavior: "instant" });
  });
}
