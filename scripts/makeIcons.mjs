// Draws the PWA icons (public/icons/*.png) from the app logo (src/features/layout/Logo.tsx) with Debian Chromium.
// Run once: `node scripts/makeIcons.mjs`. 'any' icons keep the rounded tile on transparency; 'maskable' ones fill
// the square in the logo blue with the drawing inside the central safe zone (80 %).
import { chromium } from 'playwright';
import { statSync } from 'node:fs';
import { findChromium, CHROMIUM_ARGS } from './findChromium.mjs';

const LOGO = `
  <rect x="13" y="8" width="22" height="24" rx="5" fill="#fff"/>
  <rect x="16" y="12" width="16" height="8" rx="1.5" fill="#0b4f9c"/>
  <circle cx="18.5" cy="26" r="2" fill="#0b4f9c"/><circle cx="29.5" cy="26" r="2" fill="#0b4f9c"/>
  <path d="M17 32 L12 40 M31 32 L36 40" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>
  <path d="M9 37 H39 M7 42 H41" stroke="#f59e0b" stroke-width="2.5" stroke-linecap="round"/>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect x="2" y="2" width="44" height="44" rx="10" fill="#0b4f9c"/>${LOGO}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#0b4f9c"/><g transform="translate(4.8 4.8) scale(0.8)">${LOGO}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: any },
  { file: 'icon-512.png', size: 512, svg: any },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    const path = `public/icons/${file}`;
    await page.screenshot({ path, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${path}: ${statSync(path).size} bytes`);
  }
} finally {
  await browser.close();
}
