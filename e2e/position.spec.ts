// 'Me localiser' on a phone (docs/product.md#position) with Playwright's simulated position: the demo line L1 is
// seeded with its axes and anchors (supabase/seed/lineAxes.ts). Two tracks inside the uncertainty are asked, not
// guessed; walking along the line moves the dot; 'Signaler ici' saves a point whose PK is within 20 m of the
// expected one, with the fix kept; offline too (the axes come from the device's snapshot).
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { adminClient, PHONE, shot, signIn, uniq } from './appHelpers';
import { waitOfflineReady } from './offlineHelpers';
import { DEMO_ROUTES, demoLineGeometry } from '../supabase/seed/lineAxes';
import { demoMarkers } from '../supabase/seed/demo';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const markers = demoMarkers();
const line = demoLineGeometry(DEMO_ROUTES.L1, markers[0].value, markers[markers.length - 1].value);
const fixAt = (pk: number, track: 'voie_1' | 'voie_2' = 'voie_1', accuracy = 3) => {
  const p = line.at(pk, track);
  return { latitude: p.lat, longitude: p.lon, accuracy };
};

async function closeDrawer(page: Page): Promise<void> {
  if (await page.locator('.sidebar:not(.sidebar-closed)').count()) await page.keyboard.press('Escape');
  await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);
}

async function captureHere(page: Page, name: string): Promise<void> {
  await page.getByTestId('capture-here').click();
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('point-gnss')).toHaveText(/^Position GNSS : précision \d+ m, \d+ mesures?$/);
  await dialog.getByLabel('Libellé').fill(name);
  await dialog.getByLabel('Description').fill('Signalé depuis la position de l’agent.');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

