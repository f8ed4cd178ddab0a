// Generates calculators/diplomacy/board_geometry.json, the standard Diplomacy board drawn from
// Natural Earth coastlines (npm world-atlas, 1:50m), projected with d3-geo and cut into the
// board's provinces with d3-delaunay Voronoi cells (seeds and zones in board.mjs).
//
//   node tools/map/generate.mjs [--out FILE] [--preview FILE.svg] [--lenient]
//
// --preview draws a diagnostic SVG (seeds, anchors, sea cells, and red rings where two provinces
// touch that are no neighbours in the game); --lenient writes the file despite such problems.
//
// The output is deterministic: tests/site/test_board_files.py regenerates it and compares bytes.
// The generator also checks the drawing against the game: every pair of provinces that touch on
// the drawn map must be neighbours in calculators/diplomacy/standard_map.json and the reverse
// (Denmark touches Sweden across the Sound, filled in as on the printed board); it fails loudly
// if they differ.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { feature } from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import { geoConicConformalRaw, geoProjection } from "d3-geo";
import { Delaunay } from "d3-delaunay";
import pc from "polygon-clipping";
import * as B from "./board.mjs";
import { fleetAnchors, fleetRoutes } from "./fleets.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const OUT = opt("--out", path.join(ROOT, "calculators/diplomacy/board_geometry.json"));
const PREVIEW = opt("--preview", null);

const MIN_WEIGHT = 0.25; // px²: coastline points whose triangle is smaller than this are dropped
const MIN_ISLAND = 40; // px²: smaller islands are drawn as land that is no province (a quarter of it: left out)
const RES = 2; // raster cells per unit, for the adjacency check and the anchors
const rad = Math.PI / 180;

// ---- projection -------------------------------------------------------------------------
function makeProjection() {
  const P = B.PROJECTION;
  const conic = geoConicConformalRaw(P.parallels[0] * rad, P.parallels[1] * rad);
  const [cx, cy] = conic((P.stretchCentre[0] + P.rotate) * rad, P.stretchCentre[1] * rad);
  const [sx, sy] = P.stretch;
  const stretched = (l, p) => {
    const [x, y] = conic(l, p);
    return [cx + sx * Math.asinh((x - cx) / sx), cy + sy * Math.asinh((y - cy) / sy)];
  };
  // Lenses: each widens the land round its centre by up to 1 + k (monotonic for k < 2).
  const lenses = (P.lenses || []).map(({ at, r, k }) => ({ c: stretched((at[0] + P.rotate) * rad, at[1] * rad), r, k }));
  const raw = (l, p) => {
    let [x, y] = stretched(l, p);
    let dx = 0, dy = 0;
    for (const { c, r, k } of lenses) {
      const ex = x - c[0], ey = y - c[1], g = k * Math.exp(-(ex * ex + ey * ey) / (r * r));
      dx += ex * g; dy += ey * g;
    }
    return [x + dx, y + dy];
  };
  const unit = geoProjection(raw).rotate([P.rotate, 0]).scale(1000).translate([0, 0]);
  const f = P.frame;
  const x0 = unit(f.west)[0], x1 = unit(f.east)[0], y0 = unit(f.north)[1], y1 = unit(f.south)[1];
  const k = P.width / (x1 - x0);
  const height = Math.round((y1 - y0) * k);
  const proj = unit.scale(1000 * k).translate([-x0 * k, -y0 * k]);
  return { proj, width: P.width, height };
}
const { proj, width: W, height: H } = makeProjection();
const FRAME = [[[0, 0], [W, 0], [W, H], [0, H], [0, 0]]];
const BOX = [[[-45, 20], [75, 20], [75, 85], [-45, 85], [-45, 20]]];

