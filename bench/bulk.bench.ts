// Bulk change of 10,000 points (issue 24, docs/product.md#bulk-changes), on the embedded server (PGlite; DATABASE_URL
// for PostgreSQL) seeded with the demo and BULK_POINTS (default 10,000) extra points:
//   1. API: rpc('bulk_update_points') of 10,000 rows at their versions through supabase-js, against, in the same
//      run, (a) the same rows changed by one plain SQL UPDATE on the database (the floor: same triggers, no version
//      check, no HTTP) and (b) the per-point requests the app made before (one PATCH each, measured on 200, scaled).
//   2. Page: the built app in Chromium, 'Tout sélectionner (10 000)' then 'Statut' → 'En cours': time until
//      '10 000 signalement(s) modifié(s).' and the longest main-thread task meanwhile (target: none over 50 ms),
//      against the longest task of the same page idle for as long (the baseline).
// JSON in bench/results/bulk.json. Needs `npx vite build` first.
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/main';
import { addExtraPoints } from '../supabase/seed/demo';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { printTable, round, summarize, writeResults } from './lib/stats';

const N = Number(process.env.BULK_POINTS ?? 10_000);
const SINGLE_SAMPLE = 200;
const RUNS = Number(process.env.BULK_RUNS ?? 3);
const LONG_TASK_TARGET_MS = 50;

