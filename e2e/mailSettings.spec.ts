// The e-mail side of the administration (docs/product.md#settings): without SMTP_URL (the e2e server has none) the
// Paramètres tab says that no e-mail is sent and names the variable; the daily digest's hour is set there (desktop),
// kept by the database (mail_status) and shown again on a phone.
import { expect } from '@playwright/test';
import { test } from './support/test';
import { openPanel } from './adminHelpers';
import { adminClient, DESKTOP, headerAction, PHONE, shot, signIn } from './appHelpers';

const LABEL = 'Heure d’envoi du résumé quotidien (heure de Paris)';

test('e-mail off is said; the digest hour is set by the admin and kept', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  try {
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(page);
    const panel = await openPanel(page, 'Paramètres');
    await expect(panel.getByTestId('mail-status')).toContainText('sans serveur SMTP (variable SMTP_URL du serveur), aucun e-mail n\'est envoyé');
    const hour = panel.getByLabel(LABEL);
    await expect(hour).toHaveValue('7');
    await expect(panel.getByText('Sans effet tant que l’envoi d’e-mails est désactivé.')).toBeVisible();
    await hour.selectOption({ label: '18 h' });
    await panel.getByRole('button', { name: 'Enregistrer l’heure' }).click();
    await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
    expect((await db.rpc('mail_status')).data).toEqual({ enabled: false, digest_hour: 18 });
    await hour.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-digest-hour');

    const phone = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await signIn(phone);
    await headerAction(phone, 'Administration');
    const phonePanel = phone.getByRole('dialog', { name: 'Administration' });
    await phonePanel.getByRole('tab', { name: 'Paramètres', exact: true }).click();
    await expect(phonePanel.getByLabel(LABEL)).toHaveValue('18');
    await expect(phonePanel.getByTestId('mail-status')).toContainText('SMTP_URL');
    await phonePanel.getByLabel(LABEL).scrollIntoViewIfNeeded();
    await shot(phone, 'phone-digest-hour');
  } finally {
    expect((await db.rpc('set_digest_hour', { p_hour: 7 })).error).toBeNull();
  }
});