// ---- polygons ---------------------------------------------------------------------------
const ringArea = (r) => {
  let a = 0;
  for (let i = 0; i + 1 < r.length; i++) a += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return a / 2;
};
const polyArea = (poly) => Math.abs(ringArea(poly[0])) - poly.slice(1).reduce((s, h) => s + Math.abs(ringArea(h)), 0);
function inRing(pt, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > pt[1]) !== (yj > pt[1]) && pt[0] < ((xj - xi) * (pt[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const inPoly = (pt, poly) => inRing(pt, poly[0]) && !poly.slice(1).some((h) => inRing(pt, h));
// Long edges (the BOX cut, the fills) are split before projecting, so that they curve as they should.
function densify(ring, step = 0.25) {
  const out = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    const n = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / step);
    for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  out.push(ring[ring.length - 1]);
  return out;
}
const project = (geom) => geom.map((poly) => poly.map((ring) => densify(ring).map((p) => proj(p))));

// ---- land from Natural Earth --------------------------------------------------------------
function loadCountries() {
  const file = path.join(HERE, "node_modules/world-atlas/countries-50m.json");
  let topo = JSON.parse(fs.readFileSync(file, "utf8"));
  const area = (t) => {
    const [a, b, c] = t.map((p) => proj([p[0], p[1]]));
    return Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2;
  };
  topo = simplify(presimplify(topo, area), MIN_WEIGHT);
  const out = [];
  for (const f of feature(topo, topo.objects.countries).features) {
    const g = f.geometry;
    if (!g) continue;
    // A ring that crosses the antimeridian (Russia's far east) is unwrapped before the planar cut.
    const polys = (g.type === "Polygon" ? [g.coordinates] : g.coordinates).map((poly) => {
      const lons = poly.flat().map((p) => p[0]);
      if (Math.max(...lons) - Math.min(...lons) <= 180) return poly;
      return poly.map((ring) => ring.map(([x, y]) => [x < 0 ? x + 360 : x, y]));
    });
    const near = pc.intersection(polys, BOX);
    if (!near.length) continue;
    const inFrame = pc.intersection(project(near), FRAME);
    if (inFrame.length) out.push({ name: f.properties.name, geom: inFrame });
  }
  return out;
}

function buildZones(countries) {
  const zones = {};
  const off = [];
  const offPts = B.OFF_ISLANDS.map((p) => proj(p));
  for (const { name, geom } of countries) {
    const zone = B.OFF_COUNTRIES.includes(name) ? "off" : B.ZONES[name] || "east";
    for (const poly of geom) {
      if (zone === "off" || offPts.some((p) => inPoly(p, poly)) || polyArea(poly) < MIN_ISLAND) {
        if (polyArea(poly) >= MIN_ISLAND / 4) off.push(poly);
        continue;
      }
      (zones[zone] ||= []).push(poly);
    }
  }
  for (const z of Object.keys(zones)) zones[z] = pc.union(zones[z]);
  const allLand = pc.union(...Object.values(zones), off);
  for (const { zone, ring } of B.LAND_FILLS) {
    const water = pc.difference(project([[ring.concat([ring[0]])]]), allLand);
    zones[zone] = pc.union(zones[zone], water);
  }
  return { zones, off: off.length ? pc.union(off) : [] };
}

// ---- provinces ----------------------------------------------------------------------------
const BOUNDS = [-W, -H, 2 * W, 2 * H];

function landProvinces(zones) {
  const byZone = {};
  for (const [abbr, spec] of Object.entries(B.LAND)) {
    for (const [zone, seeds] of Object.entries(spec)) (byZone[zone] ||= []).push({ abbr, seeds });
  }
  const pieces = {};
  for (const [zone, members] of Object.entries(byZone)) {
    const geom = zones[zone];
    if (!geom) throw new Error(`zone ${zone} has no land in the frame`);
    if (members.length === 1) {
      (pieces[members[0].abbr] ||= []).push(geom);
      continue;
    }
    const seeds = [], owner = [];
    for (const m of members) for (const s of m.seeds) { seeds.push(proj(s)); owner.push(m.abbr); }
    const vor = Delaunay.from(seeds).voronoi(BOUNDS);
    seeds.forEach((_, i) => {
      const cut = pc.intersection([[vor.cellPolygon(i)]], geom);
      if (cut.length) (pieces[owner[i]] ||= []).push(cut);
    });
  }
  const out = {};
  for (const [abbr, list] of Object.entries(pieces)) out[abbr] = pc.union(...list);
  return out;
}

function seaProvinces() {
  const seeds = [], owner = [];
  for (const [abbr, list] of Object.entries(B.SEA)) for (const s of list) { seeds.push(proj(s)); owner.push(abbr); }
  const vor = Delaunay.from(seeds).voronoi([0, 0, W, H]);
  const cells = {};
  seeds.forEach((_, i) => (cells[owner[i]] ||= []).push([[vor.cellPolygon(i)]]));
  const out = {};
  for (const [abbr, list] of Object.entries(cells)) out[abbr] = pc.union(...list);
  return out;
}

// Diagonal hatching for impassable land (Switzerland), cut to its outline.
function hatch(geom, gap = 5, width = 1.3) {
  const xs = geom.flat(2).map((p) => p[0]), ys = geom.flat(2).map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const stripes = [];
  for (let c = x0 - (y1 - y0); c < x1; c += gap) {
    stripes.push([[[c, y1], [c + width, y1], [c + width + (y1 - y0), y0], [c + (y1 - y0), y0], [c, y1]]]);
  }
  return pc.intersection(pc.union(...stripes), geom);
}

// ---- raster: adjacency and anchors ----------------------------------------------------------
const GW = W * RES, GH = H * RES;

function paint(grid, geom, value) {
  for (const poly of geom) {
    const rows = new Map();
    for (const ring of poly) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const [x1, y1] = ring[i], [x2, y2] = ring[i + 1];
        const lo = Math.ceil(Math.min(y1, y2) * RES - 0.5), hi = Math.floor(Math.max(y1, y2) * RES - 0.5);
        for (let r = Math.max(lo, 0); r <= Math.min(hi, GH - 1); r++) {
          const y = (r + 0.5) / RES;
          if ((y1 > y) === (y2 > y)) continue;
          const x = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
          if (!rows.has(r)) rows.set(r, []);
          rows.get(r).push(x * RES - 0.5);
        }
      }
    }
    for (const [r, xs] of rows) {
      xs.sort((a, b) => a - b);
      for (let i = 0; i + 1 < xs.length; i += 2) {
        for (let c = Math.max(Math.ceil(xs[i]), 0); c <= Math.min(Math.floor(xs[i + 1]), GW - 1); c++) grid[r * GW + c] = value;
      }
    }
  }
}

