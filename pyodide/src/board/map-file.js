// The map as a file: SVG, or PNG drawn in the page. The copy carries the board's stylesheet and the
// palette's colours as the page shows them now (light or dark), and nothing of the page's controls.
import { download } from "../calculator/dom.js";

const fileName = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "board";

// The board's stylesheet for a map that leaves the page: its rules (board.css) and its palette's colours.
function boardCss(svg) {
  const rules = [];
  for (const sheet of document.styleSheets) {
    let list;
    try {
      list = sheet.cssRules;
    } catch (e) {
      continue;
    }
    if (!sheet.href || !/board\.css(\?|$)/.test(sheet.href)) continue;
    for (const r of list) {
      if (r.selectorText && /^\.dip-board\s/.test(r.selectorText)) rules.push(r.cssText);
    }
  }
  const computed = getComputedStyle(svg);
  const vars = [];
  for (const name of computed) {
    if (name.startsWith("--dip-")) vars.push(name + ":" + computed.getPropertyValue(name).trim());
  }
  return "svg.dip-board{" + vars.join(";") + ";font-family:sans-serif}\n" + rules.join("\n");
}

// {text, w, h} of the map shown (the live one, or a played phase's), as a standalone SVG file.
function mapSvg(live) {
  const copy = live.cloneNode(true);
  copy.classList.remove("choosing", "board-live", "calc-map");
  for (const n of copy.querySelectorAll(".option, .selected, .orderable")) {
    n.classList.remove("option", "selected", "orderable");
  }
  for (const n of copy.querySelectorAll("[tabindex]")) n.removeAttribute("tabindex");
  for (const n of copy.querySelectorAll("[role=button]")) {
    n.removeAttribute("role");
    n.removeAttribute("aria-label");
  }
  copy.setAttribute("role", "img");
  copy.removeAttribute("tabindex");
  const [, , w, h] = (copy.getAttribute("viewBox") || "0 0 1000 1000").split(/\s+/).map(Number);
  copy.setAttribute("width", String(w));
  copy.setAttribute("height", String(h));
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = boardCss(live);
  copy.insertBefore(style, copy.firstChild);
  return { text: '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy), w, h };
}

async function drawPng(map, svgBlob) {
  const url = URL.createObjectURL(svgBlob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = map.w * scale;
    canvas.height = map.h * scale;
    canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
    const png = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!png) throw new Error("the browser made no PNG");
    return { png, width: canvas.width, height: canvas.height };
  } finally {
    URL.revokeObjectURL(url);
  }
}

// kind: "svg" or "png". board: the Board (board.js).
export async function exportMap(board, kind) {
  const { history, parts, options, cw } = board;
  const live = history.viewing === null ? board.map.svg() : parts.view.querySelector("svg.dip-board");
  if (!live) {
    board.refuse("There is no map to export yet.");
    return;
  }
  const map = mapSvg(live);
  const label = history.viewing === null ? (options ? options.phase : "board") : history.phases[history.viewing].label;
  const name = fileName(cw.calc + " " + label);
  const svgBlob = new Blob([map.text], { type: "image/svg+xml" });
  if (kind === "svg") {
    download(name + ".svg", svgBlob);
    board.tell("Exported the map as SVG.");
    return;
  }
  try {
    const { png, width, height } = await drawPng(map, svgBlob);
    download(name + ".png", png);
    board.tell("Exported the map as PNG (" + width + " × " + height + " pixels).");
  } catch (e) {
    board.refuse("the PNG could not be drawn (" + (e && e.message || e) + "); Map as SVG still works.");
  }
}
