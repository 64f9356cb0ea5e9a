// `npm test`: type check, lint, unit/server/db tests (PGlite), db tests and the server's realtime and hardening
// contract tests on a throwaway PostgreSQL, the generated schema files and row types against the migrations, SPA build,
// browser tests and Playwright end-to-end tests in Chromium. Prints one 'N passed, N failed' line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { findChromium, findTestChromium } from './findChromium.mjs';
import { startTempPostgres, findPostgresBin } from '../server/db/tempPostgres.ts';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.slice(2); // optional step names
const outDir = mkdtempSync(join(tmpdir(), 'rail-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test's step, file and name, printed again at the end (CI keeps only the output's tail). */
const failedTests = [];
/** Tests that failed once and passed on their retry (CI only). */
const flakyTests = [];

/** How long each part took, printed at the end: [title, seconds]. */
const timings = [];
let current = null;
/** Starts a part: ends the previous one's clock and prints the new one's title. */
const banner = (s) => {
  const now = performance.now();
  if (current) timings.push([current.title, (now - current.at) / 1000]);
  current = { title: s, at: now };
  console.log(`\n\x1b[1m=== ${s} ===\x1b[0m`);
};
const want = (step) => only.length === 0 || only.includes(step);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Server contract tests that also run on PostgreSQL (concurrency and hardening: where the two databases differ). */
const PG_SERVER_TESTS = ['server/realtime/', 'server/attack/', 'server/db/migrate.concurrent.test.ts', 'server/cluster.test.ts', 'server/badInputApi.test.ts', 'server/hardening.test.ts', 'server/rest/badInput.test.ts',
  'server/ops/health.test.ts', 'server/ops/backupPostgres.test.ts', 'server/http/log.test.ts',
  'server/rest/pointIndexPagesBin.contract.test.ts', 'server/mail/', 'server/seedPages.test.ts', 'server/rest/adminActionsResult.contract.test.ts'];

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) => String(text ?? '').replace(ANSI_COLOUR, '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';

/** 'file › title: error' of each Playwright test that failed, or passed only on its retry (the JSON reporter's
 * suites, nested). */
function playwrightOutcomes(report) {
  const out = { failed: [], flaky: [] };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const failedTry = t.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const line = `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(failedTry?.error?.message)}`;
        if (t.status === 'unexpected') out.failed.push(line);
        if (t.status === 'flaky') out.flaky.push(line);
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  return out;
}

function vitest(step, projects, env = {}, files = []) {
  banner(`vitest ${projects.join(', ')}${files.length ? ` (${files.join(' ')})` : ''}${env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`);
  const json = join(outDir, `${step}.json`);
  // Under CI a failed test gets one more try, as Playwright's e2e tests do (playwright.config.ts): timing contracts
  // (a realtime event within 1 s, a socket cut within its timeout) meet a loaded machine now and then. A test that
  // passed only on its retry is listed at the end as flaky, never hidden.
  const args = ['vitest', 'run', ...(CI ? ['--retry=1'] : []), ...files, ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, '--passWithNoTests'];
  const code = run('npx', args, env);
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const f of r.testResults ?? []) {
      for (const a of f.assertionResults ?? []) {
        if (a.status === 'passed' && a.failureMessages?.length) flakyTests.push(`${step}: ${relative(process.cwd(), f.name)} › ${a.fullName}: ${firstLine(a.failureMessages[0])}`);
        if (a.status === 'failed') failedTests.push(`${step}: ${relative(process.cwd(), f.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) failedTests.push(`${step}: ${relative(process.cwd(), f.name)}: ${firstLine(f.message)}`);
    }
  }
  if (code !== 0) failures.push(step);
}

/** supabase/schemas and src/data/database.types.ts against the migrations applied to a fresh database of `url`'s
 * cluster (scripts/schema/generate.ts --check: a drift prints the diff and the command that regenerates). */
function schemaCheck(url) {
  banner('schema: supabase/schemas and src/data/database.types.ts generated from the migrations');
  const code = run('node', ['--import', 'tsx', 'scripts/schema/generate.ts', '--check', '--url', url]);
  if (code === 0) totals.passed += 1;
  else { totals.failed += 1; failures.push('schema'); failedTests.push('schema: supabase/schemas or src/data/database.types.ts differ from the migrations (npm run schema:dump && npm run schema:types)'); }
}

/** The browser the browser and e2e tests drive (findTestChromium), installed when there is none. */
function ensureChromium() {
  let path = findTestChromium();
  if (path) return path;
  console.warn('\x1b[33mNo Chromium found (CHROMIUM_PATH, /usr/bin/chromium, Playwright). Installing one...\x1b[0m');
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], {}).status === 0;
  if (hasApt && process.getuid?.() === 0) {
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
  } else {
    run('npx', ['playwright', 'install', 'chromium']);
  }
  path = findChromium();
  if (!path) throw new Error('Chromium could not be installed: set CHROMIUM_PATH');
  return path;
}

if (want('typecheck')) {
  banner('type check (tsc --noEmit)');
  if (run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) failures.push('typecheck');
}

if (want('lint')) {
  banner('lint (ESLint: rules, hooks, import boundaries; zero warnings)');
  const code = run('node', ['scripts/lint.mjs']);
  if (code === 0) totals.passed += 1;
  else { totals.failed += 1; failures.push('lint'); }
}

if (want('node')) vitest('node', ['unit', 'server', 'db']);

if (want('postgres') || want('schema')) {
  banner('PostgreSQL run');
  if (!findPostgresBin()) {
    const msg = 'PostgreSQL server binaries not found: the PostgreSQL database tests are SKIPPED. Install Debian\'s postgresql package.';
    if (CI) { console.error(`\x1b[31m${msg} (failing under CI)\x1b[0m`); failures.push('postgres'); }
    else console.warn(`\x1b[33m\n!!!!!!!!\n${msg}\n!!!!!!!!\n\x1b[0m`);
  } else {
    let pg;
    try {
      pg = await startTempPostgres();
      if (want('schema')) schemaCheck(pg.url);
      if (want('postgres')) {
        vitest('postgres', ['db'], { TEST_DATABASE_URL: pg.url });
        // One file at a time: these are the concurrency and realtime timing contracts, measured with the server alone.
        vitest('postgres-server', ['server'], { TEST_DATABASE_URL: pg.url, TEST_WORKERS: '1' }, PG_SERVER_TESTS);
      }
    } catch (e) {
      console.error('PostgreSQL could not start:', e.message);
      failures.push('postgres');
    } finally {
      pg?.stop();
    }
  }
}

if (want('browser') || want('e2e')) {
  const chromium = ensureChromium();
  process.env.CHROMIUM_PATH = chromium;
  if (want('browser')) vitest('browser', ['browser']);
  if (want('e2e')) {
    banner('build SPA (vite build)');
    if (run('npx', ['vite', 'build']) !== 0) failures.push('build');
    else {
      banner('end-to-end (Playwright)');
      const json = join(outDir, 'e2e.json');
      const code = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
      if (existsSync(json)) {
        const s = JSON.parse(readFileSync(json, 'utf8')).stats ?? {};
        totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
        totals.failed += s.unexpected ?? 0;
        totals.skipped += s.skipped ?? 0;
        const outcomes = playwrightOutcomes(JSON.parse(readFileSync(json, 'utf8')));
        failedTests.push(...outcomes.failed.map((t) => `e2e: ${t}`));
        flakyTests.push(...outcomes.flaky.map((t) => `e2e: ${t}`));
      }
      if (code !== 0) failures.push('e2e');
    }
  }
}

banner('summary');
const total = timings.reduce((sum, [, s]) => sum + s, 0);
console.log(`Time per part (total ${Math.round(total)} s):\n${timings.map(([t, s]) => `  ${String(Math.round(s)).padStart(5)} s  ${t}`).join('\n')}`);
if (flakyTests.length) console.log(`\nFlaky (passed on retry):\n${flakyTests.map((t) => `  - ${t}`).join('\n')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
console.log(`\nSteps failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
