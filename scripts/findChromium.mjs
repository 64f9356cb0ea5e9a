// Finds a Chromium executable: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own download.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright');
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch {
    /* playwright has no browser of its own here */
  }
  return null;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
