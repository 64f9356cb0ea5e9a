// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones) one after another with GC exposed.
// Each bench prints its own table (medians, p95, ratios to a baseline measured in the same run) and
// writes raw figures to bench/results/<name>.json.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const names = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => names.length === 0 || names.some((n) => f.startsWith(n)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n\x1b[1m### ${f}\x1b[0m`);
  const r = spawnSync('node', ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', `bench/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) { failed++; console.error(`${f} failed (exit ${r.status})`); }
}
console.log(`\n${files.length - failed} benches ran, ${failed} failed; raw figures in bench/results/`);
process.exit(failed ? 1 : 0);
