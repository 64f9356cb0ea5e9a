// The point-index pages are built by the seed, before the server lets the first request in: right after start
// (the background warm-up has had no time to build them), no page is dirty, every point is in its line's pages,
// and the first member reads the whole line as bytes through the app's point-index API (workers/pointIndexApi.ts). The bulk path (triggers off, more than one
// insert batch) is the one a large seed takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer } from '../test/server/testServer';
import { createPointIndexApi } from '../workers/pointIndexApi';
import type { RunningServer } from './main';

let s: RunningServer;

beforeAll(async () => { s = await startTestServer({ seed: 'demo', seedPoints: 6_000 }); }, 240_000);
afterAll(async () => { await s?.close(); });

describe('point-index pages after the demo seed', () => {
  it('are all built before the first request', async () => {
    const pages = await s.db.admin.query<{ line_id: string; dirty: number; n: number; empty: number }>(
      `select line_id, count(*) filter (where dirty)::int as dirty, coalesce(sum(n), 0)::int as n,
              count(*) filter (where bin is null or meta is null)::int as empty
         from private.point_index_pages group by line_id order by line_id`);
    const points = await s.db.admin.query<{ line_id: string; n: number }>(
      'select line_id, count(*)::int as n from public.points group by line_id order by line_id');
    expect(points.rows.reduce((t, r) => t + r.n, 0)).toBeGreaterThan(6_000);
    expect(pages.rows.map((r) => ({ line_id: r.line_id, dirty: r.dirty, empty: r.empty, n: r.n })))
      .toEqual(points.rows.map((r) => ({ line_id: r.line_id, dirty: 0, empty: 0, n: r.n })));
  });

  it('give the first member every point of the line', async () => {
    const c = client(s);
    const { error: signInError } = await c.auth.signInWithPassword({ email: s.seeded!.adminEmail, password: s.seeded!.adminPassword! });
    expect(signInError).toBeNull();
    const line = (await s.db.admin.query<{ line_id: string; n: number }>(
      'select line_id, count(*)::int as n from public.points group by line_id order by 2 desc limit 1')).rows[0];
    const api = createPointIndexApi();
    api.configure(s.url, s.anonKey, (await c.auth.getSession()).data.session!.access_token);
    const read = await api.fetchPages(line.line_id, 0, 256);
    expect(read.total).toBe(line.n);
    expect(read.pages.reduce((n, p) => n + p.count, 0)).toBe(line.n);
  });
});
