// End-to-end tests: the built SPA + the embedded server (fresh PGlite data dir, demo seed) in Debian Chromium.
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, CHROMIUM_ARGS } from './scripts/findChromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'rail-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one data dir

export const E2E_ADMIN = { email: 'admin@rail.local', password: 'admin-e2e-123' };

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx server/cli.ts',
    url: `http://127.0.0.1:${port}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', // request lines (info) would bury the test output
      SEED: 'demo',
      SEED_LINES: '3', // a network: L1 (the specs' default line), the demo's second line L2 and a generated L3 (e2e/linesNetwork.spec.ts)
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_DISABLED: '1',
    },
  },
});
