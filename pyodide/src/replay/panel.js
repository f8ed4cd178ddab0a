// The replay's elements (replay.js wires them): the game's files, the phase bar (Earlier / Later, the
// phase list, Play on from here), the phase shown (its verdict, the differences and the readings that
// reproduce them, its map, its orders) and the lines of a pasted list that were not read.
import { button, el } from "../calculator/dom.js";

// The files a game may come in: the diplomacy package's JSON (.json, or a .jsonl line), this site's game
// file (.json), a pasted list kept as text.
const ACCEPT = ".json,.jsonl,.txt,application/json,text/plain";

function phaseBar(id, p) {
  p.prevBtn = button("replay-prev", "◀ Earlier", { "aria-describedby": id + "-where" });
  p.nextBtn = button("replay-next", "Later ▶", { "aria-describedby": id + "-where" });
  p.select = el("select", { class: "replay-select", id: id + "-select" });
  p.where = el("p", { class: "replay-where", id: id + "-where" });
  p.playOn = el("a", { class: "md-button replay-playon", hidden: true });
  p.playNext = el("a", { class: "md-button replay-playnext", hidden: true });
  p.playNote = el("p", { class: "replay-playnote", hidden: true });
  const pick = el("div", { class: "replay-pick" },
    el("label", { for: id + "-select", text: "Phase" }), p.select);
  return el("div", { class: "replay-bar" },
    el("div", { class: "replay-steps" }, pick, p.prevBtn, p.nextBtn),
    p.where,
    el("div", { class: "replay-what-if" }, p.playOn, p.playNext),
    p.playNote);
}

export function buildPanel(id) {
  const p = {
    openBtn: button("replay-open", "Open a game file"),
    fileInput: el("input", { type: "file", accept: ACCEPT, hidden: true, class: "replay-file" }),
    jsonBtn: button("replay-export-json", "Download: the diplomacy package's JSON"),
    boardBtn: button("replay-export-board", "Download: this site's game file"),
    error: el("p", { class: "replay-error", role: "alert", hidden: true }),
    wait: el("p", { class: "replay-wait", text: "The game appears here, phase by phase, once it is replayed." }),
    stale: el("p", { class: "replay-stale", hidden: true }),
    summary: el("p", { class: "replay-summary" }),
    gameReading: el("div", { class: "replay-game-reading", hidden: true }),
    unread: el("div", { class: "replay-unread", hidden: true }),
    jump: el("div", { class: "replay-jump", hidden: true }),
    verdict: el("p", { class: "replay-verdict", tabindex: "-1" }),
    diffs: el("div", { class: "replay-diffs", hidden: true }),
    figure: el("figure", { class: "calc-chart calc-map-figure replay-map" }),
    orders: el("div", { class: "replay-orders" }),
    notes: el("ul", { class: "replay-notes", hidden: true }),
    say: el("p", { class: "md-visually-hidden replay-say", role: "status", "aria-live": "polite" }),
  };
  const bar = phaseBar(id, p);
  p.game = el("div", { class: "replay-game", hidden: true },
    p.summary, p.gameReading, p.unread, p.jump, bar,
    el("div", { class: "replay-phase" }, p.verdict, p.diffs, p.figure, p.orders, p.notes));
  const files = el("div", { class: "replay-files" }, p.openBtn, p.fileInput, p.jsonBtn, p.boardBtn);
  p.panel = el("section", { class: "replay-panel", id, "aria-label": "Replay: the game phase by phase" },
    el("p", { class: "replay-title", text: "The game, phase by phase" }),
    files, p.error, p.wait, p.stale, p.game, p.say);
  return p;
}
