// How the standard Diplomacy board divides Europe, as data for generate.mjs.
//
// Every place is [longitude, latitude] in degrees. A land province is the union of the Voronoi
// cells of its seeds, cut from the land of its zone (a zone is a set of present-day countries
// whose outer borders are also the board's borders); a sea province is the union of the cells
// of its seeds among the sea seeds, cut from the water. Seeds placed in pairs either side of a
// line make that line a border, which is how the borders players know from the standard board
// are reproduced where no present-day border follows them.

// The projection: a conformal conic centred on Europe, with the middle of the board (the crowded
// west and centre) widened a little against the Atlantic, the Arctic and the Russian plain, as
// the printed board does. FRAME names the points the board's four edges pass through.
export const PROJECTION = {
  parallels: [35, 65],
  rotate: -12,
  // asinh stretch around this point: smaller values stretch the middle more.
  stretchCentre: [7, 50],
  stretch: [0.22, 0.2],
  lenses: [
    { at: [-2.6, 53.8], r: 0.06, k: 0.6 }, { at: [5.0, 51.6], r: 0.04, k: 0.5 }, { at: [21.0, 42.0], r: 0.06, k: 0.4 },
    { at: [13.5, 42.3], r: 0.04, k: 0.3 }, { at: [10.0, 55.8], r: 0.03, k: 0.4 },
  ],
  frame: { west: [-19, 50], east: [46.5, 42], north: [25, 72.8], south: [10, 33.0] },
  width: 1000,
};

// Countries (world-atlas names) whose land is one zone. Countries not named here are in the
// zone "east" (split among many provinces by their seeds), or off the board if in OFF_COUNTRIES.
export const ZONES = {
  Portugal: "por",
  Spain: "spa", Andorra: "spa", Gibraltar: "spa",
  France: "fra", Monaco: "fra",
  Switzerland: "swi", Liechtenstein: "swi",
  Italy: "ita", "San Marino": "ita", Vatican: "ita",
  Belgium: "bel", Luxembourg: "bel",
  Netherlands: "hol",
  Denmark: "den",
  Norway: "nwy",
  Sweden: "swe",
  Finland: "fin",
  "United Kingdom": "gbr", "Isle of Man": "off", Jersey: "off", Guernsey: "off",
  Albania: "alb",
  Morocco: "naf", "W. Sahara": "naf", Algeria: "naf",
  Tunisia: "tun",
};

export const OFF_COUNTRIES = [
  "Ireland", "Iceland", "Faeroe Is.", "Greenland", "Åland", "Libya", "Egypt", "Saudi Arabia", "Cyprus",
  "N. Cyprus", "Malta", "Kazakhstan", "Mali", "Niger", "Mauritania", "Sudan", "Chad", "Turkmenistan",
];

// Islands drawn as land that is no province (as on the printed board): any land component
// holding one of these points. Northern Ireland goes with Ireland.
export const OFF_ISLANDS = [
  [-6.5, 54.6], [9.1, 42.1], [9.0, 40.0], [14.2, 37.5], [24.9, 35.2], [3.0, 39.6], [4.1, 40.0], [1.4, 39.0],
  [14.9, 55.1], [18.5, 57.4], [55, 73], [49, 69], [59, 70.2], [26.3, 39.2], [28.0, 36.2], [26.0, 38.4],
  [26.8, 37.7], [-1.3, 60.3], [-3.0, 59.0],
];

// Water drawn as part of the land of a zone, as on the printed board: the Sea of Marmara belongs
// to Constantinople; Denmark's straits (the Belts, the Sound, the Limfjord) are Denmark, so the
// Skagerrak and the Baltic do not meet and Denmark touches Sweden.
export const LAND_FILLS = [
  { zone: "east", ring: [[26.55, 40.3], [26.75, 40.6], [27.4, 41.0], [28.6, 41.1], [29.0, 41.2], [29.15, 41.25],
    [29.35, 41.1], [29.95, 40.8], [29.6, 40.3], [28.2, 40.25], [27.2, 40.2], [26.7, 40.1]] },
  { zone: "den", ring: [[9.45, 54.95], [9.5, 55.5], [9.6, 55.7], [10.0, 55.8], [10.6, 56.05], [11.2, 56.0], [12.2, 56.15], [12.75, 56.15],
    [13.1, 55.9], [13.1, 55.4], [12.7, 55.3], [12.2, 55.2], [11.6, 55.1], [10.9, 54.95], [10.1, 55.1]] },
  { zone: "den", ring: [[8.2, 56.5], [8.6, 57.1], [9.5, 57.2], [10.4, 57.0], [10.4, 56.5], [9.2, 56.4]] },
];

