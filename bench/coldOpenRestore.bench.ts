// A warm open's restore of a line's replica record in the point-index worker (issue 19), in one process at RESTORE_POINTS
// (1M): before (columns copied into a fresh index, id hash, newest-first sort: indexFromColumns + newestFirstOrder)
// against now (restoredFromRecord: the record's arrays adopted, id hash, the order stored with the record). CPU time
// per restore, median of RESTORE_RUNS, alternating.
//   npm run bench coldOpenRestore            (RESTORE_POINTS=1000000, RESTORE_RUNS=5)
import { loadavg } from 'node:os';
import { createPointIndex, indexFromColumns, upsertRows } from '../src/core/pointIndex/store';
import { newestFirstOrder } from '../src/core/pointIndex/queries';
import { restoredFromRecord, type StoredLineRecord } from '../src/core/pointIndex/restored';
import { median, printTable, round, writeResults } from './lib/stats';

const N = Number(process.env.RESTORE_POINTS ?? 1_000_000);
const RUNS = Number(process.env.RESTORE_RUNS ?? 5);
const src = createPointIndex(N);
upsertRows(src, Array.from({ length: N }, (_, i) => ({
  id: `${(Math.imul(i, 2654435761) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
  x: i, y: i % 1500, km: i / 1000, created: 1.7e12 + ((i * 7919) % 5_000_000) * 1000, updated: 1.7e12, status: 'signale' as const, criticality: 'c', teamId: null,
})));
const order = newestFirstOrder(src);
/** What a read from IndexedDB gives: fresh arrays of the record's exact size. */
const record = (): StoredLineRecord => ({
  count: N, critKeys: src.critKeys, teamKeys: src.teamKeys, idBytes: src.idBytes.slice(0, N * 16), x: src.x.slice(0, N), y: src.y.slice(0, N),
  km: src.km.slice(0, N), created: src.created.slice(0, N), updated: src.updated.slice(0, N), status: src.status.slice(0, N),
  crit: src.crit.slice(0, N), team: src.team.slice(0, N), cursorMs: 1, savedAt: 1, order: order.slice(),
});
const cpu = (fn: () => void) => { const t = process.cpuUsage(); fn(); const u = process.cpuUsage(t); return (u.user + u.system) / 1000; };
const load0 = loadavg()[0];
const before: number[] = [], now: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const a = record();
  before.push(cpu(() => { newestFirstOrder(indexFromColumns(a)); }));
  const b = record();
  now.push(cpu(() => { restoredFromRecord(b); }));
}
printTable(`Warm open restore at ${N.toLocaleString('en')} points, CPU ms, median of ${RUNS}; load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`, [
  { step: 'copy + hash + sort (before)', ms: round(median(before), 0), 'before/now': '' },
  { step: 'adopt + hash + stored order (now)', ms: round(median(now), 0), 'before/now': `${round(median(before) / median(now), 2)}×` },
]);
writeResults('coldOpenRestore', { points: N, runs: RUNS, before, now, loadAverage: [load0, loadavg()[0]] });
