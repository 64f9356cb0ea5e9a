// One write path (issue 25 item 2), in Chromium against the embedded server: an online edit and an online delete of
// one point are recorded in the outbox (IndexedDB 'rail-outbox') before their request leaves, and the request is the
// outbox replay's: only the changed fields, stated on the version the form opened (updated_at); the outbox is empty
// once the server answered.
import { test, expect, type Page, type Request } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, signIn, uniq } from './appHelpers';

let db: SupabaseClient;
test.beforeAll(async ({ baseURL }) => { db = await adminClient(baseURL!); });

interface StoredOp { kind: string; pointId: string; baseVersion?: string | null; patch?: Record<string, unknown> }

/** The outbox items stored on the device now (their ops). */
const storedOps = (page: Page): Promise<StoredOp[]> => page.evaluate(() => new Promise<StoredOp[]>((resolve) => {
  const req = indexedDB.open('rail-outbox');
  req.onsuccess = () => {
    const d = req.result;
    if (!d.objectStoreNames.contains('items')) { d.close(); resolve([]); return; }
    const all = d.transaction('items').objectStore('items').getAll();
    all.onsuccess = () => { d.close(); resolve(all.result.map((i: { op: StoredOp }) => i.op)); };
  };
  req.onerror = () => resolve([]);
}));

interface Seen { method: string; url: string; body: Record<string, unknown> | null; outbox: StoredOp[] }

/** Holds every write request on points until the outbox on the device has been read. */
async function watchWrites(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  await page.route(/\/rest\/v1\/points\?/, async (route) => {
    const r: Request = route.request();
    if (r.method() === 'GET' || r.method() === 'HEAD') return route.continue();
    seen.push({ method: r.method(), url: r.url(), body: r.postDataJSON() as Record<string, unknown> | null, outbox: await storedOps(page) });
    return route.continue();
  });
  return seen;
}

test('an online edit and delete go through the outbox: recorded first, sent at the form\'s version, then gone', async ({ browser }) => {
  const name = `Boîte d'envoi ${uniq()}`;
  const ins = await db.from('points').insert({ name, description: 'avant', kilometer: '12.50', km_value: 12.5, position: { x: 3000, y: 700 }, status: 'signale', criticality: 'attention' }).select('id, updated_at').single();
  if (ins.error) throw ins.error;
  const { id, updated_at: version } = ins.data as { id: string; updated_at: string };
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page);
  const seen = await watchWrites(page);

  await page.getByRole('button', { name: `Modifier ${name}` }).first().click({ timeout: 30_000 });
  const form = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(form.getByLabel('Libellé')).toHaveValue(name);
  await form.getByLabel('Description').fill('après, envoyé par la boîte d’envoi');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });

  const edits = seen.filter((s) => s.method === 'PATCH');
  expect(edits).toHaveLength(1);
  // only the changed field, stated on the version the form opened
  expect(edits[0].body).toEqual({ description: 'après, envoyé par la boîte d’envoi', updated_at: version });
  expect(edits[0].outbox).toEqual([expect.objectContaining({ kind: 'update', pointId: id, baseVersion: version, patch: { description: 'après, envoyé par la boîte d’envoi' } })]);
  await expect.poll(() => storedOps(page)).toEqual([]);
  expect((await db.from('points').select('description').eq('id', id).single()).data!.description).toBe('après, envoyé par la boîte d’envoi');

  await page.getByRole('button', { name: `Supprimer ${name}` }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  const deletes = seen.filter((s) => s.method === 'DELETE');
  expect(deletes).toHaveLength(1);
  expect(deletes[0].url).toContain(`id=eq.${id}`);
  expect(deletes[0].outbox).toEqual([expect.objectContaining({ kind: 'delete', pointId: id })]);
  await expect.poll(() => storedOps(page)).toEqual([]);
  expect((await db.from('points').select('id').eq('id', id)).data).toEqual([]);
  await page.context().close();
});