// Land provinces: seeds per zone. `city` is where the supply-centre marker goes.
export const LAND = {
  // Britain
  cly: { gbr: [[-5.2, 57.6], [-4.4, 55.8], [-4.8, 58.3], [-4.6, 55.1], [-4.8, 56.7]] },
  edi: { gbr: [[-3.0, 57.2], [-2.9, 55.8], [-3.6, 58.4], [-2.4, 55.4], [-4.0, 57.7], [-3.7, 56.2]] },
  lvp: { gbr: [[-2.9, 54.5], [-2.8, 53.5], [-3.3, 54.9]] },
  yor: { gbr: [[-1.5, 54.6], [-1.0, 53.8]] },
  wal: { gbr: [[-3.7, 52.3], [-3.2, 51.7], [-2.2, 52.6]] },
  lon: { gbr: [[-0.3, 51.5], [0.8, 52.2], [-1.3, 51.2]] },
  // France
  bre: { fra: [[-3.0, 48.2], [-0.8, 48.7], [-1.6, 47.4]] },
  pic: { fra: [[1.8, 49.9], [2.8, 50.3]] },
  par: { fra: [[2.0, 48.3], [1.0, 47.3]] },
  bur: { fra: [[4.8, 47.5], [6.2, 48.6], [4.8, 46.0]] },
  gas: { fra: [[-0.5, 44.5], [1.2, 45.3], [0.9, 43.4], [-0.6, 46.3]] },
  mar: { fra: [[4.0, 43.7], [6.0, 44.0], [2.6, 42.8], [6.3, 45.4]] },
  // Iberia, the Alps, the Low Countries, Scandinavia, Africa: one zone each
  por: { por: [] }, spa: { spa: [] }, swi: { swi: [] }, bel: { bel: [] }, hol: { hol: [] },
  den: { den: [] }, nwy: { nwy: [] }, swe: { swe: [] }, fin: { fin: [] }, alb: { alb: [] },
  naf: { naf: [] }, tun: { tun: [] },
  // Italy
  pie: { ita: [[8.0, 45.0], [9.3, 45.8], [8.5, 44.2]] },
  ven: { ita: [[11.8, 45.5], [13.0, 46.0], [11.3, 44.6], [12.2, 44.2], [12.5, 43.9]] },
  tus: { ita: [[11.0, 43.4], [10.3, 44.0]] },
  rom: { ita: [[12.6, 42.0], [12.4, 42.7]] },
  nap: { ita: [[15.0, 40.8], [16.3, 39.0]] },
  apu: { ita: [[13.8, 42.5], [15.5, 41.5], [17.5, 40.5], [13.3, 43.4]] },
  tyr: { ita: [[11.3, 46.5]], east: [[11.5, 47.2], [13.0, 47.3], [13.8, 46.7], [13.3, 48.0]] },
  // Central and eastern Europe
  kie: { east: [[9.5, 53.8], [8.5, 52.5], [9.8, 51.8]] },
  ber: { east: [[13.4, 52.6], [14.0, 53.6], [12.0, 52.5]] },
  pru: { east: [[19.5, 54.0], [17.0, 54.2]] },
  sil: { east: [[16.5, 51.2], [18.4, 50.5], [15.7, 51.6]] },
  mun: { east: [[11.5, 48.5], [11.5, 50.5], [9.5, 48.6], [13.6, 51.0], [14.6, 51.2]] },
  ruh: { east: [[7.3, 51.2], [7.2, 49.8]] },
  boh: { east: [[14.5, 49.8], [16.5, 49.5], [17.9, 49.7]] },
  vie: { east: [[16.0, 48.0], [15.2, 47.2], [17.5, 48.4]] },
  gal: { east: [[23.0, 49.8], [20.0, 49.9], [25.5, 48.3], [20.5, 49.0], [19.4, 49.4]] },
  bud: { east: [[19.0, 47.3], [21.5, 47.5], [24.5, 46.6], [21.0, 48.6]] },
  tri: { east: [[14.5, 45.8], [16.0, 45.6], [17.8, 44.0], [19.2, 42.8], [15.8, 43.8]] },
  ser: { east: [[20.8, 44.0], [21.0, 42.3], [20.5, 42.8]] },
  gre: { east: [[22.0, 39.5], [22.5, 37.5], [23.0, 40.7], [23.9, 40.9]] },
  bul: { east: [[25.0, 42.7], [27.0, 42.5], [25.3, 41.2], [23.5, 42.0], [25.0, 41.05], [25.9, 41.0]] },
  rum: { east: [[26.0, 44.5], [27.0, 46.5]] },
  con: { east: [[28.0, 41.3], [29.5, 40.3], [30.0, 40.8], [26.8, 41.3], [26.5, 40.35], [26.9, 40.0]] },
  ank: { east: [[32.8, 40.3], [35.5, 41.0], [31.5, 41.0], [37.2, 40.8]] },
  smy: { east: [[27.8, 38.5], [30.5, 38.5], [32.5, 37.5], [34.5, 38.8], [36.8, 39.3], [33.0, 39.0]] },
  arm: { east: [[41.0, 40.0], [43.5, 41.5], [39.5, 40.1], [40.5, 38.7]] },
  syr: { east: [[36.5, 36.5], [36.5, 34.0], [40.5, 36.0], [38.5, 37.5], [35.3, 36.9]] },
  sev: { east: [[34.0, 45.2], [40.0, 45.5], [44.0, 44.5], [31.0, 46.8], [36.5, 47.0], [38.5, 47.3]] },
  ukr: { east: [[30.5, 49.5], [34.0, 49.5], [28.5, 47.8]] },
  war: { east: [[21.0, 52.2], [23.0, 51.0], [24.0, 53.0]] },
  lvn: { east: [[24.5, 57.0], [25.5, 58.7], [24.0, 55.3], [28.0, 57.0]] },
  mos: { east: [[37.5, 55.7], [30.5, 53.5], [45, 55], [32, 56]] },
  stp: { east: [[30.3, 59.9], [35.0, 64.0], [45, 64], [33, 67.5]] },
};