function distanceTransform(grid) {
  // Chamfer (3-4) distance from each cell to the nearest cell with another value, in cells.
  const d = new Float32Array(GW * GH).fill(1e9);
  const at = (x, y) => y * GW + x;
  for (let y = 0; y < GH; y++) for (let x = 0; x < GW; x++) {
    const v = grid[at(x, y)];
    if (x === 0 || y === 0 || x === GW - 1 || y === GH - 1 || grid[at(x - 1, y)] !== v || grid[at(x + 1, y)] !== v ||
        grid[at(x, y - 1)] !== v || grid[at(x, y + 1)] !== v) d[at(x, y)] = 1;
  }
  for (let y = 1; y < GH; y++) for (let x = 1; x < GW - 1; x++) {
    const i = at(x, y);
    d[i] = Math.min(d[i], d[i - 1] + 1, d[i - GW] + 1, d[i - GW - 1] + 1.4142, d[i - GW + 1] + 1.4142);
  }
  for (let y = GH - 2; y >= 0; y--) for (let x = GW - 2; x >= 1; x--) {
    const i = at(x, y);
    d[i] = Math.min(d[i], d[i + 1] + 1, d[i + GW] + 1, d[i + GW + 1] + 1.4142, d[i + GW - 1] + 1.4142);
  }
  return d;
}

function adjacency(grid, names) {
  const touch = new Map(), where = new Map();
  const key = (a, b) => (a < b ? `${names[a]}-${names[b]}` : `${names[b]}-${names[a]}`);
  for (let y = 0; y + 1 < GH; y++) for (let x = 0; x + 1 < GW; x++) {
    const v = grid[y * GW + x];
    for (const w of [grid[y * GW + x + 1], grid[(y + 1) * GW + x]]) {
      if (v >= 0 && w >= 0 && v !== w && names[v] && names[w]) {
        const k = key(v, w);
        touch.set(k, (touch.get(k) || 0) + 1);
        if (!where.has(k)) where.set(k, []);
        if (where.get(k).length < 40) where.get(k).push([(x + 0.5) / RES, (y + 0.5) / RES]);
      }
    }
  }
  return { touch, where };
}

