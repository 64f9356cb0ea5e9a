// Audit insert bench (`npm run bench auditInsert`): what the audit log adds to a bulk insert of points (an
// import through the API is one INSERT of many rows; every other trigger stays on). The same inserts of
// AUDIT_BENCH_ROWS points in statements of 1,000 rows, with the audit trigger `audit_inserts` on and off,
// alternated over AUDIT_BENCH_RUNS rounds, each in a transaction rolled back (the tables do not grow between runs);
// on PGlite and on PostgreSQL (DATABASE_URL, or a throwaway one; AUDIT_BENCH_PG=0 skips it). Target: ≤ 1.3×.
// On PostgreSQL also the backend process's CPU time (/proc), which the other processes of a shared machine do
// not inflate; the verdict uses it there. AUDIT_BENCH_PGLITE=0 skips PGlite. AUDIT_BENCH_BREAKDOWN=1 also measures,
// in the same rounds, the audit with the dashboard feed trigger on audit_log disabled, with audit_log's secondary
// indexes dropped, and with both (dropped in the rolled-back transaction): what of the cost each part is. Since
// 20261201100000_audit_feed_reports_typed.sql the reported points' states of an insert are fed by private.audit_rows
// itself, not by that trigger: 'no feed' no longer leaves them out (this bench's inserts log nothing else).
// AUDIT_BENCH_BEFORE=1 also measures, in the same rounds, the audit as it was before
// 20261201100000_audit_feed_reports_typed.sql (private.audit_rows, the feed on audit_log and the open counts' trigger
// function as the migrations before it left them, replayed in the rolled-back transaction).
// JSON in bench/results/auditInsert.json.
import { readFileSync } from 'node:fs';
import { startServer, type RunningServer } from '../server/main';
import { startTempPostgres, type TempPostgres } from '../server/db/tempPostgres';
import { machineLoad, printTable, round, summarize, writeResults } from './lib/stats';

const ROWS = Number(process.env.AUDIT_BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.AUDIT_BENCH_RUNS ?? 5);
const BATCH = 1000;
const TARGET = 1.3;

const INSERT = `insert into public.points (name, description, kilometer, km_value, "position", status, criticality, ticket_number, line_id)
  select 'Import ' || g, 'Ligne importée n° ' || g || ' : fissure constatée sur le rail, à surveiller.', to_char(12 + g / 1000.0, 'FM990.00'),
         12 + g / 1000.0, jsonb_build_object('x', 1000 + g % 10000, 'y', 600 + g % 300), 'signale', 'attention', 'OT-' || g,
         private.default_line_id()
    from generate_series($1::int, $2::int) g`;

/** CPU time (ms) used so far by a PostgreSQL backend process (Linux /proc; 10 ms ticks), or NaN. */
function backendCpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 1000 / TICKS_PER_SECOND;
  } catch { return NaN; }
}
const TICKS_PER_SECOND = 100;

/** What is on during the inserts: the audit trigger, and in the breakdown the feed trigger and audit_log's indexes. */
type Variant = 'off' | 'on' | 'on, no feed' | 'on, no indexes' | 'on, no feed, no indexes' | 'on, before 20261201100000';
const BREAKDOWN = process.env.AUDIT_BENCH_BREAKDOWN === '1';
const BEFORE = process.env.AUDIT_BENCH_BEFORE === '1';
const VARIANTS: Variant[] = [...(BREAKDOWN ? ['on', 'off', 'on, no feed', 'on, no indexes', 'on, no feed, no indexes'] as Variant[] : ['on', 'off'] as Variant[]),
  ...(BEFORE ? ['on, before 20261201100000'] as Variant[] : [])];

/** A function's `create or replace` statement as a migration file left it. */
function definitionIn(file: string, fn: string): string {
  const sql = readFileSync(new URL(`../supabase/migrations/${file}`, import.meta.url), 'utf8');
  const at = sql.indexOf(`create or replace function ${fn}()`);
  if (at < 0) throw new Error(`${fn} not in ${file}`);
  return sql.slice(at, sql.indexOf('end $$;', at) + 'end $$;'.length);
}
const OLD_DEFINITIONS = BEFORE ? [definitionIn('20261130130000_audit_insert_lighter.sql', 'private.audit_rows'),
  definitionIn('20261128140000_feed_reports_direct.sql', 'private.audit_log_feed_point_states'),
  definitionIn('20261129160000_dashboard_open_days.sql', 'private.point_open_counts_apply')] : [];

