// Realtime under concurrent writers: 8 writers × 100 inserts through /rest/v1 while one
// subscriber listens; it must receive every committed insert exactly once. On PostgreSQL concurrent transactions
// commit out of id order, which is what this test exercises (run by `npm test` with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FIXTURE_MIGRATIONS, openTestDb, startHarness, type Harness } from '../../test/server/restHarness';
import { testKind } from '../../test/server/testDatabase';

const WRITERS = 8;
// PGlite has one connection (nothing commits out of order there): a shorter run keeps `npm test` quick.
const PER_WRITER = testKind() === 'postgres' ? 100 : 25;

let h: Harness;
let sub: SupabaseClient;
let token = '';
const A = randomUUID();

beforeAll(async () => {
  h = await startHarness(await openTestDb(FIXTURE_MIGRATIONS), { realtime: true });
  token = await h.userToken(A);
  sub = h.client(token);
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

it(`delivers each of ${WRITERS}×${PER_WRITER} concurrent inserts exactly once (${testKind()})`, async () => {
  const got: string[] = [];
  await new Promise<void>((resolve, reject) => {
    sub.channel(`all-items-${randomUUID()}`) // a channel of its own per attempt: a retry cannot join a subscribed one again
      .on('postgres_changes' as never, { schema: 'public', table: 'items', event: 'INSERT' } as never, (p: { new: { id: string } }) => { got.push(p.new.id); })
      .subscribe((status: string, err?: Error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
  });
  const committed: string[] = [];
  await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
    for (let i = 0; i < PER_WRITER; i++) {
      const r = await h.raw('/items', {
        method: 'POST', token,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ name: `w${w}-${i}`, qty: i, owner: A }),
      });
      expect(r.status).toBe(201);
      committed.push(((await r.json()) as { id: string }[])[0].id);
    }
  }));
  expect(committed).toHaveLength(WRITERS * PER_WRITER);
  const t0 = Date.now();
  while (got.length < committed.length && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300)); // a late duplicate would show up here
  const missing = committed.filter((id) => !got.includes(id));
  expect(missing, `${missing.length} committed inserts never delivered`).toEqual([]);
  expect(got.length, 'duplicates delivered').toBe(new Set(got).size);
  expect(new Set(got)).toEqual(new Set(committed));
}, 90_000);
