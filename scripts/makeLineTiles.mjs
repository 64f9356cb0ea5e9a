// Cuts public/line.png (the bundled demo line image) into its tile pyramid once, in Debian Chromium with the app's own
// cutter (workers/tileCutter.ts, as at an admin's upload): public/line-tiles/<level>/<col>_<row>.png, described by
// DEFAULT_LINE_IMAGE.tiles. Run after scripts/makeLineImage.mjs: `node scripts/makeLineTiles.mjs`.
import { chromium } from 'playwright';
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, CHROMIUM_ARGS } from './findChromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public', 'line-tiles');
const bundle = await build({ entryPoints: [join(root, 'workers', 'tileCutter.ts')], bundle: true, write: false, format: 'iife', globalName: 'tileCutter', target: 'es2022' });
const png = readFileSync(join(root, 'public', 'line.png')).toString('base64');

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.addScriptTag({ content: bundle.outputFiles[0].text });
const result = await page.evaluate(async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const src = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const tiles = [];
  for await (const { tile, blob } of globalThis.tileCutter.cutTiles(src, 1e6)) {
    const buf = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
    tiles.push({ path: `${tile.level}/${tile.col}_${tile.row}.png`, b64: btoa(s) });
  }
  return { width: src.width, height: src.height, tiles };
}, png);
await browser.close();

rmSync(out, { recursive: true, force: true });
let bytes = 0;
for (const t of result.tiles) {
  const file = join(out, t.path);
  mkdirSync(dirname(file), { recursive: true });
  const data = Buffer.from(t.b64, 'base64');
  writeFileSync(file, data);
  bytes += data.length;
}
console.log(`public/line-tiles: ${result.tiles.length} tiles of ${result.width}×${result.height}, ${(bytes / 1024).toFixed(0)} KiB`);
