// Live updates at 500 staff (`npm run bench realtime`): the embedded server on a throwaway PostgreSQL, N simulated
// subscribers (raw Phoenix websockets from this process, each a distinct signed-in member) and bursts of 200
// single-row inserts. Two ways, in the same run and on the same data:
//   postgres_changes: every change re-selected under each subscriber's claims (what Supabase measures at ~30/s);
//   broadcast: one private channel per subscriber on the line's topic, authorised once at join; each insert sends
//   one invalidation (migration 20261124120000_broadcast_invalidations.sql).
// Prints delivery latency (commit → frame received, every subscriber × change) p50/p95 and database CPU per change
// (utime+stime of every PostgreSQL backend, from /proc), with broadcast/postgres_changes ratios.
// The broadcast figures exclude the pull that follows (one sync request per client per burst, not per change).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startServer } from '../server/main';
import { startTempPostgres } from '../server/db/tempPostgres';
import { createUserWithProfile } from '../test/server/testDatabase';
import { printTable, round, summarize, writeResults } from './lib/stats';

const SUBSCRIBERS = Number(process.env.RT_BENCH_SUBSCRIBERS ?? 500);
const BURST = Number(process.env.RT_BENCH_BURST ?? 200);
const BURSTS = Number(process.env.RT_BENCH_BURSTS ?? 2);
const SECRET = 'realtime-bench-secret-0123456789abcdef-0123456789';
const TICKS_PER_S = 100; // Linux USER_HZ

/** CPU seconds used so far by every process of the PostgreSQL cluster (postmaster, its children, and those that exited). */
function postgresCpuS(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let stat: string;
    try { stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
    const ppid = Number(f[1]);
    if (Number(pid) === postmaster) {
      // utime, stime, and cutime, cstime: the backends that already exited (the postmaster reaped them)
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } else if (ppid === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / TICKS_PER_S;
}

interface Sub { ws: WebSocket; got: Map<string, number> }

async function connect(wsUrl: string, token: string, topic: string, config: Record<string, unknown>, onFrame: (f: unknown[], sub: Sub) => void): Promise<Sub> {
  const ws = new WebSocket(wsUrl);
  const sub: Sub = { ws, got: new Map() };
  await new Promise((ok, ko) => { ws.once('open', ok); ws.once('error', ko); });
  const joined = new Promise<void>((ok, ko) => {
    ws.on('message', (data) => {
      const f = JSON.parse(data.toString()) as unknown[];
      if (f[3] === 'phx_reply' && f[1] === '1') {
        const st = (f[4] as { status: string }).status;
        if (st === 'ok') ok(); else ko(new Error(`join refused: ${JSON.stringify(f[4])}`));
      } else onFrame(f, sub);
    });
  });
  ws.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config, access_token: token }]));
  await joined;
  return sub;
}

