// Backup cost on a running PGlite server (`npm run bench backup`; BENCH_POINTS extra points, default 20000): how
// long `backup()` takes, and how much it stalls writes — the latency of single-point inserts through supabase-js
// while a backup runs, as a ratio to the same inserts with no backup (same run). Also the row counting done at
// each clean stop and start (server/ops/cleanShutdown.ts) against a `select 1` round trip. JSON in bench/results/backup.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer } from '../server/main';
import { backup } from '../server/ops/backup';
import { countRows } from '../server/ops/rowCounts';
import { addExtraPoints } from '../supabase/seed/demo';
import { machineLoad, printTable, round, summarize, writeResults } from './lib/stats';

const EXTRA_POINTS = Number(process.env.BENCH_POINTS ?? 20_000);
const IDLE_INSERTS = 40;

const root = mkdtempSync(join(tmpdir(), 'rail-bench-backup-'));
try {
  const dataDir = join(root, 'data');
  const s = await startServer({ dataDir, port: 0, seed: 'demo' });
  await addExtraPoints(s.db, EXTRA_POINTS);
  const c = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await c.auth.signInWithPassword({ email: s.seeded!.adminEmail, password: s.seeded!.adminPassword! });
  if (error) throw error;
  let n = 0;
  const insert = async () => {
    const t = performance.now();
    const r = await c.from('points').insert({ name: `Bench ${n++}`, position: { x: n, y: n } });
    if (r.error) throw r.error;
    return performance.now() - t;
  };

  for (let i = 0; i < 5; i++) await insert(); // warm-up
  const idle: number[] = [];
  for (let i = 0; i < IDLE_INSERTS; i++) idle.push(await insert());

  const during: number[] = [];
  let running = true;
  const writer = (async () => { while (running) during.push(await insert()); })();
  const t0 = performance.now();
  const manifest = await backup(join(root, 'b.tar'), { dataDir });
  const backupMs = performance.now() - t0;
  running = false;
  await writer;

  const select1: number[] = [];
  const counting: number[] = [];
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    await s.db.admin.query('select 1');
    select1.push(performance.now() - t);
    t = performance.now();
    await countRows(s.db.admin);
    counting.push(performance.now() - t);
  }
  await s.close();

  const idleS = summarize(idle);
  const duringS = summarize(during);
  const rows = [
    { measure: 'insert, no backup (ms)', median: round(idleS.median), p95: round(idleS.p95), max: round(idleS.max), ratio: 1 },
    { measure: 'insert during backup (ms)', median: round(duringS.median), p95: round(duringS.p95), max: round(duringS.max), ratio: round(duringS.max / idleS.median) },
    { measure: 'whole backup (ms)', median: round(backupMs), p95: '', max: '', ratio: round(backupMs / idleS.median) },
    { measure: 'select 1 (ms)', median: round(summarize(select1).median), p95: '', max: '', ratio: 1 },
    { measure: 'row counts of every table (ms)', median: round(summarize(counting).median), p95: '', max: '', ratio: round(summarize(counting).median / summarize(select1).median) },
  ];
  printTable(`backup of ${manifest.rowCounts['public.points']} points, ${manifest.storage.files} files (ratio: max insert during backup / median idle insert)`, rows);
  writeResults('backup', { points: manifest.rowCounts['public.points'], backupMs, idle: idleS, during: duringS, inserts_during: during.length, select1, counting, load: machineLoad() });
} finally {
  rmSync(root, { recursive: true, force: true });
}
