// 'ici' in the search box (docs/product.md#position) with Playwright's simulated position on the demo line L1: the
// position button lists the unresolved anomalies within 200 m of the agent's PK, nearest first, on both tracks;
// farther or resolved ones are not listed; typing 'ici' does the same; a position far from the line is said.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';
import { DEMO_ROUTES, demoLineGeometry } from '../supabase/seed/lineAxes';
import { demoMarkers } from '../supabase/seed/demo';

const markers = demoMarkers();
const line = demoLineGeometry(DEMO_ROUTES.L1, markers[0].value, markers[markers.length - 1].value);
const fixAt = (pk: number, track: 'voie_1' | 'voie_2' = 'voie_1', accuracy = 3, offsetM = 0) => {
  const p = line.at(pk, track, offsetM);
  return { latitude: p.lat, longitude: p.lon, accuracy };
};
const search = (page: Page) => page.getByRole('combobox', { name: 'Rechercher un signalement ou un PK' });

test('the position button and ici list the anomalies within 200 m of the agent, on a phone and on a desktop', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const l1 = (await db.from('lines').select('id').eq('code', 'L1').single()).data!.id as string;
  const u = uniq();
  const add = async (name: string, km: number, status = 'signale') => {
    const { error } = await db.from('points').insert({
      name, description: 'Créé par le test', km_value: km, kilometer: km.toFixed(3), position: { x: 5000, y: 700 }, status, line_id: l1,
    });
    expect(error).toBeNull();
  };
  await add(`Ici proche ${u}`, 16.53);
  await add(`Ici bord ${u}`, 16.69);
  await add(`Ici loin ${u}`, 16.85);
  await add(`Ici résolu ${u}`, 16.5, 'resolu');

  // Phone: the search lives in the drawer; its position button asks the position then.
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: fixAt(16.5, 'voie_1', 8) });
  const page = await ctx.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Afficher la liste' }).click();
  await page.getByRole('button', { name: 'Anomalies autour de ma position' }).click();
  await expect(search(page)).toHaveValue('ici');
  await expect(page.getByTestId('search-here-title')).toHaveText(/^Anomalies à moins de 200 m · PK 16,5\d? · ligne L1$/, { timeout: 20_000 });
  const mine = page.getByRole('option', { name: new RegExp(`Ici \\S+ ${u}`) });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText(`Ici proche ${u}`);
  await expect(mine.nth(1)).toContainText(`Ici bord ${u}`);
  await shot(page, 'phone-search-here');
  await mine.nth(0).click();
  await expect(page.getByRole('dialog', { name: "Signalement d'anomalie" }).getByLabel('Libellé')).toHaveValue(`Ici proche ${u}`);
  await ctx.close();

  // Desktop: typing 'ici'; 340 m off the line, it says so instead of listing.
  const desk = await browser.newContext({ viewport: DESKTOP, permissions: ['geolocation'], geolocation: fixAt(16.5, 'voie_1', 3, -340) });
  const dpage = await desk.newPage();
  await signIn(dpage);
  await search(dpage).fill('ici');
  await expect(dpage.locator('.search-status')).toHaveText(/^Vous êtes à 3\d\d m de la ligne L1\.$/, { timeout: 20_000 });
  await expect(dpage.getByRole('option')).toHaveCount(0);
  await desk.setGeolocation(fixAt(16.75, 'voie_2'));
  await search(dpage).fill('');
  await dpage.getByRole('button', { name: 'Anomalies autour de ma position' }).click();
  await expect(dpage.getByTestId('search-here-title')).toHaveText(/PK 16,75/, { timeout: 20_000 });
  const near = dpage.getByRole('option', { name: new RegExp(`Ici \\S+ ${u}`) });
  await expect(near).toHaveCount(2);
  await expect(near.nth(0)).toContainText(`Ici bord ${u}`); // 60 m
  await expect(near.nth(1)).toContainText(`Ici loin ${u}`); // 100 m
  await shot(dpage, 'desktop-search-here');
  await desk.close();
});
