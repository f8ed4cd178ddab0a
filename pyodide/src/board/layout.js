// The board's elements and where they sit: a play surface (issue 23). On a wide screen the map takes
// most of the width (the stage) with the phase, the order menu, the orders box, Adjudicate and Continue
// beside it (the side); the result's table comes right under the board, and a played phase is shown in the
// map's place. On a phone the map comes first and the order menu is a panel at the foot of the screen.
// The widget's own order boxes, buttons and result box are moved into the board, never copied: the
// widget keeps working on the same elements (docs/stylesheets/board.css lays them out).
import { button, el } from "../calculator/dom.js";

const HELP = "Click a unit to see its legal orders on the map and in the menu; click where it goes, and " +
  "the order is written in the orders box.";
const KEYS = " Keyboard: Tab to a unit and press Enter; Escape cancels.";

// Touch screens get no keyboard hints (pointer: coarse).
export function touch() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

// "Click the next place" -> "Tap the next place" on a touch screen.
export function pointerWords(text) {
  return touch() ? String(text).replace(/\bClick/g, "Tap").replace(/\bclick/g, "tap") : String(text);
}

function menuParts(id, p) {
  p.prompt = el("p", { class: "board-prompt", id: id + "-prompt", tabindex: "-1" });
  p.current = el("p", { class: "board-current", hidden: true });
  p.removeBtn = button("board-remove", "Remove this order", { hidden: true });
  p.modes = el("div", { class: "board-modes", role: "group", "aria-label": "Kind of order" });
  p.hint = el("p", { class: "board-hint" });
  p.choices = el("div", { class: "board-choices", role: "group", "aria-labelledby": id + "-prompt" });
  p.cancelBtn = button("board-cancel", touch() ? "Close" : "Close (Esc)");
  p.menu = el("div", { class: "board-menu", hidden: true, role: "region", "aria-label": "Order menu" },
    p.prompt, el("div", { class: "board-current-box" }, p.current, p.removeBtn), p.modes, p.hint, p.choices,
    p.cancelBtn);
}

// The board's elements, in the order the page shows them.
export function buildPanel(id, spec) {
  const p = {
    phaseText: el("span", { class: "board-phase", id: id + "-phase", tabindex: "-1" }),
    prevBtn: button("board-prev", "◀ Earlier phase", { "aria-describedby": id + "-phase" }),
    nextBtn: button("board-next", "Later phase ▶", { "aria-describedby": id + "-phase" }),
    nowBtn: button("board-now", "Back to the current phase", { hidden: true }),
    replayBtn: button("board-replay", "Play again from here", { hidden: true }),
    importInput: el("input", { type: "file", accept: "application/json,.json", hidden: true,
      class: "board-import-file" }),
    note: el("p", { class: "board-note", hidden: true }),
    restoreBtn: button("board-restore", "Bring them back", { hidden: true }),
    error: el("p", { class: "board-error", role: "alert", hidden: true }),
    figure: el("figure", { class: "calc-chart board-map", "aria-describedby": id + "-help" },
      el("p", { class: "board-wait", text: "The board appears here once the engine has started." })),
    help: el("p", { class: "board-help", id: id + "-help", text: pointerWords(HELP) + (touch() ? "" : KEYS) }),
    // A played phase viewed: its map in the map's place (viewMap), its summary and tables under the board (view),
    // so that the phase bar stays where it was, right under the map on a phone (issue 23: history steps in place).
    viewMap: el("div", { class: "board-view-map", hidden: true }),
    view: el("div", { class: "board-view", hidden: true }),
    viewing: el("p", { class: "board-viewing", hidden: true }),
    loose: el("div", { class: "board-loose", role: "group", "aria-label": "Orders without a unit", hidden: true }),
    // A line's room from the start: the engine's first answer fills it ("A unit without an order holds.") without
    // moving the orders and the boxes under it.
    rule: el("p", { class: "board-rule", text: "\u00a0" }),
    typedText: el("p", { class: "board-typed" }),
    clearBtn: button("board-clear", "Clear orders"),
    problems: el("ul", { class: "board-problems" }),
    linkBox: el("input", { type: "text", class: "board-link-box", readonly: true, hidden: true,
      "aria-label": "Link to this game" }),
    say: el("p", { class: "md-visually-hidden board-say", role: "status", "aria-live": "polite" }),
  };
  menuParts(id, p);
  const files = el("div", { class: "board-files" },
    button("board-export", "Export game"), button("board-import", "Import game"), p.importInput,
    button("board-share", "Copy game link"), button("board-svg", "Map as SVG"), button("board-png", "Map as PNG"));
  const bar = el("div", { class: "board-bar" }, p.phaseText, p.prevBtn, p.nextBtn, p.nowBtn, p.replayBtn);
  // What a unit without an order does in this phase, then the orders typed (or the result), beside the boxes.
  const noteBox = el("div", { class: "board-note-box" }, p.note, p.restoreBtn);
  // Shown on a phone only (board.css), under the map: the whole map on the screen, or the readable frame.
  p.wholeBtn = button("board-whole", "Whole map");
  const tools = el("div", { class: "board-map-tools" }, p.wholeBtn);
  p.stage = el("div", { class: "board-stage" }, p.figure, p.viewMap, tools);
  p.orderBoxes = el("div", { class: "board-boxes" });
  // The current phase's boxes with the widget's tools and status (place() puts them after the boxes): hidden
  // together while a played phase is viewed.
  p.nowBoxes = el("div", { class: "board-now-boxes" }, p.orderBoxes);
  // Adjudicate and Continue (moved here by place()) right under the phase: above the order menu, so that opening
  // a unit's menu never moves them, and on a phone right under the map.
  p.play = el("div", { class: "calc-actions board-play" });
  p.side = el("div", { class: "board-side" }, bar, p.viewing, p.play, noteBox, p.error, p.menu, p.loose,
    p.rule, el("div", { class: "board-typed-box" }, p.typedText, p.clearBtn), p.problems, p.nowBoxes, p.help, files,
    p.linkBox, p.say);
  p.panel = el("section", { class: "calc-board", "aria-label": "Board: click to order", "data-board": spec.options },
    p.stage, p.side, p.view);
  return p;
}

// Puts the board at the top of the widget's form, with the order boxes, Adjudicate and Continue and the rest of
// the action bar beside the map and the result's table right under the board.
export function place(parts, widget, spec) {
  const form = widget.form;
  const bar = form.querySelector(".calc-actions");
  form.prepend(parts.panel);
  for (const name of spec.orders) parts.orderBoxes.append(widget.fields.get(name).box);
  parts.play.append(widget.runBtn, widget.nextBtn, widget.cancelBtn, widget.progress);
  const banner = widget.w.querySelector(".calc-stale-note");
  parts.orderBoxes.after(...[bar, banner].filter(Boolean));
  parts.panel.after(widget.resultBox);
  widget.w.classList.add("calc-has-board");
}
