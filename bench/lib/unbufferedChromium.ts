// Playwright's Chromium for memory figures, as a user's browser holds the page. Playwright turns on DevTools'
// network domain in every page and worker it attaches to, with Chromium's default buffers, and DevTools then keeps a
// copy of each response body inside the renderer (a line's pages read by the point-index worker, in Blink's buffer
// partition until that worker ends; figures in docs/performance.md). This loads Playwright from a copy of playwright-core
// whose Network.enable asks for no body buffer; everything else is the installed Playwright. `response.body()`
// is then unavailable, which no bench uses.
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { chromium as Chromium } from '@playwright/test';

const require = createRequire(import.meta.url);
const NO_BODY_BUFFER = '"Network.enable", { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }';

/** Playwright's `chromium`, from the patched copy (made once per Playwright version under the temp directory). */
export function unbufferedChromium(): typeof Chromium {
  const source = dirname(require.resolve('playwright-core/package.json'));
  const version = (JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { version: string }).version;
  const copy = join(tmpdir(), `rail-bench-playwright-core-${version}`);
  if (!existsSync(join(copy, 'package.json'))) {
    const staging = `${copy}.${process.pid}`;
    cpSync(source, staging, { recursive: true });
    const bundle = join(staging, 'lib', 'coreBundle.js');
    const text = readFileSync(bundle, 'utf8');
    const calls = text.match(/\.(send|sendMayFail)\("Network\.enable"\)/g) ?? [];
    if (calls.length < 2) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`playwright-core ${version}: Network.enable not found where expected (${calls.length} calls); update bench/lib/unbufferedChromium.ts`);
    }
    writeFileSync(bundle, text.replace(/\.(send|sendMayFail)\("Network\.enable"\)/g, `.$1(${NO_BODY_BUFFER})`));
    rmSync(copy, { recursive: true, force: true });
    renameSync(staging, copy);
  }
  return (require(copy) as { chromium: typeof Chromium }).chromium;
}