/** Wall time of the inserts, and on PostgreSQL the backend's CPU time for them (not inflated by other processes). */
async function insertMs(s: RunningServer, variant: Variant): Promise<{ ms: number; cpu: number }> {
  let ms = 0, cpu = NaN;
  await s.db.admin.transaction(async (tx) => {
    await tx.query("select set_config('realtime.capture_disabled', 'on', true)");
    if (variant === 'off') await tx.query('alter table public.points disable trigger audit_inserts');
    if (variant.includes('no feed')) await tx.query('alter table public.audit_log disable trigger feed_point_states');
    if (variant.includes('before')) for (const def of OLD_DEFINITIONS) await tx.query(def);
    if (variant.includes('no indexes')) await tx.query('drop index public.audit_log_row_idx, public.audit_log_at_idx, public.audit_log_actor_idx');
    const pid = s.db.kind === 'postgres' ? (await tx.query<{ p: number }>('select pg_backend_pid() as p')).rows[0].p : 0;
    const c0 = pid ? backendCpuMs(pid) : NaN;
    const t = performance.now();
    for (let i = 0; i < ROWS; i += BATCH) await tx.query(INSERT, [i + 1, Math.min(ROWS, i + BATCH)]);
    ms = performance.now() - t;
    if (pid) cpu = backendCpuMs(pid) - c0;
    throw new Error('rollback');
  }).catch((e: Error) => { if (e.message !== 'rollback') throw e; });
  return { ms, cpu };
}

async function measure(s: RunningServer) {
  for (const v of VARIANTS) await insertMs(s, v); // warm-up
  const got = new Map<Variant, { ms: number; cpu: number }[]>(VARIANTS.map((v) => [v, []]));
  for (let r = 0; r < RUNS; r++) {
    // Alternate the order, so a drift of the machine's load weighs on all.
    const order = r % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
    for (const v of order) got.get(v)!.push(await insertMs(s, v));
  }
  const audited = await s.db.admin.query<{ n: number }>("select count(*)::int as n from public.audit_log where table_name = 'points'");
  const off = got.get('off')!;
  const per = (v: Variant) => {
    const xs = got.get(v)!;
    return {
      ms: summarize(xs.map((x) => x.ms)), ratio: summarize(xs.map((x, i) => x.ms / off[i].ms)),
      cpuRatio: xs.every((x) => Number.isFinite(x.cpu)) ? summarize(xs.map((x, i) => x.cpu / off[i].cpu)) : null,
    };
  };
  const on = per('on');
  return {
    on: on.ms, off: per('off').ms, ratio: on.ratio, cpuRatio: on.cpuRatio, auditRowsLeft: audited.rows[0].n,
    breakdown: Object.fromEntries(VARIANTS.filter((v) => v !== 'off' && v !== 'on').map((v) => [v, per(v)])),
  };
}

const temp: { pg: TempPostgres | null } = { pg: null };
const variants: { name: string; start: () => Promise<RunningServer> }[] = [];
if (process.env.AUDIT_BENCH_PGLITE !== '0') variants.push({ name: 'PGlite', start: () => startServer({ memory: true, port: 0, seed: 'demo' }) });
if (process.env.AUDIT_BENCH_PG !== '0') {
  variants.push({ name: 'PostgreSQL', start: async () => {
    let url = process.env.DATABASE_URL;
    if (!url) { temp.pg = await startTempPostgres(); url = temp.pg.url; }
    return startServer({ memory: true, port: 0, seed: 'demo', databaseUrl: url });
  } });
}

const results: Record<string, Awaited<ReturnType<typeof measure>> & { load1: number }> = {};
try {
  for (const v of variants) {
    const s = await v.start();
    try { const load1 = machineLoad().load1; results[v.name] = { ...(await measure(s)), load1 }; } finally { await s.close(); }
  }
} finally { temp.pg?.stop(); }

printTable(`Bulk insert of ${ROWS} points (statements of ${BATCH}), audit trigger on vs off, ${RUNS} rounds`, Object.entries(results).map(([name, r]) => ({
  database: name, 'load avg': round(r.load1), 'with audit median ms': round(r.on.median), 'without median ms': round(r.off.median),
  'ratio median (min-max)': `${round(r.ratio.median, 3)} (${round(r.ratio.min, 3)}-${round(r.ratio.max, 3)})`,
  'backend CPU ratio median (min-max)': r.cpuRatio ? `${round(r.cpuRatio.median, 3)} (${round(r.cpuRatio.min, 3)}-${round(r.cpuRatio.max, 3)})` : '-',
  [`≤ ${TARGET}×`]: (r.cpuRatio ?? r.ratio).median <= TARGET ? 'yes' : 'NO',
})));
if (BREAKDOWN || BEFORE) {
  printTable('Breakdown: the audit with parts of it removed, ratio to no audit (same rounds)', Object.entries(results).flatMap(([name, r]) => [
    { database: name, variant: 'audit on (all)', 'ratio median': round(r.ratio.median, 3), 'backend CPU ratio median': r.cpuRatio ? round(r.cpuRatio.median, 3) : '-' },
    ...Object.entries(r.breakdown).map(([v, b]) => ({ database: name, variant: `audit ${v}`, 'ratio median': round(b.ratio.median, 3), 'backend CPU ratio median': b.cpuRatio ? round(b.cpuRatio.median, 3) : '-' })),
  ]));
}
writeResults('auditInsert', { rows: ROWS, batch: BATCH, runs: RUNS, results });