// Sea provinces: seeds.
export const SEA = {
  nao: [[-20, 56], [-15, 62], [-14, 52.5], [-8.5, 56.3], [-6.3, 55.4], [-10.5, 54.5], [-5.2, 54.85], [-24, 60], [-3.7, 54.85], [-6.5, 58.5], [-5.9, 57.5]],
  nwg: [[0, 65], [-8, 66], [5, 68], [6.0, 62.8], [-4.0, 59.4], [-2.0, 60.0], [0, 61.5], [14, 70], [-12, 64]],
  bar: [[35, 72], [45, 70], [27, 72.5], [38, 66], [42, 68]],
  nth: [[3, 56], [2, 54], [4.5, 58], [5.0, 60.5], [0, 57.5], [6.8, 56.8], [1.8, 52.2], [3.5, 53.0], [0.2, 53.6], [0.3, 52.9], [-2.5, 56.1], [-2.6, 57.9], [-1.5, 58.3], [-0.8, 54.7]],
  eng: [[-3, 49.9], [0, 50.3], [-5.5, 49.3], [1.3, 50.6]],
  iri: [[-5.2, 53.0], [-6.5, 51.6], [-8, 51.0], [-4.3, 53.95], [-5.3, 53.6]],
  mao: [[-12, 44], [-10, 38], [-8, 34], [-15, 48], [-4, 45.5], [-7, 36.3], [-4.6, 36.2], [-11, 49], [-7.5, 47.5]],
  wes: [[2, 38.5], [-2, 36.5], [5.5, 38.5], [1.0, 37.3], [8.5, 37.8], [-1.5, 37.5]],
  lyo: [[4.5, 42.3], [7.5, 42.5], [3.8, 41.1], [9.0, 43.6], [6.0, 41.5]],
  tys: [[12.0, 40.0], [10.8, 41.5], [11, 38.5], [13.8, 39.0], [12.2, 41.0]],
  ion: [[18.5, 37.0], [20.0, 34.0], [14.0, 34.5], [17.2, 39.8], [20.0, 38.8], [22.5, 34.0], [16.3, 37.5], [11.8, 34.5], [19.2, 39.9]],
  adr: [[15.5, 43.0], [13.5, 44.5], [18.0, 41.5], [16.8, 42.4]],
  aeg: [[25.0, 38.5], [24.5, 36.2], [24.7, 40.0], [26.0, 36.8], [23.8, 37.2]],
  eas: [[30.0, 34.0], [33, 35.5], [27.8, 35.5], [26.0, 33.8], [34.5, 33.5]],
  bla: [[34.0, 43.0], [31.0, 43.5], [38.5, 42.8]],
  hel: [[7.3, 54.2], [7.6, 55.0], [6.4, 53.9], [8.9, 53.9]],
  ska: [[9.5, 57.8], [11.4, 57.3], [7.8, 57.6], [10.9, 56.7]],
  bal: [[17.0, 55.5], [19.5, 57.5], [14.0, 54.8], [11.0, 54.6], [19.2, 59.2], [22.5, 57.6], [10.3, 54.5]],
  bot: [[20.0, 62.0], [22.5, 64.5], [26.5, 59.8], [21.0, 60.0], [24.0, 65.3], [23.5, 59.6]],
};