async function main() {
  const pg = await startTempPostgres();
  const dataDir = join(pg.dir, 'data');
  // Every simulated subscriber is on this one address: lift the per-address socket limit for the bench.
  const s = await startServer({ databaseUrl: pg.url, memory: true, seed: 'none', port: 0, jwtSecret: SECRET, realtimeLimits: { perAddress: SUBSCRIBERS + 10 } });
  const results: Record<string, unknown>[] = [];
  try {
    console.log(`${SUBSCRIBERS} members...`);
    const key = new TextEncoder().encode(SECRET);
    const tokens: string[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const email = `abonne${i}@bench.local`;
      const id = await createUserWithProfile(s.db, email, i === 0 ? 'admin' : 'user');
      const now = Math.floor(Date.now() / 1000);
      tokens.push(await new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated', email, iat: now, exp: now + 3600 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key));
    }
    const wsUrl = `${s.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${s.anonKey}&vsn=2.0.0`;
    let seq = 0;

    for (const mode of ['postgres_changes', 'broadcast'] as const) {
      // commit time per point id, filled as each insert returns
      const committed = new Map<string, number>();
      const onFrame = (f: unknown[], sub: Sub) => {
        const now = performance.now();
        if (f[3] === 'postgres_changes') {
          const id = ((f[4] as { data: { record: { id: string } } }).data.record).id;
          sub.got.set(id, now);
        } else if (f[3] === 'broadcast') {
          for (const r of ((f[4] as { payload: { rows: { id: string }[] } }).payload.rows)) sub.got.set(r.id, now);
        }
      };
      const config = mode === 'postgres_changes'
        ? { broadcast: { self: false }, presence: { key: '' }, postgres_changes: [{ event: '*', schema: 'public', table: 'points' }], private: false }
        : { broadcast: { self: false }, presence: { key: '' }, postgres_changes: [], private: true };
      const line = (await s.db.admin.query<{ id: string }>('select private.default_line_id()::text as id')).rows[0].id;
      const topic = mode === 'postgres_changes' ? 'bench-pc' : `line:${line}`;
      const t0 = performance.now();
      const subs: Sub[] = [];
      for (let i = 0; i < SUBSCRIBERS; i += 50) {
        subs.push(...await Promise.all(tokens.slice(i, i + 50).map((t) => connect(wsUrl, t, topic, config, onFrame))));
      }
      const joinMs = performance.now() - t0;

      for (let b = 0; b < BURSTS; b++) {
        const cpu0 = postgresCpuS(dataDir);
        const start = performance.now();
        const ids: string[] = [];
        await Promise.all(Array.from({ length: BURST }, async () => {
          const n = seq++;
          const r = await s.db.admin.query<{ id: string }>("insert into public.points (name, position) values ($1, jsonb_build_object('x', $2::int, 'y', 10)) returning id", [`Bench ${n}`, n]);
          committed.set(r.rows[0].id, performance.now());
          ids.push(r.rows[0].id);
        }));
        const expected = ids.length * subs.length;
        const received = () => subs.reduce((n, sub) => n + ids.filter((id) => sub.got.has(id)).length, 0);
        const deadline = performance.now() + 300_000;
        while (received() < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        const doneMs = performance.now() - start;
        await new Promise((r) => setTimeout(r, 300)); // let the database settle before reading its CPU
        const cpuS = postgresCpuS(dataDir) - cpu0;
        const lat: number[] = [];
        for (const sub of subs) for (const id of ids) { const at = sub.got.get(id); if (at !== undefined) lat.push(at - committed.get(id)!); }
        const sm = summarize(lat);
        results.push({
          mode, burst: b + 1, subscribers: subs.length, changes: ids.length, joinS: round(joinMs / 1000, 1),
          delivered: lat.length, lost: expected - lat.length, p50Ms: round(sm.median, 0), p95Ms: round(sm.p95, 0),
          burstDoneS: round(doneMs / 1000, 2), dbCpuMsPerChange: round((cpuS * 1000) / ids.length, 2),
        });
        console.log(JSON.stringify(results[results.length - 1]));
      }
      for (const sub of subs) sub.ws.terminate();
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await s.close();
    pg.stop();
  }
  printTable(`Live updates: ${SUBSCRIBERS} subscribers, bursts of ${BURST} inserts (PostgreSQL)`, results);
  // Medians over the complete bursts (every change delivered to every subscriber) of each way.
  const med = (mode: string, k: string) => summarize(results.filter((r) => r.mode === mode && r.lost === 0).map((r) => Number(r[k]))).median;
  const ratios = {
    p95: round(med('broadcast', 'p95Ms') / med('postgres_changes', 'p95Ms'), 3),
    dbCpuPerChange: round(med('broadcast', 'dbCpuMsPerChange') / med('postgres_changes', 'dbCpuMsPerChange'), 3),
  };
  console.log(`broadcast / postgres_changes (median of complete bursts): delivery p95 ×${ratios.p95}, database CPU per change ×${ratios.dbCpuPerChange}`);
  writeResults('realtime', { subscribers: SUBSCRIBERS, burst: BURST, results, ratios });
}

await main();
process.exit(0);
