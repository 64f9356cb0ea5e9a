// End-to-end tests: the built SPA + embedded servers (each on a fresh PGlite data dir, demo seed) in Debian Chromium.
// The spec files are split between E2E_SERVERS servers (default 2; scripts/e2eShards.mjs): one Playwright project and
// one worker per server, so each server runs its files one at a time, in name order, on data of its own, and the
// servers run side by side. E2E_SERVERS=1 runs every file on one server. Ports: E2E_PORT, E2E_PORT + 1, ...
import { defineConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTestChromium, CHROMIUM_ARGS } from './scripts/findChromium.mjs';
import { splitSpecs } from './scripts/e2eShards.mjs';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'rail-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one data dir
const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2) || 1);

export const E2E_ADMIN = { email: 'admin@rail.local', password: 'admin-e2e-123' };

const specs = readdirSync(new URL('./e2e/', import.meta.url)).filter((f) => f.endsWith('.spec.ts'));
const shards = splitSpecs(specs, servers);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: shards.length,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: { executablePath: findTestChromium() ?? undefined, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
    // The service worker installs and precaches the whole app in every new context: on only in the files that go
    // offline (test.use({ serviceWorkers: 'allow' })), where it is what they test.
    serviceWorkers: 'block',
  },
  projects: shards.map((files, i) => ({
    name: `server-${i + 1}`,
    workers: 1,
    testMatch: new RegExp(`[\\\\/]e2e[\\\\/](${files.map(escape).join('|')})$`),
    use: { baseURL: `http://127.0.0.1:${port + i}` },
  })),
  webServer: shards.map((_, i) => {
    const dir = join(dataDir, `server-${i + 1}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 }); // private, as the server wants DATA_DIR (else it warns)
    return {
      command: 'node --import tsx server/cli.ts',
      url: `http://127.0.0.1:${port + i}/config.json`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: {
        PORT: String(port + i),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', // request lines (info) would bury the test output
        SEED: 'demo',
        SEED_LINES: '3', // a network: L1 (the specs' default line), the demo's second line L2 and a generated L3 (e2e/linesNetwork.spec.ts)
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        RATE_LIMIT_DISABLED: '1',
        SWEEP_EVERY_S: '2', // files nothing points to are removed within seconds, which the photo specs wait for
      },
    };
  }),
});
