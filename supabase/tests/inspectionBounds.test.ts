// Inspection records and annotations bounded in SQL, through supabase-js against the REST handler (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): every JSON column within its size, inspected_at neither in the future nor
// before its line, annotations dated by the server, and an admin's deletion of any record (locked and annotated
// included) recorded in the audit log; nobody else deletes an annotation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';

let w: World;
let h: Harness;
let admin: SupabaseClient, alice: SupabaseClient, bob: SupabaseClient;
let line: string;

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  admin = h.client(await h.userToken(w.admin, 'admin@example.org'));
  alice = h.client(await h.userToken(w.userA, 'alice@example.org'));
  bob = h.client(await h.userToken(w.userB, 'bob@example.org'));
  line = (await w.db.admin.query<{ id: string }>('select line_id as id from public.points where id = $1', [w.point])).rows[0].id;
  // The line was created a week ago, so that dates of the past week are within its life.
  await w.db.admin.query("update public.lines set created_at = now() - interval '7 days' where id = $1", [line]);
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

const record = (over: Record<string, unknown> = {}) => ({
  line_id: line, inspector: w.userA, km_from: 12, km_to: 18.5, filters: { zones: [w.zone], tracks: ['voie_1'] },
  findings: [], counts: { [w.zone]: { attention: 1 } }, remarks: { [w.zone]: 'Ballast à surveiller' },
  not_inspected: [{ km_from: 15, km_to: 16, reason: 'Voie occupée' }], ...over,
});
const big = (bytes: number) => 'x'.repeat(bytes);
const backdate = async (id: string) => {
  await w.db.admin.query('alter table public.inspections disable trigger inspection_lock');
  await w.db.admin.query("update public.inspections set created_at = now() - interval '25 hours' where id = $1", [id]);
  await w.db.admin.query('alter table public.inspections enable trigger inspection_lock');
};

describe('inspection records bounded in SQL', () => {
  it('refuses a JSON column over its size, in French (23514, inspection_too_large); a record at the limits is saved', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['remarks', { remarks: { [w.zone]: big(33_000) } }],
      ['filters', { filters: { zones: [w.zone], zone_names: { [w.zone]: big(17_000) } } }],
      ['counts', { counts: { [big(17_000)]: { attention: 1 } } }],
      ['not_inspected', { not_inspected: [{ km_from: 1, km_to: 2, reason: big(17_000) }] }],
      ['not_inspected', { not_inspected: Array.from({ length: 101 }, () => ({ km_from: 1, km_to: 2, reason: 'r' })) }],
    ];
    for (const [col, over] of cases) {
      const r = await alice.from('inspections').insert(record(over));
      expect([col, r.error?.code, r.error?.hint, r.error?.details]).toEqual([col, '23514', 'inspection_too_large', col]);
      expect(r.error?.message).toMatch(/^Tournée trop volumineuse : /);
    }
    const ok = await alice.from('inspections').insert(record({ remarks: { [w.zone]: big(32_000) } })).select('id').single();
    expect(ok.error).toBeNull();
    // An update is bounded as well.
    const v = await alice.from('inspections').select('updated_at').eq('id', ok.data!.id).single();
    const upd = await alice.from('inspections').update({ filters: { zone_names: { a: big(17_000) } }, updated_at: v.data!.updated_at }).eq('id', ok.data!.id);
    expect(upd.error?.hint).toBe('inspection_too_large');
  });

  it('refuses inspected_at in the future or before the line was created; accepts last week', async () => {
    const future = await alice.from('inspections').insert(record({ inspected_at: '2099-01-01T00:00:00Z' }));
    expect([future.error?.code, future.error?.hint, future.error?.message]).toEqual(['23514', 'inspected_at_in_future', 'La date de la tournée est dans le futur.']);
    const ancient = await alice.from('inspections').insert(record({ inspected_at: '1900-01-01T00:00:00Z' }));
    expect([ancient.error?.code, ancient.error?.hint]).toEqual(['23514', 'inspected_at_before_line']);
    const lastWeek = new Date(Date.now() - 6 * 86400_000).toISOString();
    const ok = await alice.from('inspections').insert(record({ inspected_at: lastWeek })).select('inspected_at').single();
    expect(ok.error).toBeNull();
    expect(Date.parse(ok.data!.inspected_at)).toBe(Date.parse(lastWeek));
  });

  it('accepts a walk dated in the minute the line was created (the form types minutes), not the minute before', async () => {
    const created = (await w.db.admin.query<{ m: Date }>("select date_trunc('minute', created_at) as m from public.lines where id = $1", [line])).rows[0].m;
    const sameMinute = await alice.from('inspections').insert(record({ inspected_at: created.toISOString() }));
    expect(sameMinute.error).toBeNull();
    const before = await alice.from('inspections').insert(record({ inspected_at: new Date(created.getTime() - 60_000).toISOString() }));
    expect(before.error?.hint).toBe('inspected_at_before_line');
  });

  it('dates an annotation by the server, whatever the client sends', async () => {
    const rec = await alice.from('inspections').insert(record()).select('id, created_at').single();
    const note = await bob.from('inspection_annotations')
      .insert({ inspection_id: rec.data!.id, author: w.userB, body: 'Antidatée', created_at: '2000-01-01T00:00:00Z' }).select('created_at').single();
    expect(note.error).toBeNull();
    expect(Math.abs(Date.now() - Date.parse(note.data!.created_at))).toBeLessThan(600_000);
    expect(Date.parse(note.data!.created_at)).toBeGreaterThanOrEqual(Date.parse(rec.data!.created_at));
  });

  it('an admin deletes a locked, annotated record (audited, its annotations with it); its inspector and colleagues cannot', async () => {
    const rec = await alice.from('inspections').insert(record({ inspected_at: new Date(Date.now() - 86400_000).toISOString() })).select('id').single();
    const id = rec.data!.id as string;
    const note = await bob.from('inspection_annotations').insert({ inspection_id: id, author: w.userB, body: 'Vu.' }).select('id').single();
    // Within 24 h, its inspector's delete is refused while a colleague's annotation is on it.
    const early = await alice.from('inspections').delete().eq('id', id);
    expect([early.error?.code, early.error?.hint]).toEqual(['42501', 'annotation_append_only']);
    await backdate(id);
    const late = await alice.from('inspections').delete().eq('id', id);
    expect(late.error?.hint).toBe('inspection_locked');
    expect((await bob.from('inspection_annotations').delete().eq('id', note.data!.id)).error).not.toBeNull();
    expect((await admin.from('inspection_annotations').delete().eq('id', note.data!.id)).error).not.toBeNull();

    const del = await admin.from('inspections').delete().eq('id', id).select('id');
    expect([del.error, del.data]).toEqual([null, [{ id }]]);
    expect((await w.db.admin.query('select 1 from public.inspection_annotations where inspection_id = $1', [id])).rows).toEqual([]);
    const audit = await w.db.admin.query<{ table_name: string; actor: string }>(
      "select table_name, actor::text as actor from public.audit_log where action = 'delete' and row_id in ($1, $2) order by table_name", [id, note.data!.id]);
    expect(audit.rows).toEqual([{ table_name: 'inspection_annotations', actor: w.admin }, { table_name: 'inspections', actor: w.admin }]);
  });
});