const dataDir = mkdtempSync(join(tmpdir(), 'rail-bulk-bench-'));
const s = await startServer({ dataDir, port: 0, seed: 'demo', databaseUrl: process.env.DATABASE_URL, adminPassword: 'bulk-bench-123' });
try {
  await addExtraPoints(s.db, N);
  // Exactly N unresolved points: the 'Tous' list then holds them all.
  await s.db.admin.exec(`update public.points set status = 'resolu';
    update public.points set status = 'signale' where id in (select id from public.points order by id limit ${N}); analyze public.points`);
  const supabase = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await supabase.auth.signInWithPassword({ email: s.seeded!.adminEmail, password: 'bulk-bench-123' });
  if (error) throw error;

  const readRows = async () => {
    const rows: { id: string; updated_at: string }[] = [];
    for (let from = 0; ; from += 1000) {
      const r = await supabase.from('points').select('id, updated_at').neq('status', 'resolu').order('id').range(from, from + 999);
      if (r.error) throw r.error;
      rows.push(...r.data);
      if (r.data.length < 1000) return rows;
    }
  };

  // ---- 1. API ---------------------------------------------------------------------------------------------
  let rows = await readRows();
  const ids = rows.map((r) => r.id);
  const rpcMs: number[] = [];
  const floorMs: number[] = [];
  let status = 'pris_en_charge';
  let versions: (string | number)[] = rows.map((r) => Date.parse(r.updated_at));
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const res = await supabase.rpc('bulk_update_points', { p_changes: [{ set: { status }, ids, versions }] });
    rpcMs.push(performance.now() - t);
    if (res.error) throw res.error;
    const out = res.data as { updated: [string, string][] };
    if (out.updated.length !== N) throw new Error(`expected ${N} rows written, got ${out.updated.length}`);
    status = status === 'pris_en_charge' ? 'signale' : 'pris_en_charge';
    t = performance.now();
    await s.db.admin.query('update public.points set status = $1 where id = any($2::uuid[])', [status, ids]);
    floorMs.push(performance.now() - t);
    status = status === 'pris_en_charge' ? 'signale' : 'pris_en_charge';
    const fresh = new Map((await readRows()).map((r) => [r.id, r.updated_at]));
    versions = ids.map((id) => fresh.get(id)!);
  }
  rows = await readRows();
  const singleMs: number[] = [];
  for (const r of rows.slice(0, SINGLE_SAMPLE)) {
    const t = performance.now();
    const u = await supabase.from('points').update({ criticality: 'danger', updated_at: r.updated_at }).eq('id', r.id).select('updated_at').single();
    singleMs.push(performance.now() - t);
    if (u.error) throw u.error;
  }
  const rpc = summarize(rpcMs);
  const floor = summarize(floorMs);
  const singles = summarize(singleMs);
  const singlesFor10k = singles.mean * N;
  printTable(`bulk change of ${N} points (${s.db.kind}), ms`, [
    { variant: 'rpc bulk_update_points (1 request)', ...rpc },
    { variant: 'baseline: plain SQL UPDATE (same triggers)', ...floor },
    { variant: `baseline: one PATCH per point (${SINGLE_SAMPLE} measured)`, ...singles },
  ]);
  console.log(`rpc / plain SQL = ${round(rpc.median / floor.median, 2)}×; ${N} single PATCHes ≈ ${round(singlesFor10k / 1000, 1)} s = ${round(singlesFor10k / rpc.median, 1)}× the rpc`);

  // ---- 2. Page ----------------------------------------------------------------------------------------------
  await s.db.admin.exec(`update public.points set status = 'signale', criticality = 'attention' where id = any(array[${ids.map((i) => `'${i}'`).join(',')}]::uuid[])`);
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  let page: Record<string, number> = {};
  try {
    const p = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' })).newPage();
    await p.addInitScript(() => {
      const w = window as unknown as { __tasks: { start: number; duration: number }[] };
      w.__tasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
    });
    await p.goto(s.url);
    await p.getByLabel('Email', { exact: true }).fill(s.seeded!.adminEmail);
    await p.getByLabel('Mot de passe', { exact: true }).fill('bulk-bench-123');
    await p.getByRole('button', { name: 'Se connecter' }).click();
    const selectAll = p.getByRole('button', { name: `Tout sélectionner (${N.toLocaleString('fr-FR')})` });
    await selectAll.waitFor({ timeout: 300_000 });
    await p.waitForTimeout(3000); // settle the first load
    const maxTask = (from: number, to: number) => p.evaluate(([a, b]) => Math.max(0, ...(window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks
      .filter((t) => t.start >= a && t.start <= b).map((t) => t.duration)), [from, to]);
    const now = () => p.evaluate(() => performance.now());

    const idleFrom = await now();
    await p.waitForTimeout(2000);
    const idleMax = await maxTask(idleFrom, await now());

    const t0 = await now();
    await selectAll.click();
    await p.getByText(`${N.toLocaleString('fr-FR')} sélectionnés`).waitFor();
    const selectMs = (await now()) - t0;
    const selectMax = await maxTask(t0, await now());

    const bar = p.getByRole('region', { name: 'Actions sur la sélection' });
    const t1 = await now();
    await bar.getByLabel('Statut').selectOption('pris_en_charge', { timeout: 120_000 });
    await bar.getByText(`${N.toLocaleString('fr-FR')} signalement(s) modifié(s).`).waitFor({ timeout: 120_000 });
    const t2 = await now();
    await p.waitForTimeout(1500); // the realtime echo of the 10,000 rows arrives after the answer
    const batchMax = await maxTask(t1, await now());
    page = { selectAllMs: round(selectMs, 0), selectAllLongestTaskMs: round(selectMax, 0), batchMs: round(t2 - t1, 0), batchLongestTaskMs: round(batchMax, 0), idleLongestTaskMs: round(idleMax, 0) };
    printTable(`page: ${N} points in Chromium`, [
      { step: "'Tout sélectionner'", ms: page.selectAllMs, longestTaskMs: page.selectAllLongestTaskMs },
      { step: "'Statut' → answer shown (+1.5 s of realtime echo)", ms: page.batchMs, longestTaskMs: page.batchLongestTaskMs },
      { step: 'baseline: the same page idle 2 s', ms: 2000, longestTaskMs: page.idleLongestTaskMs },
    ]);
    console.log(`longest task during the batch ${page.batchLongestTaskMs} ms (target ≤ ${LONG_TASK_TARGET_MS} ms: ${page.batchLongestTaskMs <= LONG_TASK_TARGET_MS ? 'met' : 'MISSED'}); page batch / API rpc = ${round(page.batchMs / rpc.median, 2)}×`);
  } finally {
    await browser.close();
  }
  const path = writeResults(s.db.kind === 'pglite' ? 'bulk' : 'bulk-postgres', {
    points: N, database: s.db.kind, rpc, plainSqlFloor: floor, singlePatch: singles, singlesFor10kMs: round(singlesFor10k, 0),
    ratioRpcToFloor: round(rpc.median / floor.median, 2), ratioSinglesToRpc: round(singlesFor10k / rpc.median, 1), page, longTaskTargetMs: LONG_TASK_TARGET_MS,
  });
  console.log(`raw figures: ${path}`);
} finally {
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
}
