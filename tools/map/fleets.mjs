// Where fleets stand and how their arrows run, for generate.mjs (issue 23: "sea routes drawn over sea").
//
// A fleet in a coastal province is drawn at its own anchor, on the province's land a few units from
// the water, at the place that is nearest (summed) to the coasts the province shares with its seas and
// from which every water body it borders is within REACH (Denmark, Sweden and Kiel face two waters
// that do not meet: their fleets stand at the straits). A fleet's arrow between two places (a fleet
// border of standard_map.json) is the board's bent arrow when that stays over water except within
// REACH of either end; otherwise a route: a shortest path over water (kept off the coast), pulled
// straight into a few waypoints, each leg over water except within REACH of the ends.
//
// Works on a one-unit raster of the board's provinces (the generator's half-unit raster, sampled).

export const REACH = 14; // units from either end of an arrow where it may cross land (a fleet is 24 wide)
// ... and from a strait's fleet where the arrow may cross the strait's own land on its way to the water
// (tests/engine/test_board_fleet_routes.py STRAIT_REACH)
export const STRAIT_REACH = 30;
const DETOUR = 3; // a route kept off a strait's far land is at most this many times the straight way's length
const CLEAR = 1.5; // units an arrow keeps from land elsewhere (the raster is approximate)
const OFF_COAST = 6; // a route keeps this far off the coast where it can
const BAND = [3, 6]; // a fleet anchor's distance from the water
const APART = 13; // ... and, where it can, from the province's land borders (half a fleet and a margin)
const BEND = 0.12; // as board_svg._curve draws an arrow
const GAPS = [9, [4, 11]]; // board_svg: an arrow starts UNIT_R from its unit and ends 4 (or UNIT_R + 2) short

// Chamfer distance (in units) from every cell to the nearest source cell.
function distance(w, h, source) {
  const d = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = source(i) ? 0 : 1e9;
  const s = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x > 0) d[i] = Math.min(d[i], d[i - 1] + 1);
      if (y > 0) d[i] = Math.min(d[i], d[i - w] + 1, x > 0 ? d[i - w - 1] + s : 1e9, x < w - 1 ? d[i - w + 1] + s : 1e9);
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (x < w - 1) d[i] = Math.min(d[i], d[i + 1] + 1);
      if (y < h - 1) d[i] = Math.min(d[i], d[i + w] + 1, x < w - 1 ? d[i + w + 1] + s : 1e9, x > 0 ? d[i + w - 1] + s : 1e9);
    }
  }
  return d;
}

// The raster and what is measured on it once. Water is the sea provinces' cells; open water is water
// CLEAR from land (a strait narrower than that, as the Kerch, closes); a sea's body is the largest
// piece of open water in it (the Sea of Azov is not the Black Sea's).
function board(grid, GW, RES, W, H, names, terrain) {
  const w = W, h = H;
  const cls = new Int32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cls[y * w + x] = grid[(y * RES + RES / 2) * GW + x * RES + RES / 2];
  const water = (i) => cls[i] >= 0 && terrain[names[cls[i]]] === "sea";
  const toLand = distance(w, h, (i) => !water(i));
  const toWater = distance(w, h, water);
  const open = (i) => water(i) && toLand[i] >= CLEAR;
  const comp = new Int32Array(w * h).fill(-1);
  const sizes = [];
  for (let i = 0; i < w * h; i++) {
    if (!open(i) || comp[i] >= 0) continue;
    const c = sizes.length, stack = [i];
    comp[i] = c;
    let n = 0;
    while (stack.length) {
      const j = stack.pop();
      n++;
      const x = j % w;
      for (const k of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, j - w, j + w]) {
        if (k >= 0 && k < w * h && comp[k] < 0 && open(k)) { comp[k] = c; stack.push(k); }
      }
    }
    sizes.push(n);
  }
  const border = (i) => !water(i) && [i - 1, i + 1, i - w, i + w].some((k) => k >= 0 && k < w * h && !water(k) && cls[k] !== cls[i]);
  const toBorder = distance(w, h, border);
  const bodies = {};
  // The distance to a sea's body, measured once per sea.
  const body = (sea) => {
    if (bodies[sea]) return bodies[sea];
    const v = names.indexOf(sea), count = new Map();
    for (const i of cellsOf[v]) if (comp[i] >= 0) count.set(comp[i], (count.get(comp[i]) || 0) + 1);
    const main = [...count.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
    bodies[sea] = { comp: main, dist: distance(w, h, (i) => cls[i] === v && comp[i] === main) };
    return bodies[sea];
  };
  const pieces = {};
  const piece = (c) => (pieces[c] ||= distance(w, h, (i) => comp[i] === c));
  const cellsOf = names.map(() => []);
  for (let i = 0; i < w * h; i++) if (cls[i] >= 0) cellsOf[cls[i]].push(i);
  return { w, h, cls, cellsOf, water, open, toLand, toWater, toBorder, body, piece, names };
}

