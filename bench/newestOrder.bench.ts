// The newest-first order: the radix sort of src/core/pointIndex/newestOrder.ts against the comparator sort
// it replaced, on the same seeded columns (creation times over two years, ms with fractions, a share of equal times),
// same order required. Run: node --import tsx bench/newestOrder.bench.ts
import { newestFirstOrder, type CreatedColumns } from '../src/core/pointIndex/newestOrder';
import { mulberry32 } from './lib/prng';
import { printTable, summarize, timeRuns, writeResults } from './lib/stats';

const SIZES = [100_000, 1_000_000];

/** The order as it was computed before: one comparator call per comparison. */
function comparatorOrder(ix: CreatedColumns): Int32Array {
  const order = new Int32Array(ix.count);
  for (let i = 0; i < ix.count; i++) order[i] = i;
  const c = ix.created, ids = ix.idBytes;
  return order.sort((a, b) => {
    const d = c[b] - c[a];
    if (d) return d;
    for (let k = 0; k < 16; k++) { const e = ids[a * 16 + k] - ids[b * 16 + k]; if (e) return e; }
    return 0;
  });
}

function columns(n: number): CreatedColumns {
  const rnd = mulberry32(42);
  const created = new Float64Array(n), idBytes = new Uint8Array(n * 16);
  for (let i = 0; i < n; i++) created[i] = i % 50 === 0 ? 1_700_000_000_000 : 1_650_000_000_000 + Math.floor(rnd() * 63e9) + Math.floor(rnd() * 1000) / 1000;
  for (let i = 0; i < idBytes.length; i++) idBytes[i] = Math.floor(rnd() * 256);
  return { count: n, created, idBytes };
}

const rows: Record<string, unknown>[] = [];
let same = true;
for (const n of SIZES) {
  const ix = columns(n);
  const before = timeRuns(() => comparatorOrder(ix), 3, 1);
  const radix = timeRuns(() => newestFirstOrder(ix), 5, 1);
  const equal = before.result.every((v, i) => v === radix.result[i]);
  same &&= equal;
  const b = summarize(before.ms).median, r = summarize(radix.ms).median;
  rows.push({ points: n, 'comparator p50 ms': b, 'radix p50 ms': r, 'comparator / radix': b / r, 'same order': equal });
}
printTable('Newest-first order: radix sort vs the comparator sort (same process, same columns)', rows);
console.log(`Wrote ${writeResults('newestOrder', { rows, same })}`);
if (!same) process.exitCode = 1;
