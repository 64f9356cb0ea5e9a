// Draws public/line.png: a 12000×1500 double-track schematic railway line (SVG rendered by Debian Chromium).
// Run once: `node scripts/makeLineImage.mjs`; flat colours keep the PNG small. Voie 1 at y=600, voie 2 at y=900.
import { chromium } from 'playwright';
import { writeFileSync, statSync } from 'node:fs';
import { findChromium, CHROMIUM_ARGS } from './findChromium.mjs';

const W = 12000; // image px (DEFAULT_LINE_IMAGE)
const H = 1500; // image px
const V1 = 600; // voie 1 centre, image px
const V2 = 900; // voie 2 centre, image px
const GAUGE = 18; // distance between the two rails of a track, image px (schematic)
const RULER_TOP = 1350; // ruler band, image px

let seed = 20261121;
const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);

const C = {
  ground: '#eef0e4', field: '#e3e8cf', field2: '#ece4cc', ballast: '#cfccc4', ballastEdge: '#b9b5ab',
  sleeper: '#8a7560', rail: '#3f4650', road: '#c9c9c9', roadLine: '#ffffff', water: '#9cc7e6', waterEdge: '#7fb0d6',
  tree: '#7fae6b', treeDark: '#5f9150', platform: '#dadde2', platformEdge: '#f2c200', building: '#b9a189', roof: '#8d5b4c',
  text: '#1f2937', ruler: '#fbfbf8', rulerLine: '#6b7280', bridge: '#8e8e8e',
};

const parts = [];
const add = (s) => parts.push(s);

// Background and fields (flat polygons).
add(`<rect width="${W}" height="${H}" fill="${C.ground}"/>`);
for (let x = 0; x < W; x += 900) {
  const w = 500 + rand() * 350;
  add(`<rect x="${x + 40}" y="${60 + rand() * 80}" width="${w}" height="${260 + rand() * 120}" rx="18" fill="${rand() > 0.5 ? C.field : C.field2}"/>`);
  add(`<rect x="${x + 120}" y="${1030 + rand() * 60}" width="${w}" height="${180 + rand() * 60}" rx="18" fill="${rand() > 0.5 ? C.field : C.field2}"/>`);
}

// River under the bridge and a road through the level crossing.
const BRIDGE_X = 5600;
add(`<path d="M ${BRIDGE_X - 160} 0 C ${BRIDGE_X - 60} 400, ${BRIDGE_X - 220} 900, ${BRIDGE_X - 90} ${RULER_TOP} L ${BRIDGE_X + 150} ${RULER_TOP} C ${BRIDGE_X + 20} 900, ${BRIDGE_X + 190} 400, ${BRIDGE_X + 90} 0 Z" fill="${C.water}" stroke="${C.waterEdge}" stroke-width="6"/>`);
add(`<text x="${BRIDGE_X - 130}" y="200" font-size="34" font-style="italic" fill="#3b6e96" transform="rotate(-80 ${BRIDGE_X - 130} 200)">La Seine</text>`);
const PN_X = 2800;
add(`<rect x="${PN_X - 40}" y="0" width="80" height="${RULER_TOP}" fill="${C.road}"/>`);
add(`<line x1="${PN_X}" y1="0" x2="${PN_X}" y2="${RULER_TOP}" stroke="${C.roadLine}" stroke-width="4" stroke-dasharray="30 26"/>`);
const ROAD2_X = 8700;
add(`<path d="M 8200 0 L ${ROAD2_X} 480 L ${ROAD2_X} 1020 L 9300 ${RULER_TOP}" fill="none" stroke="${C.road}" stroke-width="70"/>`);

const STATIONS = [
  { x: 600, name: 'Villeneuve-Saint-Georges' },
  { x: 3600, name: 'Juvisy-sur-Orge' },
  { x: 6900, name: 'Savigny-sur-Orge' },
  { x: 9600, name: 'Brétigny' },
  { x: 11500, name: 'Marolles-en-Hurepoix' },
];

