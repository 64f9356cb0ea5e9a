// Renderer PSS over time after sign-in (a check of when the line image's tiling ends), for one SPA build:
//   STATIC_DIR=dist DATA_DIR=… node --import tsx bench/app/memoryOverTime.ts
import { unbufferedChromium } from '../lib/unbufferedChromium';
import { findChromium, CHROMIUM_ARGS } from '../../scripts/findChromium.mjs';
import { startAppServer } from './processes';
import { rendererPss } from './memory';
import { ADMIN } from './scenario';

const server = await startAppServer({ PORT: process.env.PORT ?? '3213', HOST: '127.0.0.1', DATA_DIR: process.env.DATA_DIR!, SEED: 'demo', RATE_LIMIT_DISABLED: '1', STATIC_DIR: process.env.STATIC_DIR! });
const browser = await unbufferedChromium().launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })).newPage();
  await page.goto(server.url);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email, { timeout: 60_000 });
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.locator('[data-testid="map-canvas"][data-frame-items]').waitFor({ timeout: 120_000 });
  const t0 = Date.now();
  for (const at of [2, 10, 20, 40, 60]) {
    await page.waitForTimeout(Math.max(0, at * 1000 - (Date.now() - t0)));
    const m = await rendererPss(browser);
    console.log(`${process.env.STATIC_DIR} +${at}s: renderer PSS ${m.rendererPssMb.toFixed(0)} MB, GPU ${m.gpuPssMb.toFixed(0)} MB`);
  }
} finally { await browser.close(); await server.stop(); }