test('walk along the demo line: the dot moves, the track is asked, Signaler ici saves the PK within 20 m, online and offline', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: fixAt(15, 'voie_1', 8) });
  const page = await ctx.newPage();
  await signIn(page);
  await waitOfflineReady(page);
  await closeDrawer(page);

  // Both tracks (4 m apart) lie within 8 m: a question, not a guess.
  await page.getByTestId('locate-button').click();
  const status = page.getByTestId('locate-status');
  await expect(status).toHaveText('Voie 1 ou Voie 2 ?', { timeout: 20_000 });
  await expect(page.getByTestId('capture-here')).toHaveCount(0);
  await page.getByRole('group', { name: 'Voie 1 ou Voie 2 ?' }).getByRole('button', { name: 'Voie 1' }).click();
  await expect(status).toHaveText(/^PK 15,00 ± 0,01 · Voie 1 · précision 8 m$/);
  const dot = page.getByTestId('position-dot');
  await expect(dot).toBeVisible();
  const x0 = Number(await dot.getAttribute('data-x'));
  await shot(page, 'phone-locate');

  // Walking 300 m down the line: the dot moves right on the image, the PK follows.
  for (const pk of [15.1, 15.2, 15.3]) await ctx.setGeolocation(fixAt(pk));
  await expect(status).toHaveText(/^PK 15,30 ± 0,01 · Voie 1 · précision 3 m$/);
  await expect.poll(async () => Number(await dot.getAttribute('data-x'))).toBeGreaterThan(x0 + 50);

  // 'Moyenner': the fixes of 5 s, the imprecise one dropped; the average is held until 'Suivre'.
  await page.getByRole('button', { name: 'Moyenner' }).click();
  const received = page.getByTestId('locate-averaging');
  await ctx.setGeolocation(fixAt(15.3, 'voie_1', 4));
  await expect(received).toContainText('1 position reçue');
  await ctx.setGeolocation({ ...fixAt(15.3), accuracy: 200 });
  await expect(received).toContainText('2 positions reçues');
  await ctx.setGeolocation(fixAt(15.31, 'voie_1', 4));
  await expect(received).toContainText('3 positions reçues');
  await expect(page.getByTestId('locate-average')).toHaveText('Moyenne de 2 positions (1 écartée)', { timeout: 10_000 });
  await expect(status).toHaveText(/^PK 15,3[01] ± 0,01 · Voie 1 · précision 4 m$/);
  await ctx.setGeolocation(fixAt(15.2));
  await expect(status).toHaveText(/^PK 15,3[01] /);
  await page.getByRole('button', { name: 'Suivre', exact: true }).click();
  await ctx.setGeolocation(fixAt(15.25));
  await expect(status).toHaveText(/^PK 15,25 /);

  // Far from every axis: said in metres, no report there.
  const far = line.at(15.3, 'voie_1', -340);
  await ctx.setGeolocation({ latitude: far.lat, longitude: far.lon, accuracy: 3 });
  await expect(status).toHaveText(/^Vous êtes à 3\d\d m de la ligne L1\.$/);
  // An imprecise fix is dropped with a word.
  await ctx.setGeolocation({ ...fixAt(15.3), accuracy: 200 });
  await expect(status).toHaveText('Position imprécise (200 m) : attendez un meilleur signal');

  const tag = `Ici ${uniq()}`;
  await ctx.setGeolocation(fixAt(15.42));
  await expect(status).toHaveText(/^PK 15,42 /);
  await captureHere(page, `${tag} en ligne`);
  const saved = async (name: string) => {
    const { data, error } = await db.from('points').select('km_value, gnss_lat, gnss_lon, gnss_accuracy_m, gnss_fixes, observed_at').eq('name', name).maybeSingle();
    expect(error).toBeNull();
    return data;
  };
  const online = await saved(`${tag} en ligne`);
  expect(online).not.toBeNull();
  expect(Math.abs(Number(online!.km_value) - 15.42)).toBeLessThanOrEqual(0.02);
  expect(online!.gnss_lat).toBeCloseTo(fixAt(15.42).latitude, 6);
  expect(online!.gnss_accuracy_m).toBe(3);
  expect(online!.gnss_fixes).toBe(1);

  // Offline: the same, from the device's snapshot; the point lands when the network returns.
  await ctx.setOffline(true);
  await ctx.setGeolocation(fixAt(16.05));
  await expect(status).toHaveText(/^PK 16,05 /);
  await captureHere(page, `${tag} hors ligne`);
  await shot(page, 'phone-locate-offline');
  await ctx.setOffline(false);
  await expect.poll(async () => (await saved(`${tag} hors ligne`))?.km_value ?? null, { timeout: 30_000 }).not.toBeNull();
  const offline = await saved(`${tag} hors ligne`);
  expect(Math.abs(Number(offline!.km_value) - 16.05)).toBeLessThanOrEqual(0.02);
  expect(offline!.gnss_lon).toBeCloseTo(fixAt(16.05).longitude, 6);
  await ctx.close();
});

test('a point shows the fix it was captured from, read-only; a point without one shows none', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const u = uniq();
  const add = async (name: string, gnss: Record<string, number>) => {
    const { data, error } = await db.from('points').insert({
      name, description: 'Créé par le test', km_value: 15.5, kilometer: '15.500', position: { x: 5000, y: 700 }, ...gnss,
    }).select('id').single();
    expect(error).toBeNull();
    return data!.id as string;
  };
  const withFix = await add(`Fix ${u}`, { gnss_lat: 48.85, gnss_lon: 2.35, gnss_accuracy_m: 9.2, gnss_fixes: 5 });
  const without = await add(`Sans fix ${u}`, {});
  await signIn(page);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await page.goto(`/?point=${withFix}`);
  await expect(dialog.getByLabel('Libellé')).toHaveValue(`Fix ${u}`, { timeout: 30_000 });
  await expect(dialog.getByTestId('point-gnss')).toHaveText('Position GNSS : précision 9 m, 5 mesures');
  await shot(page, 'phone-point-gnss');
  await page.goto(`/?point=${without}`);
  await expect(dialog.getByLabel('Libellé')).toHaveValue(`Sans fix ${u}`, { timeout: 30_000 });
  await expect(dialog.getByTestId('point-observed')).toBeVisible();
  await expect(dialog.getByTestId('point-gnss')).toHaveCount(0);
});
