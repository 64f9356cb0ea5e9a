// Finds a Chromium executable: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own download; for the
// tests, Chromium's headless shell when it is installed.
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

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else Debian's chromium-headless-shell (the same Blink and V8
 * without the browser's window layers, as Playwright itself runs headless tests: less CPU per test), else
 * findChromium(). The benches keep findChromium(): their figures are the full browser's.
 */
export function findTestChromium() {
  const asked = process.env.CHROMIUM_PATH;
  if (asked && existsSync(asked)) return asked;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

/** Playwright's own --disable-features list (playwright-core's chromiumSwitches). Chromium keeps only the last
 * --disable-features switch of its command line, so ours repeats it before adding its own. */
const PLAYWRIGHT_DISABLED_FEATURES = ['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying',
  'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion'];
/** The address bar's pop-ups, which Chromium renders as web pages (WebUI) in processes of their own for every new
 * window, headless too: every browser context a test or a bench opens paid for two pages nobody sees. */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];
const DISABLE_FEATURES_ARG = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`;

export const CHROMIUM_ARGS = [DISABLE_FEATURES_ARG, '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
