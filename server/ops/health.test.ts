// /health and /ready on the real embedded server: JSON answers (never the SPA's index.html), /ready 503 when the
// database does not answer in time (a transaction holds PGlite's only session) or is gone (closed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { READY_DB_TIMEOUT_MS } from './health';

let s: RunningServer;
beforeAll(async () => { s = await startTestServer(); });
// The last test closes the database itself: PostgreSQL's pool refuses a second end().
afterAll(async () => { await s?.close().catch(() => {}); });

describe('/health and /ready', () => {
  it('/health answers JSON liveness, uncached', async () => {
    const r = await fetch(`${s.url}/health`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.json()).toMatchObject({ status: 'ok' });
  });

  it('/ready is 200 with each check when the database, migrations and storage are fine', async () => {
    const r = await fetch(`${s.url}/ready`);
    const body = await r.json();
    expect(r.status).toBe(200);
    expect(body).toMatchObject({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } } });
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('/ready is 503 while the database does not answer within the limit', async () => {
    let release!: () => void;
    const held = new Promise<void>((ok) => { release = ok; });
    // PGlite has one session: a transaction that waits holds every other query behind it.
    const tx = s.db.admin.transaction(async () => { await held; });
    try {
      const r = await fetch(`${s.url}/ready`);
      const body = await r.json();
      expect(r.status).toBe(503);
      expect(body.status).toBe('unavailable');
      expect(body.checks.database).toMatchObject({ ok: false });
      expect(body.checks.database.error).toContain(`${READY_DB_TIMEOUT_MS} ms`);
      expect((await fetch(`${s.url}/health`)).status).toBe(200);
    } finally {
      release();
      await tx;
    }
    expect((await fetch(`${s.url}/ready`)).status).toBe(200);
  });

  it('/ready is 503 once the database is unavailable', async () => {
    await s.db.close();
    const r = await fetch(`${s.url}/ready`);
    const body = await r.json();
    expect(r.status).toBe(503);
    expect(body.checks.database.ok).toBe(false);
    expect(body.checks.database.error).toBeTruthy();
  });
});