// Supply-centre cities.
export const CITIES = {
  ank: [32.85, 39.93], bel: [4.35, 50.85], ber: [13.4, 52.52], bre: [-4.49, 48.39], bud: [19.04, 47.5],
  bul: [23.32, 42.7], con: [28.98, 41.01], den: [12.57, 55.68], edi: [-3.19, 55.95], gre: [23.73, 37.98],
  hol: [4.9, 52.37], kie: [10.14, 54.32], lon: [-0.13, 51.51], lvp: [-2.98, 53.41], mar: [5.37, 43.3],
  mos: [37.62, 55.75], mun: [11.58, 48.14], nap: [14.27, 40.85], nwy: [10.75, 59.91], par: [2.35, 48.86],
  por: [-9.14, 38.72], rom: [12.5, 41.9], rum: [26.1, 44.43], ser: [20.46, 44.8], sev: [33.52, 44.6],
  smy: [27.14, 38.42], spa: [-3.7, 40.42], stp: [30.32, 59.94], swe: [18.07, 59.33], tri: [13.77, 45.65],
  tun: [10.18, 36.8], ven: [12.32, 45.44], vie: [16.37, 48.21], war: [21.01, 52.23],
};

// Each coast of a split-coast province: where a fleet on it stands, and where its label goes.
export const COASTS = {
  "spa/nc": { unit: [-5.0, 42.9], label: [-6.2, 44.1] },
  "spa/sc": { unit: [-3.2, 37.2], label: [-2.6, 36.35] },
  "stp/nc": { unit: [34.5, 68.3], label: [36.6, 69.7] },
  "stp/sc": { unit: [30.0, 60.4], label: [27.8, 60.05] },
  "bul/ec": { unit: [27.3, 42.9], label: [28.4, 43.0] },
  "bul/sc": { unit: [25.3, 41.25], label: [25.3, 40.75] },
};

// Hand-placed unit anchors where the widest point of a province is not where players look.
export const UNIT_AT = {};
// Hand-placed fleet anchors (fleets.mjs places the others). Naples: on Calabria's neck, between its two seas;
// placed on the Tyrrhenian coast, F Nap - Ion looped round Sicily (the Strait of Messina is narrower than the
// raster lets a route through), as did Apu - Nap.
export const FLEET_AT = { nap: [16.45, 38.85] };
export const LABEL_AT = { bar: [30, 71.3] };
