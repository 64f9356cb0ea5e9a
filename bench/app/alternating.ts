// What the benches that alternate two builds share: both builds served by embedded servers over one data directory
// (the first start seeds it), and a fresh browser context per sign-in (desktop 1440×900, or the phone class: 390×844
// at dpr 2, CPU ×4) with the points' load state and long tasks watched.
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startAppServer, type AppServer } from './processes';
import { LONGTASK_INIT } from './scenario';
import { POINTS_STATE_INIT } from '../lib/pointsState';

/** One server per build (static dir), on ports `port`, `port + 1`, … */
export async function serveBuilds(builds: { dir: string }[], points: number, dataDir: string, port: number): Promise<AppServer[]> {
  const servers: AppServer[] = [];
  for (const [k, b] of builds.entries()) {
    servers.push(await startAppServer({
      PORT: String(port + k), HOST: '127.0.0.1', DATA_DIR: join(dataDir, `postgres-${points}`), SEED: 'demo', SEED_POINTS: String(points),
      RATE_LIMIT_DISABLED: '1', SEED_LINES: '1', STATIC_DIR: b.dir,
    }));
  }
  return servers;
}

/** A page in a fresh context; `initScripts` run before the page's own (after the load state and long-task watches). */
export async function freshPage(browser: Browser, phone: boolean, initScripts: (string | (() => void))[] = []): Promise<Page> {
  const context = await browser.newContext(phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR', bypassCSP: true }
    : { viewport: { width: 1440, height: 900 }, locale: 'fr-FR', bypassCSP: true });
  for (const script of [POINTS_STATE_INIT, LONGTASK_INIT, ...initScripts]) await context.addInitScript(script);
  const page = await context.newPage();
  if (phone) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}
