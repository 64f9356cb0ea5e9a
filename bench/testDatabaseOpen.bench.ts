// Opening a test database on PGlite (test/server/migratedTemplate.ts): a new in-memory PGlite thread loaded from the
// run's migrated tarball, as every server and db test file does. Baseline: the tarball as dumped right after the
// migrations (WAL to replay at open, PostgreSQL's default 128 MB of shared buffers); measured: the template as the
// tests make it (checkpointed, 16 MB of shared buffers). CPU seconds of this process (the PGlite thread included)
// per open + one query + close, interleaved, OPEN_RUNS rounds (default 5). JSON in bench/results/testDatabaseOpen.json.
//   npm run bench testDatabaseOpen
import { openPgliteThread } from '../server/db/pgliteThread';
import { migratedTarball } from '../test/server/migratedTemplate';
import { cpuMs, median, printTable, round, writeResults } from './lib/stats';

const RUNS = Number(process.env.OPEN_RUNS ?? 5);

async function openOnce(tarball: Uint8Array): Promise<number> {
  const t0 = cpuMs();
  const db = await openPgliteThread(undefined, { loadDataDir: tarball });
  await db.admin.query('select count(*) from public.points');
  await db.close();
  return cpuMs() - t0;
}

const cases = { 'as migrated (baseline)': await migratedTarball({ asMigrated: true }), 'test template': await migratedTarball() };
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const t of Object.values(cases)) await openOnce(t); // warm-up: module load and wasm compile
for (let i = 0; i < RUNS; i++) {
  for (const [name, t] of Object.entries(cases)) samples[name].push(await openOnce(t));
}
const base = median(samples['as migrated (baseline)']);
const rows = Object.entries(samples).map(([name, s]) => ({ case: name, 'median CPU ms': round(median(s), 0), 'min': round(Math.min(...s), 0), 'max': round(Math.max(...s), 0), 'ratio to baseline': round(median(s) / base, 2) }));
printTable(`Test database open on PGlite (${RUNS} rounds)`, rows);
writeResults('testDatabaseOpen', { runs: RUNS, samples, rows });
