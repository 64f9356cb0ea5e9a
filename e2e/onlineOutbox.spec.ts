// One write path, in Chromium against the embedded server: an online edit and an online delete of
// one point are recorded in the outbox (IndexedDB 'rail-outbox') before their request leaves, and the request is the
// outbox replay's: only the changed fields, stated on the version the form opened (updated_at); the outbox is empty
// once the server answered.
import { expect, type Page, type Request } from '@playwright/test';
import { test } from './support/test';
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

/** Every text added to the page from now on (toasts are short-lived). */
const collectTexts = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { __texts: string[] };
  w.__texts = [];
  new MutationObserver((list) => { for (const m of list) for (const n of m.addedNodes) w.__texts.push(n.textContent ?? ''); })
    .observe(document.body, { childList: true, subtree: true });
});
const textsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __texts: string[] }).__texts.join('\n'));

async function seedPoint(name: string): Promise<string> {
  const ins = await db.from('points').insert({ name, description: 'avant', kilometer: '12.60', km_value: 12.6, position: { x: 3050, y: 700 }, status: 'signale', criticality: 'attention' }).select('id').single();
  if (ins.error) throw ins.error;
  return (ins.data as { id: string }).id;
}

test('a slow server: the form closes after its wait, the change lands, and a second edit made meanwhile meets no false conflict', async ({ browser }) => {
  test.setTimeout(150_000);
  const name = `Serveur lent ${uniq()}`;
  const id = await seedPoint(name);
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.clock.install(); // the page's clock runs as usual; the test moves it on by the form's 15 s wait
  await signIn(page);
  // The first write on points is held until the test lets it go, after the form has stopped waiting for it.
  let held = 0;
  let letGo!: () => void;
  const released = new Promise<void>((r) => { letGo = r; });
  let onHold!: () => void;
  const holding = new Promise<void>((r) => { onHold = r; });
  await page.route(/\/rest\/v1\/points\?/, async (route) => {
    if (route.request().method() === 'PATCH' && held++ === 0) { onHold(); await released; }
    return route.continue();
  });
  await collectTexts(page);
  const form = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  const conflict = page.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });

  await page.getByRole('button', { name: `Modifier ${name}` }).first().click({ timeout: 30_000 });
  await form.getByLabel('Description').fill('première modification, serveur lent');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await holding; // the change is on its way and the form's wait has begun
  await expect(form).toBeVisible();
  await page.clock.fastForward(15_000);
  await expect(form).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => textsSeen(page)).toContain('Enregistré sur l’appareil : le serveur tarde à répondre, envoi en cours');
  // Opened again while the first change is still on its way: the form shows it (the device's version).
  await page.getByRole('button', { name: `Modifier ${name}` }).first().click();
  await expect(form.getByLabel('Description')).toHaveValue('première modification, serveur lent');
  letGo();
  await expect.poll(() => storedOps(page), { timeout: 30_000 }).toEqual([]); // the first change landed meanwhile
  await form.getByLabel('N° OT/Dépêche').fill('OT-LENT-2');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(conflict).toHaveCount(0);
  expect(await textsSeen(page)).not.toContain('Modifié par un autre utilisateur');
  await expect.poll(() => storedOps(page)).toEqual([]);
  const row = (await db.from('points').select('description, ticket_number').eq('id', id).single()).data!;
  expect(row).toEqual({ description: 'première modification, serveur lent', ticket_number: 'OT-LENT-2' });
  await page.context().close();
  await db.from('points').delete().eq('id', id);
});

test('a send cut by the network (the server applied it, the answer was lost): kept queued with a French message, then sent once, no conflict', async ({ browser }) => {
  test.setTimeout(150_000);
  const name = `Réseau coupé ${uniq()}`;
  const id = await seedPoint(name);
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  // The page's clock runs as usual; the test moves it on by the outbox's 30 s instead of waiting for them.
  await page.clock.install();
  await signIn(page);
  // The first edit reaches the server, then the connection drops before its answer; the first delete never leaves.
  let patches = 0, deletes = 0;
  await page.route(/\/rest\/v1\/points\?/, async (route) => {
    const m = route.request().method();
    if (m === 'PATCH' && patches++ === 0) { await route.fetch(); return route.abort('failed'); }
    if (m === 'DELETE' && deletes++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await collectTexts(page);
  const form = page.getByRole('dialog', { name: "Signalement d'anomalie" });

  await page.getByRole('button', { name: `Modifier ${name}` }).first().click({ timeout: 30_000 });
  await form.getByLabel('Description').fill('envoyée, réponse perdue');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => textsSeen(page)).toContain('Enregistré sur l’appareil, envoi dès le retour du réseau');
  expect(await storedOps(page)).toEqual([expect.objectContaining({ kind: 'update', pointId: id })]);
  // The outbox looks again by itself (every 30 s while it waits): sent once more, recognised as already applied.
  await page.clock.fastForward(30_000);
  await expect.poll(() => storedOps(page), { timeout: 20_000 }).toEqual([]);
  expect(patches).toBeGreaterThanOrEqual(1);
  expect(await textsSeen(page)).not.toContain('Modifié par un autre utilisateur');
  expect((await db.from('points').select('description').eq('id', id).single()).data!.description).toBe('envoyée, réponse perdue');

  await page.getByRole('button', { name: `Supprimer ${name}` }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => textsSeen(page)).toContain('Suppression enregistrée sur l’appareil, envoi dès le retour du réseau');
  expect(await storedOps(page)).toEqual([expect.objectContaining({ kind: 'delete', pointId: id })]);
  await page.clock.fastForward(30_000);
  await expect.poll(() => storedOps(page), { timeout: 20_000 }).toEqual([]);
  expect((await db.from('points').select('id').eq('id', id)).data).toEqual([]);
  await page.context().close();
});