const at = (B, [x, y]) => {
  const c = Math.floor(x), r = Math.floor(y);
  return c >= 0 && r >= 0 && c < B.w && r < B.h ? r * B.w + c : -1;
};

// A point an arrow may pass: over water clear of land, or within REACH of one of its ends.
// (`through`: the straits at the ends, [province, its fleet anchor, reach], whose own land a fleet crosses
// within reach of its anchor.)
function passable(B, p, ends, through = []) {
  if (ends.some((e) => Math.hypot(p[0] - e[0], p[1] - e[1]) <= REACH)) return true;
  const i = at(B, p);
  return i >= 0 && (B.open(i) || inStrait(B, p, i, through));
}

// Near a strait's fleet, within its reach: the strait's own land, and water however near the coast.
const inStrait = (B, p, i, through) =>
  through.some(([v, e, r]) => (B.cls[i] === v || B.water(i)) && Math.hypot(p[0] - e[0], p[1] - e[1]) <= r);

function sample(f, length, ends, B, through) {
  const n = Math.max(2, Math.ceil(length * 2));
  for (let k = 0; k <= n; k++) if (!passable(B, f(k / n), ends, through)) return false;
  return true;
}

const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const toward = (a, b, by) => {
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  return [a[0] + ((b[0] - a[0]) * by) / d, a[1] + ((b[1] - a[1]) * by) / d];
};
const segmentOk = (B, a, b, ends, through) =>
  sample((t) => lerp(a, b, t), Math.hypot(b[0] - a[0], b[1] - a[1]), ends, B, through);

// The arrow as board_svg._curve draws it from a to b (either end gap), over water?
function curveOk(B, a, b, through) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy) || 1;
  const c = [(a[0] + b[0]) / 2 - dy * BEND, (a[1] + b[1]) / 2 + dx * BEND];
  return GAPS[1].every((g) => {
    const p0 = toward(a, c, Math.min(GAPS[0], length / 3)), p1 = toward(b, c, Math.min(g, length / 3));
    const q = (t) => [(1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p1[0],
      (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p1[1]];
    return sample(q, length * 1.2, [a, b], B, through);
  });
}

// ---- anchors -------------------------------------------------------------------------------
// The fleet anchor of province v (or of one coast of it, near `seed`): where the summed distance to
// its seas is least. A province whose seas lie in two waters that do not meet (a strait: Denmark,
// Kiel, Constantinople, Sweden) has its fleet where the farther water is nearest, wherever that is.
function fleetAnchor(B, v, seas, seed) {
  const far = seas.map((s) => B.body(s).dist);
  const waters = [...new Set(seas.map((s) => B.body(s).comp))].map((c) => B.piece(c));
  const strait = waters.length > 1;
  // Ties (a province on one sea) go to the place nearest the middle of the province.
  let sx = 0, sy = 0, n = 0;
  for (const i of B.cellsOf[v]) { sx += i % B.w; sy += Math.floor(i / B.w); n++; }
  const middle = [sx / n + 0.5, sy / n + 0.5];
  let best = null, bestCost = Infinity;
  for (const i of B.cellsOf[v]) {
    const d = far.map((f) => f[i]);
    const near = Math.min(...d);
    // (on the province's land, not on a spit with water either side)
    if (near < BAND[0] || (near > BAND[1] && !strait) || B.toWater[i] < BAND[0]) continue;
    const p = [i % B.w + 0.5, Math.floor(i / B.w) + 0.5];
    let cost = Math.max(0, APART - B.toBorder[i]) * (strait ? 40 : 8);
    cost += seed ? Math.hypot(p[0] - seed[0], p[1] - seed[1]) : d.reduce((a, b) => a + b, 0);
    cost += 0.1 * Math.hypot(p[0] - middle[0], p[1] - middle[1]);
    if (strait) cost += Math.max(...waters.map((f) => f[i])) * 20;
    if (cost < bestCost) { bestCost = cost; best = p; }
  }
  if (!best) throw new Error(`no fleet anchor for ${B.names[v]}`);
  return { at: best, strait };
}

// ---- routes --------------------------------------------------------------------------------
function heapPush(h, item) {
  h.push(item);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (h[p][0] <= h[i][0]) break;
    [h[p], h[i]] = [h[i], h[p]];
    i = p;
  }
}
function heapPop(h) {
  const top = h[0], last = h.pop();
  if (h.length) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < h.length && h[l][0] < h[m][0]) m = l;
      if (r < h.length && h[r][0] < h[m][0]) m = r;
      if (m === i) break;
      [h[m], h[i]] = [h[i], h[m]];
      i = m;
    }
  }
  return top;
}