// ---- output -------------------------------------------------------------------------------
const tenths = (v) => Math.round(v * 10);
function num(t) {
  const s = (Math.abs(t) / 10).toString().replace(/^0\./, ".");
  return (t < 0 ? "-" : "") + s;
}
function pathData(geom) {
  let d = "";
  for (const poly of geom) for (const ring of poly) {
    const pts = ring.slice(0, -1).map(([x, y]) => [tenths(x), tenths(y)]);
    const clean = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1][0] || p[1] !== pts[i - 1][1]);
    if (clean.length < 3) continue;
    d += `M${num(clean[0][0])} ${num(clean[0][1])}l`;
    // Numbers need a separator only where the grammar cannot tell them apart: "1.5.3" is 1.5 and .3.
    let seq = "", last = "";
    for (let i = 1; i < clean.length; i++) {
      const dx = clean[i][0] - clean[i - 1][0], dy = clean[i][1] - clean[i - 1][1];
      for (const v of [dx, dy]) {
        const t = num(v);
        const joined = last === "" || t[0] === "-" || (t[0] === "." && last.includes("."));
        seq += (joined ? "" : " ") + t;
        last = t;
      }
    }
    d += seq + "z";
  }
  return d;
}
const pt = ([x, y]) => [tenths(x) / 10, tenths(y) / 10];

