// Paramètres tab, position accuracy threshold (docs/product.md#position), desktop: out-of-bounds values refused with
// a French message; 5 m saved makes 'Me localiser' drop an 8 m fix at once; 50 m back accepts it.
import { test, expect } from '@playwright/test';
import { adminClient, DESKTOP, shot } from './appHelpers';
import { closePanel, login, openPanel } from './adminHelpers';
import { DEMO_ROUTES, demoLineGeometry } from '../supabase/seed/lineAxes';
import { demoMarkers } from '../supabase/seed/demo';

const markers = demoMarkers();
const line = demoLineGeometry(DEMO_ROUTES.L1, markers[0].value, markers[markers.length - 1].value);
const at = line.at(15.5, 'voie_1');
test.use({ viewport: DESKTOP, permissions: ['geolocation'], geolocation: { latitude: at.lat, longitude: at.lon, accuracy: 8 } });

test('the accuracy threshold: bounds, saved, used by Me localiser', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const stored = async () => (await db.from('app_settings').select('value').eq('key', 'position_max_accuracy_m').maybeSingle()).data?.value ?? null;
  try {
    await login(page);
    let panel = await openPanel(page, 'Paramètres');
    const field = panel.getByLabel('Incertitude maximale acceptée pour la position (mètres)');
    await expect(field).toHaveValue('50');
    const save = panel.getByRole('form', { name: 'Position sur la ligne' }).getByRole('button', { name: 'Enregistrer la précision' });
    for (const bad of ['600', '4', '12,5', '']) {
      await field.fill(bad);
      await expect(panel.getByText('Saisissez un nombre entier de mètres entre 5 et 500.')).toBeVisible();
      await expect(save).toBeDisabled();
    }
    await field.fill('5');
    await save.click();
    await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
    await expect.poll(stored).toBe('5');
    await shot(page, 'admin-position-accuracy');
    await closePanel(page);

    await page.getByTestId('locate-button').click();
    const status = page.getByTestId('locate-status');
    await expect(status).toHaveText('Position imprécise (8 m) : attendez un meilleur signal', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Arrêter' }).click();

    panel = await openPanel(page, 'Paramètres');
    await panel.getByLabel('Incertitude maximale acceptée pour la position (mètres)').fill('50');
    await panel.getByRole('form', { name: 'Position sur la ligne' }).getByRole('button', { name: 'Enregistrer la précision' }).click();
    await expect.poll(stored).toBe('50');
    await closePanel(page);
    await page.getByTestId('locate-button').click();
    await expect(status).not.toHaveText(/imprécise/, { timeout: 20_000 });
    await expect(status).toHaveText(/^(Voie 1 ou Voie 2 \?|PK 15,50 )/);
  } finally {
    await db.from('app_settings').delete().eq('key', 'position_max_accuracy_m');
  }
});
