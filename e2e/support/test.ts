// Playwright's `test` with one addition: the browser contexts a test opens itself (`browser.newContext()`) are closed
// when it ends, passed or failed. A context left open keeps its app running (map, workers, realtime, timers) in the
// worker's browser for every later spec file.
import { test as base } from '@playwright/test';

export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [async ({ browser }, use) => {
    const before = new Set(browser.contexts());
    await use();
    await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => undefined)));
  }, { auto: true }],
});
