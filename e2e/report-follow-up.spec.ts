// The route report's follow-up columns (docs/product.md#report-view) in Chromium: a team's member is assigned a
// late seeded report and one due later; the whole-line report has 'Assigné à' and 'Échéance' on screen (the column
// heads; the rows' cells read from the print body, which holds every row), and in the downloaded Word file (unzipped:
// the row's cells in the columns' order). Paper leaves the two columns out (src/styles/print.css).
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { SupabaseClient } from '@supabase/supabase-js';
import { teamMember } from './memberHelpers';
import { adminClient, DESKTOP, openWholeLineReport, shot, signIn, uniq, writeStated } from './appHelpers';

test.use({ viewport: DESKTOP, acceptDownloads: true });

const DAY_MS = 86_400_000;
const parisDue = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));

/** The texts of each table row of a WordprocessingML document (a cell's runs joined). */
const wordRows = (xml: string): string[][] => [...xml.matchAll(/<w:tr>([\s\S]*?)<\/w:tr>/g)].map((tr) =>
  [...tr[1].matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((tc) => [...tc[1].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')));
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

type Seeded = { id: string; name: string; team_id: string | null; due_at: string };

/** Two open seeded reports of the first line with a PK (the whole-line report holds them), one late, one due later. */
async function pick(db: SupabaseClient, line: string, late: boolean): Promise<Seeded> {
  const now = new Date().toISOString();
  let q = db.from('points').select('id, name, team_id, due_at').eq('line_id', line).neq('status', 'resolu').is('assignee_id', null)
    .not('km_value', 'is', null).not('due_at', 'is', null);
  // Late by at least a day and a half (a whole number of days that cannot change while the test runs).
  q = late ? q.lt('due_at', new Date(Date.now() - 1.5 * DAY_MS).toISOString()) : q.gt('due_at', now);
  const r = await q.order('id').limit(1).single();
  expect(r.error, late ? 'a late seeded report' : 'a seeded report due later').toBeNull();
  return r.data as Seeded;
}

async function reportCells(page: Page, name: string) {
  const row = page.locator('.report-print .report-row').filter({ has: page.locator('.report-label', { hasText: name }) }).first();
  return [await row.locator('.report-assignee').textContent(), await row.locator('.report-due').textContent()];
}

test('the route report and its Word file show the assignee and the due time', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = uniq();
  const team = await db.from('teams').insert({ name: `Équipe Rapport ${tag}` }).select('id').single();
  expect(team.error).toBeNull();
  const email = `agent.${tag}@rail.local`;
  const memberId = await teamMember(baseURL!, db, email, team.data!.id as string);
  const line = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
  const late = await pick(db, line, true);
  const due = await pick(db, line, false);
  // Named uniquely (the demo repeats names) while the test runs.
  const names = { late: `Rapport ${tag} en retard`, due: `Rapport ${tag} à échoir` };
  expect((await writeStated(db, 'points', 'id', late.id, { team_id: team.data!.id, assignee_id: memberId, name: names.late })).error).toBeNull();
  expect((await writeStated(db, 'points', 'id', due.id, { team_id: team.data!.id, assignee_id: memberId, name: names.due })).error).toBeNull();
  try {
    await signIn(page);
    const view = await openWholeLineReport(page);
    const started = Date.now();
    const lateText = `En retard de ${Math.floor((started - Date.parse(late.due_at)) / DAY_MS)} j`;

    // On screen: the column heads, in order after 'Équipe'.
    await expect(view.locator('.report-vhead').first().locator('[role=columnheader]')).toHaveText(['PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe',
      'Assigné à', 'Échéance', 'N° OT/Dépêche', 'Photo']);
    await shot(page, 'report-follow-up-columns');

    // The print body holds every row: the two assigned reports' cells (the same row component as the screen's table).
    await page.evaluate(() => { window.print = () => {}; });
    await view.getByRole('button', { name: 'Imprimer', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Imprimer le rapport' });
    await ask.getByRole('button', { name: 'Imprimer', exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(view.locator('.report-print .report-row').first()).toBeAttached({ timeout: 30_000 });
    await expect.poll(() => reportCells(page, names.late), { timeout: 30_000 }).toEqual([email, lateText]);
    expect(await reportCells(page, names.due)).toEqual([email, parisDue(due.due_at)]);
    await expect(view.locator('.report-print .report-row .report-late').first()).toBeAttached();
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // The Word file: the header row and the two rows' cells in the columns' order.
    const downloadPromise = page.waitForEvent('download', { timeout: 60_000 });
    await view.getByRole('button', { name: 'Télécharger Word' }).click();
    const download = await downloadPromise;
    const xml = strFromU8(unzipSync(new Uint8Array(readFileSync((await download.path())!)))['word/document.xml']);
    const rows = wordRows(xml);
    expect(rows.find((r) => r[0] === 'PK')).toEqual(['PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe', 'Assigné à', 'Échéance', 'N° OT/Dépêche']);
    const cells = (name: string) => rows.find((r) => r[1] === xmlEscape(name))?.slice(5, 8);
    expect(cells(names.late)).toEqual([`Équipe Rapport ${tag}`, email, lateText]);
    expect(cells(names.due)).toEqual([`Équipe Rapport ${tag}`, email, parisDue(due.due_at)]);
  } finally {
    for (const p of [late, due]) {
      expect((await writeStated(db, 'points', 'id', p.id, { team_id: p.team_id, assignee_id: null, name: p.name })).error).toBeNull();
    }
  }
});
