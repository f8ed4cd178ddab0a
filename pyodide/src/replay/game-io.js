// A game in and out of the replay: a file opened into the widget's Game box (and replayed), the game
// written back as a download (the engine writes it: dip-replay's export), and the address of the
// adjudicator with a phase's position and orders, to play on from there.
import { download } from "../calculator/dom.js";
import { stateHash } from "../link-state.js";

// A file's text, or {problem}: a file larger than the Game box accepts is refused before it is read
// (a character takes at most 4 bytes in UTF-8).
export async function readGameFile(file, maxChars) {
  if (!file) return { problem: "no file was chosen." };
  if (file.size > maxChars * 4) {
    return { problem: "“" + file.name.slice(0, 80) + "” is " + (file.size / 1e6).toFixed(1) + " MB: the largest game " +
      "accepted is " + maxChars.toLocaleString("en") + " characters." };
  }
  let text;
  try {
    text = await file.text();
  } catch (e) {
    return { problem: "“" + file.name.slice(0, 80) + "” could not be read." };
  }
  if (text.length > maxChars) {
    return { problem: "“" + file.name.slice(0, 80) + "” holds " + text.length.toLocaleString("en") +
      " characters: the largest game accepted is " + maxChars.toLocaleString("en") + "." };
  }
  return { text };
}

// The game written back in `format` (diplomacy-json | board-file): the result's own export when it
// holds that one, else the engine's (the same game and readings, replayed again with the export asked for).
// Resolves with {note} once the download is handed over, or {problem}.
export async function exportGame(engine, result, params, format, root) {
  const data = result.data || {};
  let written = data.export && data.export.format === format ? data.export : null;
  if (!written) {
    const answer = await engine.run("dip-replay", Object.assign({}, params, { export: format }), null, root).promise;
    if (!answer || !answer.ok) {
      return { problem: (answer && answer.error && answer.error.message) || "no answer from the engine." };
    }
    written = answer.data && answer.data.export;
  }
  if (!written || typeof written.text !== "string") return { problem: "the engine wrote no game." };
  const name = String(written.filename || "game.json").replace(/[\\/]/g, "_");
  download(name, new Blob([written.text], { type: "application/json" }));
  return { note: "Downloaded " + name + "." + (written.note ? " " + String(written.note) : "") };
}

// The board of calculator `calc` as this page links to it, or null. The replay page links to each
// adjudicator's board (docs/diplomacy/replay.md: a link of class replay-board to "#calc-<id>" on the
// game's adjudicator page, an anchor MkDocs checks). Not a calc-link: that one leads to the
// calculator's own page (hooks/calcpages.py) and names no calculator in its address, while the board
// to play on is the adjudicator page's, which gives the board the page's width.
function calculatorPage(calc) {
  for (const a of document.querySelectorAll("a.replay-board[href]")) {
    const url = new URL(a.getAttribute("href"), location.href);
    if (url.hash === "#calc-" + calc) return url;
  }
  return null;
}

// The adjudicator's address with these fields (a shared link's "#calc=<id>&<field>=<value>"), or null.
export function playOnUrl(calc, params) {
  const url = calculatorPage(calc);
  if (!url || !params || typeof params !== "object") return null;
  url.hash = stateHash(calc, new Map(Object.entries(params)));
  return url.href;
}
