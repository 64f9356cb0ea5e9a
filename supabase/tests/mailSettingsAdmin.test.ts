// The daily digest's hour as an administrator's setting (docs/product.md#settings), through the API: supabase-js
// against the embedded REST server on the migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
// mail_status() tells every active member whether e-mail is sent and the digest hour; set_digest_hour() is for
// administrators only and accepts a whole hour from 0 to 23; the sweep's configuration row follows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';

let w: World;
let h: Harness;
let admin: SupabaseClient, alice: SupabaseClient;
const configHour = async () => Number((await w.db.admin.query<{ h: number }>('select digest_hour as h from private.mail_config')).rows[0].h);

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  admin = h.client(await h.userToken(w.admin, 'admin@example.org'));
  alice = h.client(await h.userToken(w.userA, 'alice@example.org'));
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

describe('digest hour', () => {
  it('mail_status tells every member whether e-mail is on and the digest hour (7 by default)', async () => {
    const r = await alice.rpc('mail_status');
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ enabled: false, digest_hour: 7 });
  });

  it('an administrator sets it; the configuration row and mail_status follow', async () => {
    const r = await admin.rpc('set_digest_hour', { p_hour: 18 });
    expect(r.error).toBeNull();
    expect(r.data).toBe(18);
    expect(await configHour()).toBe(18);
    expect((await alice.rpc('mail_status')).data).toEqual({ enabled: false, digest_hour: 18 });
    expect((await admin.rpc('set_digest_hour', { p_hour: 0 })).data).toBe(0);
    expect(await configHour()).toBe(0);
  });

  it('a member is refused; hours outside 0-23 are refused; nothing changes', async () => {
    await admin.rpc('set_digest_hour', { p_hour: 6 });
    const byMember = await alice.rpc('set_digest_hour', { p_hour: 9 });
    expect(byMember.error).toMatchObject({ code: '42501' });
    for (const bad of [24, -1, null]) {
      const r = await admin.rpc('set_digest_hour', { p_hour: bad as number });
      expect(r.error, String(bad)).toMatchObject({ code: '22023', message: 'L\'heure du résumé quotidien est un nombre entier de 0 à 23.' });
    }
    expect(await configHour()).toBe(6);
  });
});