function main() {
  const gameMap = JSON.parse(fs.readFileSync(path.join(ROOT, "calculators/diplomacy/standard_map.json"), "utf8"));
  const provinces = gameMap.provinces.map((p) => p.abbr);
  const countries = loadCountries();
  const { zones, off } = buildZones(countries);
  const land = landProvinces(zones);
  const sea = seaProvinces();
  for (const abbr of provinces) if (!land[abbr] && !sea[abbr]) throw new Error(`no shape for ${abbr}`);

  // Raster: seas first, land over them, off-board land and water last.
  const grid = new Int16Array(GW * GH).fill(-1);
  const names = [...provinces, "", ""];
  const OFF_LAND = provinces.length, OFF_WATER = provinces.length + 1;
  provinces.forEach((abbr, i) => sea[abbr] && paint(grid, sea[abbr], i));
  provinces.forEach((abbr, i) => land[abbr] && paint(grid, land[abbr], i));
  paint(grid, off, OFF_LAND);
  const water = [];
  const landMask = pc.union(...Object.values(land), off);
  // Water with no sea seed in it (the Caspian, Lake Constance) is no sea province: drawn neutral.
  const seaSeeds = Object.values(B.SEA).flat().map((p) => proj(p));
  for (const poly of pc.difference(FRAME, landMask)) {
    if (!seaSeeds.some((p) => inPoly(p, poly))) water.push(poly);
  }
  paint(grid, water, OFF_WATER);

  const report = checkAdjacency(gameMap, grid, names);
  const dist = distanceTransform(grid);
  const labels = Object.fromEntries(gameMap.provinces.map((p) => [p.abbr,
    p.terrain === "sea" ? p.abbr.toUpperCase() : p.abbr === "stp" ? "StP" : p.abbr[0].toUpperCase() + p.abbr.slice(1)]));
  const seeds = Object.fromEntries(Object.entries(B.COASTS).map(([c, at]) => [c, proj(at.unit)]));
  const fixed = Object.fromEntries(Object.entries(B.FLEET_AT).map(([p, at]) => [p, pt(proj(at))]));
  const { B: raster, fleets, straits } = fleetAnchors({ grid, GW, RES, W, H, names, gameMap, seeds, fixed });
  const anchors = placeAnchors(provinces, grid, dist, labels, B.CITIES, fleets);
  const routes = fleetRoutes({ B: raster, names, gameMap, straits, anchor: (loc) => fleets[loc] || anchors[loc].unit });

  const doc = {
    about: "The standard Diplomacy board, generated by tools/map/generate.mjs from npm world-atlas 2.0.2 " +
      "(Natural Earth 1:50m, public domain). Do not edit: change tools/map/board.mjs and regenerate.",
    credit: "Coastlines: Natural Earth (public domain)",
    width: W, height: H,
    offboard: pathData(off),
    impassable: pathData(hatch(land.swi)),
    offwater: pathData(water),
    straits,
    fleet_routes: routes,
    provinces: {},
  };
  for (const abbr of provinces) {
    const a = anchors[abbr];
    const entry = { d: pathData(land[abbr] || sea[abbr]), ...a };
    if (fleets[abbr]) entry.fleet = pt(fleets[abbr]);
    const coasts = Object.keys(B.COASTS).filter((c) => c.startsWith(abbr + "/"));
    if (coasts.length) {
      entry.coasts = Object.fromEntries(coasts.map((c) => [c.split("/")[1],
        { unit: pt(fleets[c]), label: pt(proj(B.COASTS[c].label)) }]));
    }
    doc.provinces[abbr] = entry;
  }
  const lines = Object.entries(doc).filter(([k]) => k !== "provinces").map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const provLines = Object.entries(doc.provinces).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const text = `{\n${lines.join(",\n")},\n  "provinces": {\n${provLines.join(",\n")}\n  }\n}\n`;
  fs.writeFileSync(OUT, text);
  if (PREVIEW) fs.writeFileSync(PREVIEW, preview(doc, report));
  console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${W} x ${H}, ${(text.length / 1024).toFixed(1)} KiB`);
  if (report.problems.length) {
    console.log(report.problems.join("\n"));
    if (!args.includes("--lenient")) process.exit(1);
  }
}

// Borders of the printed board that calculators/diplomacy/standard_map.json lacked when this was
// written (the engine's data is being corrected): the drawing must still have them; the data may.
const DATA_GAPS = ["tus-tys"];

// Which pairs of provinces touch on the drawing, against the game's borders.
function checkAdjacency(gameMap, grid, names) {
  const { touch, where } = adjacency(grid, names);
  const prov = (loc) => loc.split("/")[0];
  const want = new Set();
  for (const [a, b] of [...gameMap.army_borders, ...gameMap.fleet_borders]) {
    const [x, y] = [prov(a), prov(b)].sort();
    want.add(`${x}-${y}`);
  }
  for (const k of DATA_GAPS) want.add(k);
  const problems = [];
  for (const k of want) if (!touch.has(k)) problems.push(`missing border: ${k}`);
  const impassable = new Set(gameMap.provinces.filter((p) => p.terrain === "impassable").map((p) => p.abbr));
  for (const [k, n] of touch) if (!want.has(k) && !k.split("-").some((a) => impassable.has(a))) problems.push(`extra border: ${k} (${n} cells, near ${where.get(k)[0].map(Math.round)})`);
  for (const k of want) if (touch.has(k) && touch.get(k) < 2 * RES) problems.push(`thin border: ${k} (${touch.get(k)} cells)`);
  const marks = [];
  for (const [k, pts] of where) if (!want.has(k) && !k.split("-").some((a) => impassable.has(a))) marks.push(...pts);
  return { problems: problems.sort(), touch, marks };
}

// The unit goes where the province is widest; the label where it fits best beside the unit,
// preferring a place close to it; the supply-centre dot at the city unless unit or label cover it.
const LABEL_H = 13;
const labelWidth = (text) => text.length * 8.3 + 3;

function placeAnchors(provinces, grid, dist, labels, cities, fleetAt) {
  const cells = provinces.map(() => []);
  for (let i = 0; i < grid.length; i++) if (grid[i] >= 0 && grid[i] < provinces.length) cells[grid[i]].push(i);
  const clear = (v, x, y) => {
    const c = Math.round(x * RES - 0.5), r = Math.round(y * RES - 0.5);
    return c >= 0 && r >= 0 && c < GW && r < GH && grid[r * GW + c] === v ? dist[r * GW + c] / RES : 0;
  };
  const out = {};
  provinces.forEach((abbr, v) => {
    let pole = cells[v][0];
    for (const i of cells[v]) if (dist[i] > dist[pole]) pole = i;
    const unit = B.UNIT_AT[abbr] ? proj(B.UNIT_AT[abbr]) : [(pole % GW + 0.5) / RES, (Math.floor(pole / GW) + 0.5) / RES];
    const w = labelWidth(labels[abbr]);
    const fits = (x, y) => Math.min(clear(v, x, y), clear(v, x - w / 2 + 4, y), clear(v, x + w / 2 - 4, y));
    const apart = (x, y, p, gx, gy) => Math.abs(x - p[0]) - w / 2 >= gx || Math.abs(y - p[1]) - LABEL_H / 2 >= gy;
    let label = null, best = -Infinity;
    for (const i of cells[v]) {
      const cx = i % GW, cy = Math.floor(i / GW);
      if (cx % (2 * RES) || cy % (2 * RES)) continue;
      const x = (cx + 0.5) / RES, y = (cy + 0.5) / RES;
      const room = Math.min(fits(x, y), 7);
      const score = room * 10 - Math.hypot(x - unit[0], y - unit[1]) * 0.35 - (apart(x, y, unit, 14, 11) ? 0 : 60);
      if (score > best) { best = score; label = [x, y]; }
    }
    if (B.LABEL_AT[abbr]) label = proj(B.LABEL_AT[abbr]);
    const entry = { unit: pt(unit), label: pt(label) };
    if (cities[abbr]) {
      const c0 = proj(cities[abbr]);
      const fleets = Object.entries(fleetAt).filter(([c]) => c === abbr || c.startsWith(abbr + "/")).map(([, at]) => at);
      const free = (x, y) => clear(v, x, y) >= 3.5 && [unit, ...fleets].every((u) => Math.hypot(x - u[0], y - u[1]) >= 20) &&
        apart(x, y, label, 5, 5);
      let centre = free(...c0) ? c0 : null;
      let near = Infinity;
      if (!centre) for (const i of cells[v]) {
        const x = (i % GW + 0.5) / RES, y = (Math.floor(i / GW) + 0.5) / RES;
        const d = Math.hypot(x - c0[0], y - c0[1]);
        if (d < near && free(x, y)) { near = d; centre = [x, y]; }
      }
      entry.centre = pt(centre || c0);
    }
    out[abbr] = entry;
  });
  return out;
}

function preview(doc, report) {
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${doc.width} ${doc.height}" font-family="sans-serif">`];
  parts.push(`<rect width="${doc.width}" height="${doc.height}" fill="#9cc"/>`);
  const gameMap = JSON.parse(fs.readFileSync(path.join(ROOT, "calculators/diplomacy/standard_map.json"), "utf8"));
  const terrain = Object.fromEntries(gameMap.provinces.map((p) => [p.abbr, p.terrain]));
  const fill = { sea: "#bdd7ee", coast: "#efe6cc", land: "#e3dcc0", impassable: "#999" };
  const order = Object.keys(doc.provinces).sort((a, b) => (terrain[a] === "sea" ? 0 : 1) - (terrain[b] === "sea" ? 0 : 1));
  order.forEach((abbr, i) => {
    const hue = (i * 137) % 360, f = terrain[abbr] === "sea" ? `hsl(${hue},60%,85%)` : terrain[abbr] === "impassable" ? "#999" : `hsl(${hue},45%,75%)`;
    parts.push(`<path d="${doc.provinces[abbr].d}" fill="${f}" stroke="#555" stroke-width="0.6"/>`);
  });
  parts.push(`<path d="${doc.offboard}" fill="#ccc" stroke="#777" stroke-width="0.4"/><path d="${doc.offwater}" fill="#ddd"/>`);
  for (const s of Object.values(B.LAND).flatMap((z) => Object.values(z).flat())) {
    const [x, y] = proj(s); parts.push(`<circle cx="${x}" cy="${y}" r="1.5" fill="#c00"/>`);
  }
  for (const abbr of order) if (terrain[abbr] === "sea") parts.push(`<path d="${doc.provinces[abbr].d}" fill="none" stroke="#00f" stroke-width="0.3" stroke-dasharray="1 1"/>`);
  for (const s of Object.values(B.SEA).flat()) { const [x, y] = proj(s); parts.push(`<circle cx="${x}" cy="${y}" r="1.5" fill="#00c"/>`); }
  for (const [abbr, p] of Object.entries(doc.provinces)) {
    parts.push(`<circle cx="${p.unit[0]}" cy="${p.unit[1]}" r="8" fill="none" stroke="#000"/>`);
    parts.push(`<text x="${p.label[0]}" y="${p.label[1] + 4}" font-size="12" text-anchor="middle">${abbr}</text>`);
    if (p.centre) parts.push(`<circle cx="${p.centre[0]}" cy="${p.centre[1]}" r="3" fill="#000"/>`);
  }
  for (const p of Object.values(doc.provinces)) if (p.fleet) parts.push(`<rect x="${p.fleet[0] - 3}" y="${p.fleet[1] - 3}" width="6" height="6" fill="#00f"/>`);
  for (const [k, pts] of Object.entries(doc.fleet_routes)) {
    const [a, b] = k.split(" ").map((l) => { const [pr, c] = l.split("/"); const e = doc.provinces[pr]; return c ? e.coasts[c].unit : e.fleet || e.unit; });
    parts.push(`<polyline points="${[a, ...pts, b].map((q) => q.join(",")).join(" ")}" fill="none" stroke="#f0f" stroke-width="1"/>`);
  }
  parts.push(`<text x="10" y="20" font-size="11" fill="#a00">${report.problems.length} problems</text>`);
  for (const [x, y] of report.marks) parts.push(`<circle cx="${x}" cy="${y}" r="2" fill="none" stroke="#f00" stroke-width="1"/>`);
  parts.push("</svg>");
  return parts.join("\n");
}

main();
