// Vite build of the SPA plus the vitest projects: unit (node), server, db, browser (Debian Chromium).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { findTestChromium, CHROMIUM_ARGS } from './scripts/findChromium.mjs';
import { pwaPlugin } from './pwa.config';
import { availableParallelism } from 'node:os';

/** Test files run side by side in Node: at least two (vitest's default, cores - 1, is one file at a time on two
 * cores, while a server or db file waits on its database or the network most of the time), at most four (each
 * server or db file holds its own PGlite). TEST_WORKERS sets another count (the command line's --maxWorkers does not
 * reach the projects). */
const NODE_TEST_WORKERS = Number(process.env.TEST_WORKERS) || Math.min(4, Math.max(2, availableParallelism()));

/** V8 flags of the server and db test processes. Each test file's process compiles PGlite's WebAssembly anew, and
 * V8's default budget sends much of it to the optimising compiler while a database copy merely opens; a larger
 * budget leaves the start to the baseline compiler and still optimises what a heavy query runs long. */
const PGLITE_TEST_ARGV = ['--wasm-tiering-budget=180000000'];

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/auth/v1', '/rest/v1', '/storage/v1', '/config.json'];

export default defineConfig({
  plugins: [react(), pwaPlugin()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
      '/realtime/v1': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    maxWorkers: NODE_TEST_WORKERS,
    browser: { connectTimeout: 300_000 }, // read from the root config: Chromium may take minutes to start on a loaded machine
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          testTimeout: 30_000, // some pure tests check big inputs (100k-point clusters against brute force) on a loaded CI machine
          include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'scripts/**/*.test.ts', 'tools/lint/rules/*.test.ts'],
          exclude: ['**/node_modules/**', 'src/**/*.browser.test.ts'], // those run in Chromium (project 'browser')
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['test/server/migratedTemplate.ts'], // one migrated database per run, copied for each test
          include: ['server/**/*.test.ts'],
          execArgv: PGLITE_TEST_ARGV,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          environment: 'node',
          globalSetup: ['test/server/migratedTemplate.ts'], // one migrated database per run, copied for each test
          include: ['supabase/tests/**/*.test.ts'],
          execArgv: PGLITE_TEST_ARGV,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Bundled before the first test file: found late (imported only by a file loaded mid-run), the optimizer
        // reloads the page and the test file being imported then fails with "failed to find the current suite".
        optimizeDeps: { include: ['@radix-ui/react-tabs', 'docx', '@tanstack/react-virtual'] },
        test: {
          name: 'browser',
          maxWorkers: 1, // one Chromium page at a time: frame and long-task checks measure the page alone
          include: ['src/**/*.browser.test.tsx', 'src/**/*.browser.test.ts'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: findTestChromium() ?? undefined,
                // --expose-gc: workerHost's browser test checks a terminated worker lets go of its caller.
                args: ['--js-flags=--expose-gc', ...CHROMIUM_ARGS],
              },
            }),
            instances: [{ browser: 'chromium' }],
            commands: {
              // In Node: an embedded server with one line of points for src/data/pointIndexPlaces.browser.test.ts.
              async pointIndexServer(ctx, action: 'start' | 'stop', points = 0) {
                const m = await ctx.project.import<typeof import('./test/browser/pointIndexServer')>('/test/browser/pointIndexServer.ts');
                return action === 'start' ? m.startPointIndexServer(points) : m.stopPointIndexServer();
              },
            },
          },
        },
      },
    ],
  },
});
