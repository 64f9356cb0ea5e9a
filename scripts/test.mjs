// `npm test`: type check, lint, unit/server/db tests (PGlite), db tests and the server's realtime and hardening
// contract tests on a throwaway PostgreSQL, SPA build,
// browser tests and Playwright end-to-end tests in Chromium. Prints one 'N passed, N failed' line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './findChromium.mjs';
import { startTempPostgres, findPostgresBin } from '../server/db/tempPostgres.ts';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.slice(2); // optional step names
const outDir = mkdtempSync(join(tmpdir(), 'rail-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const banner = (s) => console.log(`\n\x1b[1m=== ${s} ===\x1b[0m`);
const want = (step) => only.length === 0 || only.includes(step);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Server contract tests that also run on PostgreSQL (concurrency and hardening: where the two databases differ). */
const PG_SERVER_TESTS = ['server/realtime/', 'server/attack/', 'server/db/migrate.concurrent.test.ts', 'server/cluster.test.ts', 'server/badInputApi.test.ts', 'server/hardening.test.ts', 'server/rest/badInput.test.ts',
  'server/ops/health.test.ts', 'server/ops/backupPostgres.test.ts', 'server/http/log.test.ts',
  'server/rest/pointIndexPagesBin.contract.test.ts'];

function vitest(step, projects, env = {}, files = []) {
  banner(`vitest ${projects.join(', ')}${files.length ? ` (${files.join(' ')})` : ''}${env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`);
  const json = join(outDir, `${step}.json`);
  const args = ['vitest', 'run', ...files, ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, '--passWithNoTests'];
  const code = run('npx', args, env);
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  if (code !== 0) failures.push(step);
}

function ensureChromium() {
  let path = findChromium();
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

if (want('postgres')) {
  banner('PostgreSQL run');
  if (!findPostgresBin()) {
    const msg = 'PostgreSQL server binaries not found: the PostgreSQL database tests are SKIPPED. Install Debian\'s postgresql package.';
    if (CI) { console.error(`\x1b[31m${msg} (failing under CI)\x1b[0m`); failures.push('postgres'); }
    else console.warn(`\x1b[33m\n!!!!!!!!\n${msg}\n!!!!!!!!\n\x1b[0m`);
  } else {
    let pg;
    try {
      pg = await startTempPostgres();
      vitest('postgres', ['db'], { TEST_DATABASE_URL: pg.url });
      vitest('postgres-server', ['server'], { TEST_DATABASE_URL: pg.url }, PG_SERVER_TESTS);
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
      }
      if (code !== 0) failures.push('e2e');
    }
  }
}

console.log(`\nSteps failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