// Vegetation: clumps of trees away from the tracks.
function trees(y0, y1, count) {
  for (let i = 0; i < count; i++) {
    const x = rand() * W;
    const y = y0 + rand() * (y1 - y0);
    if (Math.abs(x - PN_X) < 90 || Math.abs(x - BRIDGE_X) < 260 || Math.abs(x - ROAD2_X) < 120) continue;
    if (y < V1 && STATIONS.some((s) => Math.abs(x - s.x) < 420)) continue;
    const r = 14 + rand() * 16;
    add(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${rand() > 0.4 ? C.tree : C.treeDark}"/>`);
  }
}
trees(380, 520, 170);
trees(980, 1310, 190);
trees(30, 360, 90);

// Ballast beds, sleepers (pattern) and rails of both tracks.
add(`<defs><pattern id="sl" width="14" height="40" patternUnits="userSpaceOnUse"><rect x="0" y="0" width="6" height="40" fill="${C.sleeper}"/></pattern></defs>`);
function track(yc) {
  add(`<rect x="0" y="${yc - 34}" width="${W}" height="68" fill="${C.ballast}"/>`);
  add(`<line x1="0" y1="${yc - 34}" x2="${W}" y2="${yc - 34}" stroke="${C.ballastEdge}" stroke-width="3"/>`);
  add(`<line x1="0" y1="${yc + 34}" x2="${W}" y2="${yc + 34}" stroke="${C.ballastEdge}" stroke-width="3"/>`);
  add(`<rect x="0" y="${yc - 20}" width="${W}" height="40" fill="url(#sl)"/>`);
  add(`<line x1="0" y1="${yc - GAUGE / 2}" x2="${W}" y2="${yc - GAUGE / 2}" stroke="${C.rail}" stroke-width="4"/>`);
  add(`<line x1="0" y1="${yc + GAUGE / 2}" x2="${W}" y2="${yc + GAUGE / 2}" stroke="${C.rail}" stroke-width="4"/>`);
}
track(V1);
track(V2);

// Crossovers (switch pairs) between the two tracks.
function crossover(x, dir) {
  const dx = 300 * dir;
  add(`<path d="M ${x} ${V1} L ${x + dx} ${V2}" stroke="${C.ballast}" stroke-width="56" fill="none"/>`);
  for (const o of [-GAUGE / 2, GAUGE / 2]) add(`<path d="M ${x + o} ${V1} L ${x + dx + o} ${V2}" stroke="${C.rail}" stroke-width="4" fill="none"/>`);
  add(`<circle cx="${x}" cy="${V1}" r="9" fill="#ffffff" stroke="${C.rail}" stroke-width="4"/>`);
  add(`<circle cx="${x + dx}" cy="${V2}" r="9" fill="#ffffff" stroke="${C.rail}" stroke-width="4"/>`);
  add(`<text x="${x + dx / 2 + 20}" y="${(V1 + V2) / 2}" font-size="24" fill="${C.text}">Aig. ${Math.round(x / 100)}</text>`);
}
crossover(1900, 1);
crossover(4700, -1);
crossover(7900, 1);
crossover(10900, -1);

// Stations: platforms along each track, a building, a name board.
for (const s of STATIONS) {
  const pw = 700;
  const x0 = Math.min(W - pw - 20, Math.max(20, s.x - pw / 2));
  add(`<rect x="${x0}" y="${V1 - 110}" width="${pw}" height="60" rx="6" fill="${C.platform}" stroke="#9ca3af" stroke-width="3"/>`);
  add(`<line x1="${x0 + 8}" y1="${V1 - 54}" x2="${x0 + pw - 8}" y2="${V1 - 54}" stroke="${C.platformEdge}" stroke-width="5"/>`);
  add(`<rect x="${x0}" y="${V2 + 50}" width="${pw}" height="60" rx="6" fill="${C.platform}" stroke="#9ca3af" stroke-width="3"/>`);
  add(`<line x1="${x0 + 8}" y1="${V2 + 54}" x2="${x0 + pw - 8}" y2="${V2 + 54}" stroke="${C.platformEdge}" stroke-width="5"/>`);
  add(`<rect x="${x0 + pw / 2 - 150}" y="${V1 - 250}" width="300" height="130" fill="${C.building}" stroke="#6b5a48" stroke-width="4"/>`);
  add(`<path d="M ${x0 + pw / 2 - 170} ${V1 - 250} L ${x0 + pw / 2} ${V1 - 320} L ${x0 + pw / 2 + 170} ${V1 - 250} Z" fill="${C.roof}"/>`);
  const bw = Math.max(300, s.name.length * 21 + 40);
  add(`<rect x="${x0 + pw / 2 - bw / 2}" y="${V1 - 405}" width="${bw}" height="62" rx="10" fill="#1e3a8a"/>`);
  add(`<text x="${x0 + pw / 2}" y="${V1 - 362}" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">${s.name}</text>`);
}

// Level crossing: barriers and a sign.
add(`<rect x="${PN_X - 44}" y="${V1 - 36}" width="88" height="${V2 - V1 + 72}" fill="#8f8f8f" opacity="0.35"/>`);
for (const y of [V1 - 70, V2 + 70]) {
  add(`<rect x="${PN_X - 90}" y="${y - 6}" width="180" height="12" fill="#ffffff" stroke="#b91c1c" stroke-width="3"/>`);
  for (let k = 0; k < 4; k++) add(`<rect x="${PN_X - 80 + k * 44}" y="${y - 6}" width="20" height="12" fill="#dc2626"/>`);
}
add(`<text x="${PN_X + 60}" y="${V1 - 100}" font-size="28" font-weight="700" fill="${C.text}">PN 12</text>`);

// Bridge deck over the river.
add(`<rect x="${BRIDGE_X - 260}" y="${V1 - 60}" width="520" height="${V2 - V1 + 120}" fill="${C.bridge}" opacity="0.55"/>`);
for (const y of [V1 - 60, V2 + 60]) add(`<line x1="${BRIDGE_X - 260}" y1="${y}" x2="${BRIDGE_X + 260}" y2="${y}" stroke="#4b5563" stroke-width="10"/>`);
add(`<text x="${BRIDGE_X}" y="${V2 + 110}" font-size="28" font-weight="700" fill="${C.text}" text-anchor="middle">Pont de la Seine</text>`);
track(V1 + 0); // redraw rails over the deck
track(V2 + 0);

// Track labels at both ends.
for (const [y, label] of [[V1, 'Voie 1'], [V2, 'Voie 2']]) {
  for (const x of [30, W - 150]) add(`<rect x="${x - 6}" y="${y - 80}" width="124" height="38" rx="8" fill="#ffffff" stroke="#374151" stroke-width="2"/><text x="${x + 56}" y="${y - 52}" font-size="24" font-weight="700" fill="#374151" text-anchor="middle">${label}</text>`);
}
add(`<text x="${W / 2}" y="${(V1 + V2) / 2 + 10}" font-size="30" fill="#6b7280" text-anchor="middle">Ligne Paris – Étampes (schéma)</text>`);

// Ruler band at the bottom (the app draws PK ticks and values over it).
add(`<rect x="0" y="${RULER_TOP}" width="${W}" height="${H - RULER_TOP}" fill="${C.ruler}"/>`);
add(`<line x1="0" y1="${RULER_TOP}" x2="${W}" y2="${RULER_TOP}" stroke="${C.rulerLine}" stroke-width="4"/>`);

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Arial, sans-serif">${parts.join('')}</svg>`;

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
const png = await page.screenshot({ clip: { x: 0, y: 0, width: W, height: H }, type: 'png' });
await browser.close();
const out = new URL('../public/line.png', import.meta.url);
writeFileSync(out, png);
console.log(`public/line.png ${W}×${H}, ${(statSync(out).size / 1024).toFixed(0)} KiB`);
