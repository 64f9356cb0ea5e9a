// Does one member's worst bulk request hold another member's read? (`npm run bench bulkHold`). On the embedded
// server over PGlite (in memory) and PostgreSQL (DATABASE_URL, or a throwaway one from Debian's binaries;
// BULK_HOLD_PG=0 / BULK_HOLD_PGLITE=0 skips one; a fresh database is made on that server for the run), seeded with BULK_HOLD_POINTS (default 10,000) points: member B's
// GET /rest/v1/teams through supabase-js, timed to its answer, (1) idle (the baseline, same process and server),
// (2) while member A's bulk_update_points of every point runs (the worst bulk request: 10,000 ids at their
// versions), (3) while A sends the same body again (refused with 429 when the first ran out of time). Ratios
// against the idle median. JSON in bench/results/bulkHold.json.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import pg from 'pg';
import { startServer, type RunningServer } from '../server/main';
import { startTempPostgres, type TempPostgres } from '../server/db/tempPostgres';
import { createInvitation } from '../test/server/testDatabase';
import { machineLoad, printTable, round, summarize, writeResults, type Summary } from './lib/stats';

const N = Number(process.env.BULK_HOLD_POINTS ?? 10_000);
const IDLE_SAMPLES = 30;
const PROBE_GAP_MS = 100;

async function member(s: RunningServer, email: string): Promise<SupabaseClient> {
  const c = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const invitation = await createInvitation(s.db, email);
  const up = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: invitation } } });
  if (up.error) throw up.error;
  const p = await c.rpc('create_profile', { user_id: up.data.user!.id, user_email: email, user_role: 'user' });
  if (p.error) throw p.error;
  return c;
}

async function teamsMs(c: SupabaseClient): Promise<number> {
  const t0 = performance.now();
  const { error } = await c.from('teams').select('id');
  if (error) throw error;
  return performance.now() - t0;
}

/** B's reads, one after another PROBE_GAP_MS apart, while `work` runs; returns its outcome and the reads. */
async function probeDuring(b: SupabaseClient, work: () => Promise<string>): Promise<{ outcome: string; workMs: number; reads: number[] }> {
  const reads: number[] = [];
  let done = false;
  const t0 = performance.now();
  const w = work().finally(() => { done = true; });
  const probes = (async () => {
    await new Promise((r) => setTimeout(r, 50));
    while (!done) {
      reads.push(await teamsMs(b));
      await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
    }
  })();
  const outcome = await w;
  const workMs = performance.now() - t0;
  await probes;
  return { outcome, workMs, reads };
}

async function run(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const s = await startServer({ memory: !databaseUrl, databaseUrl, port: 0, seed: 'none', jwtSecret: 'bulk-hold-bench-secret-0123456789-abcdef' });
  try {
    await member(s, 'admin@example.com');
    const a = await member(s, 'a@example.com');
    const b = await member(s, 'b@example.com');
    await s.db.admin.exec(`select set_config('realtime.capture_disabled', 'on', false);
      insert into public.points (name, position) select 'Lot ' || g, jsonb_build_object('x', g, 'y', 1) from generate_series(1, ${N}) g;
      analyze public.points;`);
    const rows: { id: string; updated_at: string }[] = [];
    for (let from = 0; rows.length < N; from += 1000) {
      const { data, error } = await a.from('points').select('id, updated_at').order('id').range(from, from + 999);
      if (error) throw error;
      rows.push(...data!);
      if (data!.length < 1000) break;
    }
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) { idle.push(await teamsMs(b)); await new Promise((r) => setTimeout(r, 20)); }
    const body = { p_changes: [{ set: { status: 'pris_en_charge' }, ids: rows.map((r) => r.id), versions: rows.map((r) => r.updated_at) }] };
    const bulk = async () => {
      const r = await a.rpc('bulk_update_points', body);
      return r.error ? `${r.status} ${r.error.code}` : `${r.status} ok`;
    };
    const first = await probeDuring(b, bulk);
    const again = await probeDuring(b, bulk);
    const idleS = summarize(idle);
    const row = (step: string, p: { outcome: string; workMs: number; reads: number[] }) => {
      const sum: Summary | null = p.reads.length ? summarize(p.reads) : null;
      return {
        database: kind, step, outcome: p.outcome, bulkMs: round(p.workMs, 0), reads: p.reads.length,
        readMaxMs: sum ? round(sum.max, 0) : null, readMedianMs: sum ? round(sum.median, 0) : null,
        maxVsIdle: sum ? round(sum.max / idleS.median, 1) : null,
      };
    };
    return {
      idle: { database: kind, step: 'idle', outcome: '-', bulkMs: 0, reads: idle.length, readMaxMs: round(idleS.max, 0), readMedianMs: round(idleS.median, 0), maxVsIdle: 1 },
      first: row('bulk of all points', first),
      again: row('same body again', again),
    };
  } finally {
    await s.close();
  }
}

const results: Record<string, unknown>[] = [];
if (process.env.BULK_HOLD_PGLITE !== '0') {
  const r = await run('pglite');
  results.push(r.idle, r.first, r.again);
}
if (process.env.BULK_HOLD_PG !== '0') {
  let temp: TempPostgres | null = null;
  const base = process.env.DATABASE_URL ?? (temp = await startTempPostgres()).url;
  // A fresh database on that server for this run, dropped after it.
  const name = `bulk_hold_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const r = await run('postgres', url.toString());
    results.push(r.idle, r.first, r.again);
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    temp?.stop();
  }
}
printTable(`Another member's GET /rest/v1/teams during a bulk_update_points of ${N} points (load ${machineLoad().load1})`, results);
console.log(`raw figures: ${writeResults('bulkHold', { points: N, machine: machineLoad(), results })}`);
