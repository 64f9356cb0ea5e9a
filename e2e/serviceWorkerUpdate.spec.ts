// The service worker's precache and its updates: the first install puts every entry of the precache list in the
// precache under its Workbox key (index.html under its revision); a new worker installs without fetching the entries
// it already holds, waits, and is announced in French; 'Mettre à jour maintenant' activates it (the page's
// SKIP_WAITING message) and it controls the page.
import { test, expect } from '@playwright/test';
import { DESKTOP, shot, signIn } from './appHelpers';

test.use({ serviceWorkers: 'allow', viewport: DESKTOP });

/** The precache list of a sw.js text (the entries injected at build time). */
function precacheUrls(script: string): string[] {
  return [...script.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
}

test('the first install precaches every entry; a new version fetches none of them again, waits, and applies on request', async ({ page, context, baseURL }) => {
  const script = await (await page.request.get('/sw.js')).text();
  const urls = precacheUrls(script);
  expect(urls.length).toBeGreaterThan(50);
  expect(urls).toContain('index.html');

  await signIn(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
  });
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache-v2'));
    return name ? (await (await caches.open(name)).keys()).map((r) => r.url) : [];
  });
  expect(cached).toHaveLength(urls.length);
  for (const url of urls) expect(cached.some((c) => c === `${baseURL}/${url}` || c.startsWith(`${baseURL}/${url}?__WB_REVISION__=`))).toBe(true);
  expect(cached.some((c) => /\/index\.html\?__WB_REVISION__=[0-9a-f]+$/.test(c))).toBe(true);

  // A new version: the same script at another URL (a changed script URL is a new worker for the scope, as a changed
  // script is; a page route cannot change the script the browser fetches for an update).
  const fetchedByWorker: string[] = [];
  context.on('request', (r) => { if (r.serviceWorker() && urls.some((u) => r.url() === `${baseURL}/${u}`)) fetchedByWorker.push(r.url()); });
  await page.evaluate(async () => { await navigator.serviceWorker.register('/sw.js?version=2'); });
  const prompt = page.getByText('Une nouvelle version de l’application est prête : elle sera utilisée à la prochaine ouverture.');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await shot(page, 'update-prompt-desktop');
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(true);
  expect(fetchedByWorker).toEqual([]);

  await page.getByRole('button', { name: 'Mettre à jour maintenant' }).click();
  // The waiting worker took SKIP_WAITING: it is active and controls the page. (For a new sw.js at the same URL,
  // workbox-window then reloads the page; it does not for a worker at another URL, as here.)
  await expect.poll(() => page.evaluate(async () => {
    const reg = (await navigator.serviceWorker.getRegistration())!;
    return { waiting: !!reg.waiting, active: reg.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
  }), { timeout: 30_000 }).toEqual({ waiting: false, active: `${baseURL}/sw.js?version=2`, controller: `${baseURL}/sw.js?version=2` });
});
