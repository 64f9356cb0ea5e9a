// Secrets never in the start-up output: the demo admin's password is printed only by the start that created that
// admin with the default password, never when ADMIN_PASSWORD was given nor on later starts; SEED=demo (the default)
// is refused with its reason when HOST is reachable from the network, unless SEED_DEMO_ON_NETWORK=1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, optionsFromEnv } from './config';
import { DEFAULT_ADMIN_PASSWORD, startServer, type RunningServer } from './main';
import { startBanner } from './startBanner';
import { TEST_JWT_SECRET } from '../test/server/testServer';
import { migratedDataDir } from '../test/server/migratedDataDir';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

async function startAndBanner(dataDir: string, adminPassword?: string): Promise<string> {
  const s: RunningServer = await startServer({ dataDir, port: 0, seed: 'demo', seedLines: 1, jwtSecret: TEST_JWT_SECRET, adminPassword, staticDir: dataDir });
  try {
    return startBanner({ url: s.url, where: 'PGlite', readySeconds: 1, seeded: s.seeded, adminPasswordGiven: adminPassword !== undefined, seedPointsAsked: false, anonKey: s.anonKey, sso: [] }).join('\n');
  } finally {
    await s.close();
  }
}

describe('the demo admin password in the start-up output', () => {
  it('is printed by the first start only (default password), not by the next start on the same folder', async () => {
    const dir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'rail-banner-')));
    dirs.push(dir);
    const first = await startAndBanner(dir);
    expect(first).toContain(DEFAULT_ADMIN_PASSWORD);
    const second = await startAndBanner(dir);
    expect(second).toContain('Données existantes conservées.');
    expect(second).not.toContain(DEFAULT_ADMIN_PASSWORD);
  }, 120_000);

  it('is never printed when ADMIN_PASSWORD was given', async () => {
    const dir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'rail-banner-')));
    dirs.push(dir);
    const banner = await startAndBanner(dir, 'mot-de-passe-operateur-42');
    expect(banner).toContain('admin@rail.local');
    expect(banner).not.toContain('mot-de-passe-operateur-42');
    expect(banner).toContain("celui d'ADMIN_PASSWORD");
  }, 120_000);
});

describe('SEED=demo on the network', () => {
  it('is refused with its reason when HOST is not a loopback address, SEED left at its default', () => {
    expect(() => optionsFromEnv({ HOST: '0.0.0.0' })).toThrow(/SEED=demo refusé : HOST=0\.0\.0\.0 n'est pas une adresse locale.*SEED=none.*SEED_DEMO_ON_NETWORK=1/);
    expect(() => optionsFromEnv({ HOST: '192.168.1.20', SEED: 'demo' })).toThrow(/SEED=demo refusé/);
    expect(() => optionsFromEnv({ HOST: '::' })).toThrow(/SEED=demo refusé/);
  });

  it('is allowed on a loopback address, with SEED_DEMO_ON_NETWORK=1, and SEED=none is allowed anywhere', () => {
    expect(optionsFromEnv({}).seed).toBe('demo');
    expect(optionsFromEnv({ HOST: 'localhost' }).host).toBe('localhost');
    expect(optionsFromEnv({ HOST: '0.0.0.0', SEED_DEMO_ON_NETWORK: '1' }).seed).toBe('demo');
    expect(optionsFromEnv({ HOST: '0.0.0.0', SEED: 'none' }).seed).toBe('none');
  });

  it('knows the loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.org', '::ffff:10.0.0.1']) expect(isLoopbackHost(h), h).toBe(false);
  });
});
