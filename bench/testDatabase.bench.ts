// `npm run bench testDatabase`: what one test database costs the server and db test files. Alternated over
// TESTDB_BENCH_RUNS rounds: a new in-memory PGlite migrated from scratch (bootstrap, every migration, change
// capture) against a new PGlite filled from a migrated tarball, as test/server/migratedTemplate.ts does; on
// PostgreSQL (DATABASE_URL's server, or a throwaway one; TESTDB_BENCH_PG=0 skips it) CREATE DATABASE then migrate()
// against CREATE DATABASE ... TEMPLATE of a migrated one. Each database is opened, read once and closed.
// JSON in bench/results/testDatabase.json.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/open';
import { openPgliteThread } from '../server/db/pgliteThread';
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import type { Database } from '../server/db/types';
import { startTempPostgres, findPostgresBin, type TempPostgres } from '../server/db/tempPostgres';
import { databaseUrl, migratedTarball, migratedTemplateDatabase, onServer } from '../test/server/migratedTemplate';
import { machineLoad, printTable, summarize, writeResults } from './lib/stats';

const RUNS = Number(process.env.TESTDB_BENCH_RUNS ?? 5);

/** Wall ms of `open` until the database answers a read of its migrations, then closes it. */
async function timed(open: () => Promise<Database>): Promise<number> {
  const t0 = performance.now();
  const db = await open();
  await db.admin.query('select count(*) from supabase_migrations.schema_migrations');
  const ms = performance.now() - t0;
  await db.close();
  return ms;
}

/** RUNS rounds of a then b; medians and the ratio a/b per round. */
async function alternate(a: () => Promise<Database>, b: () => Promise<Database>) {
  const ta: number[] = [];
  const tb: number[] = [];
  await timed(a); await timed(b); // warm-up
  for (let i = 0; i < RUNS; i++) { ta.push(await timed(a)); tb.push(await timed(b)); }
  return { migrated: summarize(ta), copied: summarize(tb), ratio: summarize(ta.map((x, i) => x / tb[i])), load1: machineLoad().load1 };
}

const results: Record<string, Awaited<ReturnType<typeof alternate>>> = {};
const tarball = await migratedTarball();
results.pglite = await alternate(
  async () => { const db = await openDatabase({ memory: true }); await migrate(db); return db; },
  () => openPgliteThread(undefined, { loadDataDir: tarball }),
);

if (process.env.TESTDB_BENCH_PG !== '0' && (process.env.DATABASE_URL || findPostgresBin())) {
  let temp: TempPostgres | null = null;
  const base = process.env.DATABASE_URL ?? (temp = await startTempPostgres()).url;
  const name = () => `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = name();
  const made: string[] = [];
  const create = async (tpl: string | null) => {
    const n = name();
    made.push(n);
    await onServer(base, `create database ${n}${tpl ? ` template ${tpl}` : ''}`);
    const db = await openPostgres(databaseUrl(base, n));
    if (!tpl) await migrate(db);
    return db;
  };
  try {
    await migratedTemplateDatabase(base, template);
    results.postgres = await alternate(() => create(null), () => create(template));
  } finally {
    for (const n of [...made, template]) await onServer(base, `drop database if exists ${n} with (force)`);
    temp?.stop();
  }
}

const ms = (v: number) => Math.round(v);
printTable(`A test database: migrated from scratch vs copied from a migrated one, ${RUNS} rounds (ms, medians)`,
  Object.entries(results).map(([db, r]) => ({
    db, migrated: ms(r.migrated.median), copied: ms(r.copied.median), 'ratio (median of rounds)': r.ratio.median.toFixed(2), load1: r.load1,
  })));
writeResults('testDatabase', { runs: RUNS, results });
