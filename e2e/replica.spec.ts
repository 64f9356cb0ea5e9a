// The local replica in Chromium: a warm open draws from IndexedDB and asks the server only for
// changes (every point-index call, point_index_bin, carries p_since); a change and a deletion made while the browser was closed show
// up; sign-out clears the replica; another user signing in on the same browser starts from an empty replica.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { adminClient, writeStated, DESKTOP, signIn, uniq, headerAction } from './appHelpers';
import { api } from './adminHelpers';

test.use({ viewport: DESKTOP });

interface ReplicaState { owner: string | null; count: number; details: number }

/** What the replica holds (without creating the database when it does not exist). */
function replicaState(page: Page): Promise<ReplicaState> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'signalements-replica')) return { owner: null, count: 0, details: 0 };
    return new Promise<ReplicaState>((resolve, reject) => {
      const req = indexedDB.open('signalements-replica');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction(['meta', 'index', 'details'], 'readonly');
        const owner = tx.objectStore('meta').get('owner');
        const index = tx.objectStore('index').getAll(); // one record per line opened (the demo: one line)
        const details = tx.objectStore('details').count();
        tx.oncomplete = () => {
          const count = (index.result as { count: number }[]).reduce((n, r) => n + (r?.count ?? 0), 0);
          resolve({ owner: (owner.result as string) ?? null, count, details: details.result }); db.close();
        };
      };
    });
  });
}

/** The point-index calls a page makes (point_index_bin, point_index_pages_bin; the worker's requests included), with their p_since. */
function recordIndexCalls(page: Page): { since: (string | null)[] } {
  const rec = { since: [] as (string | null)[] };
  page.context().on('request', (r) => {
    if (!r.url().includes('/rest/v1/rpc/point_index')) return;
    try { rec.since.push((JSON.parse(r.postData() ?? '{}') as { p_since?: string | null }).p_since ?? null); } catch { rec.since.push(null); }
  });
  return rec;
}

const row = (page: Page, name: string) => page.locator('.point-row').filter({ hasText: name });

test('replica: warm open asks only for changes, sees a change and a deletion made while closed; sign-out and another user clear it', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = uniq();
  const { data: made, error } = await db.from('points').insert([
    { name: `Réplique A ${tag}`, description: 'a', position: { x: 3000, y: 700 }, km_value: 14.2 },
    { name: `Réplique B ${tag}`, description: 'b', position: { x: 3100, y: 720 }, km_value: 14.3 },
  ]).select('id, name');
  expect(error).toBeNull();
  const [a, b] = made!;

  // Cold open: everything comes from the server, then the replica is written.
  const ctx = await browser.newContext({ viewport: DESKTOP });
  let page = await ctx.newPage();
  const cold = recordIndexCalls(page);
  await signIn(page);
  await expect(row(page, a.name)).toBeVisible({ timeout: 30_000 });
  await expect(row(page, b.name)).toBeVisible();
  expect(cold.since.some((s) => s === null)).toBe(true);
  await expect.poll(async () => (await replicaState(page)).count, { timeout: 20_000 }).toBeGreaterThan(100);
  const before = await replicaState(page);
  expect(before.details).toBeGreaterThan(0); // the visible rows' details were kept
  await page.close();

  // While the browser is closed: A changes, B is deleted.
  expect((await writeStated(db, 'points', 'id', a.id, { name: `Réplique A modifiée ${tag}`, status: 'pris_en_charge' })).error).toBeNull();
  expect((await db.from('points').delete().eq('id', b.id)).error).toBeNull();

  // Warm open: drawn from the replica, only changes asked (p_since on every call), the change and deletion applied.
  page = await ctx.newPage();
  const warm = recordIndexCalls(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 30_000 });
  await expect(row(page, `Réplique A modifiée ${tag}`)).toBeVisible({ timeout: 20_000 });
  await expect(row(page, `Réplique A modifiée ${tag}`)).toContainText('En cours');
  await expect(row(page, b.name)).toHaveCount(0);
  expect(warm.since.length).toBeGreaterThan(0);
  expect(warm.since.every((s) => s !== null)).toBe(true);
  await expect.poll(async () => (await replicaState(page)).count, { timeout: 20_000 }).toBe(before.count - 1);

  // Sign-out clears the replica.
  await headerAction(page, 'Déconnexion');
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => replicaState(page)).toEqual({ owner: null, count: 0, details: 0 });

  // The admin fills it again; then another user signs in on this browser (the session was lost, no sign-out):
  // the replica is the new user's, loaded cold from the server, never the admin's copy.
  await signIn(page);
  await expect.poll(async () => (await replicaState(page)).count, { timeout: 20_000 }).toBeGreaterThan(100);
  const adminOwner = (await replicaState(page)).owner;
  const email = `replique.${uniq()}@rail.local`;
  const { data: inv } = await db.rpc('invite_user', { email });
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon } = await api(baseURL!);
  expect((await anon.auth.signUp({ email, password: 'user-e2e-123', options: { data: { invitation_token: token } } })).error).toBeNull();
  await page.evaluate(() => localStorage.clear());
  const second = recordIndexCalls(page);
  await signIn(page, email, 'user-e2e-123');
  await expect(row(page, `Réplique A modifiée ${tag}`)).toBeVisible({ timeout: 30_000 });
  expect(second.since.some((s) => s === null)).toBe(true); // a cold load
  await expect.poll(async () => (await replicaState(page)).owner, { timeout: 20_000 }).not.toBe(adminOwner);
  expect((await replicaState(page)).owner).not.toBeNull();
  await ctx.close();
  await db.from('points').delete().eq('id', a.id);
});

/** Newest `savedAt` of the line records in the replica (0 when there is none). */
function recordSavedAt(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const req = indexedDB.open('signalements-replica');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('index')) { db.close(); resolve(0); return; }
      const all = db.transaction('index', 'readonly').objectStore('index').getAll();
      all.onsuccess = () => { resolve(Math.max(0, ...(all.result as { savedAt?: number }[]).map((r) => r?.savedAt ?? 0))); db.close(); };
      all.onerror = () => reject(all.error);
    };
  }));
}

test('replica: a catch-up that finds nothing leaves the line\'s record as written; a change rewrites it', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = uniq();
  const { data: made, error } = await db.from('points').insert({ name: `Réplique C ${tag}`, description: 'c', position: { x: 3200, y: 740 }, km_value: 14.4 }).select('id, name').single();
  expect(error).toBeNull();
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  const calls = recordIndexCalls(page);
  await signIn(page);
  await expect(row(page, made!.name)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => recordSavedAt(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => calls.since.filter((s) => s !== null).length, { timeout: 20_000 }).toBeGreaterThan(0); // the load's catch-up
  await page.waitForTimeout(1500);
  const written = await recordSavedAt(page);

  // Back online: every table read again, the points only since the cursor; nothing changed, so nothing is rewritten.
  const before = calls.since.length;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => calls.since.length, { timeout: 20_000 }).toBeGreaterThan(before);
  await page.waitForTimeout(4000); // past a save that would follow at once or after SAVE_DELAY_MS
  expect(await recordSavedAt(page)).toBe(written);

  // A change reaches the page: the record is written again.
  expect((await writeStated(db, 'points', 'id', made!.id, { status: 'pris_en_charge' })).error).toBeNull();
  await expect(row(page, made!.name)).toContainText('En cours', { timeout: 20_000 });
  await expect.poll(() => recordSavedAt(page), { timeout: 20_000 }).toBeGreaterThan(written);
  await ctx.close();
  await db.from('points').delete().eq('id', made!.id);
});