// A* over water cells (and cells within REACH of the ends), dearer near the coast.
function search(B, a, b, through) {
  const start = at(B, a), goal = at(B, b);
  const ok = (i) => {
    const p = [i % B.w + 0.5, Math.floor(i / B.w) + 0.5];
    return [a, b].some((e) => Math.hypot(p[0] - e[0], p[1] - e[1]) <= REACH - 2) || B.open(i) ||
      inStrait(B, p, i, through);
  };
  const cost = new Map([[start, 0]]), from = new Map();
  const h = (i) => Math.hypot(i % B.w - (goal % B.w), Math.floor(i / B.w) - Math.floor(goal / B.w));
  const open = [[h(start), start]];
  while (open.length) {
    const [, i] = heapPop(open);
    if (i === goal) break;
    const x = i % B.w;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      if (x + dx < 0 || x + dx >= B.w) continue;
      const k = i + dy * B.w + dx;
      if (k < 0 || k >= B.w * B.h || !ok(k)) continue;
      const near = B.open(k) ? Math.max(0, OFF_COAST - B.toLand[k]) / OFF_COAST : 1;
      const c = cost.get(i) + Math.hypot(dx, dy) * (1 + 3 * near);
      if (c < (cost.get(k) ?? Infinity)) {
        cost.set(k, c);
        from.set(k, i);
        heapPush(open, [c + h(k), k]);
      }
    }
  }
  if (!from.has(goal)) return null;
  const path = [b];
  for (let i = from.get(goal); i !== start; i = from.get(i)) path.push([i % B.w + 0.5, Math.floor(i / B.w) + 0.5]);
  path.push(a);
  return path.reverse();
}

// The path pulled straight: from each waypoint, the farthest later point reached over water.
function pull(B, path, through) {
  const ends = [path[0], path[path.length - 1]];
  const out = [];
  let i = 0;
  while (i < path.length - 1) {
    let j = path.length - 1;
    while (j > i + 1 && !segmentOk(B, path[i], path[j], ends, through)) j--;
    if (j < path.length - 1) out.push(path[j].map((v) => Math.round(v * 10) / 10));
    i = j;
  }
  return out;
}

// The fleet anchor of every coastal province and of every coast of a split-coast province (placed near
// its hand-placed `seeds` point), and the straits among them.
export function fleetAnchors({ grid, GW, RES, W, H, names, gameMap, seeds, fixed }) {
  const terrain = Object.fromEntries(gameMap.provinces.map((p) => [p.abbr, p.terrain]));
  const B = board(grid, GW, RES, W, H, names, terrain);
  const seasOf = {};
  for (const [a, b] of gameMap.fleet_borders) {
    for (const [x, y] of [[a, b], [b, a]]) if (terrain[prov(y)] === "sea") (seasOf[x] ||= new Set()).add(y);
  }
  const fleets = {}, straits = new Set();
  for (const loc of Object.keys(seasOf).filter((l) => terrain[prov(l)] !== "sea").sort()) {
    if (fixed[loc]) { fleets[loc] = fixed[loc]; continue; }
    const { at: p, strait } = fleetAnchor(B, names.indexOf(prov(loc)), [...seasOf[loc]], seeds[loc]);
    fleets[loc] = p;
    if (strait) straits.add(prov(loc));
  }
  return { B, fleets, straits: [...straits].sort() };
}

const prov = (loc) => loc.split("/")[0];

// The route of every fleet border that needs one ("a b" -> waypoints from a to b; [] for a straight
// arrow where the bent one would touch land). `anchor`: a location's fleet anchor.
export function fleetRoutes({ B, names, gameMap, straits, anchor }) {
  const routes = {};
  for (const [a, b] of gameMap.fleet_borders) {
    const [pa, pb] = [anchor(a), anchor(b)];
    const strait = [[a, pa], [b, pb]].filter(([x]) => straits.includes(prov(x)));
    const through = (reach) => strait.map(([x, e]) => [names.indexOf(prov(x)), e, reach]);
    // A strait's own land is crossed only near its fleet (F Den - Swe ran across Zealand although the
    // Kattegat joins them, issue 23), unless water does not join the two ends without a long detour.
    const way = wayBetween(B, pa, pb, through(STRAIT_REACH)) ?? wayBetween(B, pa, pb, through(Infinity), true);
    if (way === undefined) throw new Error(`no route over water for a fleet ${a} - ${b}`);
    if (way !== null) routes[`${a} ${b}`] = way;
  }
  return routes;
}

// The way a fleet's arrow runs from a to b: null (the board's bent arrow), [] (a straight arrow), a route's
// waypoints, or undefined where none is found (or, unless `any`, where the route is a long detour).
function wayBetween(B, a, b, through, any = false) {
  if (curveOk(B, a, b, through) && curveOk(B, b, a, through)) return null;
  if (segmentOk(B, a, b, [a, b], through)) return [];
  const path = search(B, a, b, through);
  if (!path) return undefined;
  const way = pull(B, path, through);
  const points = [a, ...way, b];
  let length = 0;
  for (let k = 1; k < points.length; k++) length += Math.hypot(points[k][0] - points[k - 1][0], points[k][1] - points[k - 1][1]);
  return any || length <= DETOUR * Math.hypot(b[0] - a[0], b[1] - a[1]) ? way : undefined;
}
