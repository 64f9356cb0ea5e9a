// bulk_update_points in slices on PGlite: the cut (order kept, every group's values kept), the merged answer, and
// through supabase-js on the embedded server, a request refused for one group's value writes nothing, and a
// sliced request answers exactly as one transaction would (updated, conflicts at stale versions, missing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';
import { BULK_SLICE_IDS, mergeBulkAnswers, oneOfEachGroup, sliceBulkChanges } from './bulkSlices';

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`);

describe('sliceBulkChanges', () => {
  it('cuts groups in order into slices of at most `size` ids, each keeping its group\'s values', () => {
    const a = ids(5);
    const b = ids(4, 100);
    const slices = sliceBulkChanges([{ set: { status: 'resolu' }, ids: a, versions: a.map((_, i) => i) }, { set: { team_id: null }, ids: b, versions: b.map(() => 'v') }], 3)!;
    expect(slices.map((s) => s.map((g) => g.ids.length))).toEqual([[3], [2, 1], [3]]);
    expect(slices.flat().flatMap((g) => g.ids)).toEqual([...a, ...b]);
    expect(slices[1][0]).toEqual({ set: { status: 'resolu' }, ids: a.slice(3), versions: [3, 4] });
    expect(slices[1][1].set).toEqual({ team_id: null });
    expect(oneOfEachGroup(slices)).toEqual([
      { set: { status: 'resolu' }, ids: [a[0]], versions: [0] }, { set: { status: 'resolu' }, ids: [a[3]], versions: [3] },
      { set: { team_id: null }, ids: [b[0]], versions: ['v'] }, { set: { team_id: null }, ids: [b[1]], versions: ['v'] },
    ]);
  });

  it('leaves whole what the database refuses at once or what is small', () => {
    const a = ids(10);
    expect(sliceBulkChanges([{ set: {}, ids: a, versions: a }], 10)).toBeNull();
    expect(sliceBulkChanges([{ set: {}, ids: [...a, a[0].toUpperCase()], versions: [...a, a[0]] }], 3)).toBeNull();
    expect(sliceBulkChanges([{ set: {}, ids: a, versions: a.slice(1) }], 3)).toBeNull();
    expect(sliceBulkChanges({ set: {}, ids: a, versions: a }, 3)).toBeNull();
    const many = ids(10_001);
    expect(sliceBulkChanges([{ set: {}, ids: many, versions: many }], 3)).toBeNull();
  });

  it('merges answers list by list, in order', () => {
    expect(mergeBulkAnswers([{ updated: [['a', 'v']], conflicts: [], missing: ['x'] }, { updated: [['b', 'w']], conflicts: [{ id: 'c' }], missing: [] }]))
      .toEqual({ updated: [['a', 'v'], ['b', 'w']], conflicts: [{ id: 'c' }], missing: ['x'] });
  });
});

const onPglite = !process.env.TEST_DATABASE_URL;
let s: RunningServer;
let admin: Member;
let m: Member;
const N = BULK_SLICE_IDS * 2 + 10;
beforeAll(async () => {
  if (!onPglite) return;
  s = await startTestServer();
  admin = await signUpMember(s, 'admin@example.com');
  m = await signUpMember(s, 'membre@example.com');
  await s.db.admin.exec(`insert into public.points (name, position) select 'Tranche ' || g, jsonb_build_object('x', g, 'y', 1) from generate_series(1, ${N}) g`);
}, 120_000);
afterAll(async () => { await s?.close(); });

describe.skipIf(!onPglite)('bulk_update_points in slices (PGlite)', () => {
  const read = async () => (await m.c.from('points').select('id, updated_at, status').order('id').limit(N)).data!;

  it('a request refused for the value of its last group writes nothing', async () => {
    const rows = await read();
    const half = rows.length / 2;
    const { error, status } = await m.c.rpc('bulk_update_points', { p_changes: [
      { set: { status: 'pris_en_charge' }, ids: rows.slice(0, half).map((r) => r.id), versions: rows.slice(0, half).map((r) => r.updated_at) },
      { set: { status: 'pas_un_statut' }, ids: rows.slice(half).map((r) => r.id), versions: rows.slice(half).map((r) => r.updated_at) },
    ] });
    expect(error).not.toBeNull();
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect((await read()).filter((r) => r.status === 'pris_en_charge')).toEqual([]);
  });

  it('a request with a malformed version in its last slice writes nothing', async () => {
    const rows = await read();
    const versions: unknown[] = rows.map((r) => r.updated_at);
    versions[versions.length - 1] = 'pas une date';
    const { error } = await m.c.rpc('bulk_update_points', { p_changes: [{ set: { status: 'pris_en_charge' }, ids: rows.map((r) => r.id), versions }] });
    expect(error?.code).toBe('22007');
    expect((await read()).filter((r) => r.status === 'pris_en_charge')).toEqual([]);
  });

  it('answers as one transaction would: every row updated, a stale version a conflict, a deleted row missing', async () => {
    const rows = await read();
    const stale = rows[BULK_SLICE_IDS + 3];
    const gone = rows[5];
    expect((await m.c.from('points').update({ name: 'Changé entre-temps', updated_at: stale.updated_at }).eq('id', stale.id)).error).toBeNull();
    await s.db.admin.query('delete from public.points where id = $1', [gone.id]);
    const { data, error } = await m.c.rpc('bulk_update_points', { p_changes: [{ set: { status: 'resolu' }, ids: rows.map((r) => r.id), versions: rows.map((r) => r.updated_at) }] });
    expect(error).toBeNull();
    const answer = data as { updated: [string, string][]; unchanged: unknown[]; conflicts: { id: string }[]; missing: string[] };
    expect(answer.updated).toHaveLength(rows.length - 2);
    expect(answer.conflicts.map((c) => c.id)).toEqual([stale.id]);
    expect(answer.missing).toEqual([gone.id]);
    expect(answer.unchanged).toEqual([]);
    expect((await read()).filter((r) => r.status === 'resolu')).toHaveLength(rows.length - 2);
  });
});

describe.skipIf(!onPglite)('notifications of a bulk change in slices (PGlite)', () => {
  it('tell the assignee once, with the whole count, as one statement would', async () => {
    const rows = (await admin.c.from('points').select('id, updated_at').order('id').limit(N)).data!;
    expect(rows.length).toBeGreaterThan(BULK_SLICE_IDS);
    const { error } = await admin.c.rpc('bulk_update_points', { p_changes: [{ set: { assignee_id: m.id }, ids: rows.map((r) => r.id), versions: rows.map((r) => r.updated_at) }] });
    expect(error).toBeNull();
    const mine = (await m.c.from('notifications').select('kind, count, title')).data!;
    expect(mine.filter((n) => n.kind === 'assigned')).toEqual([
      { kind: 'assigned', count: rows.length, title: `${rows.length} signalements vous ont été assignés` }]);
    const left = await s.db.admin.query<{ n: number }>('select count(*)::int as n from private.deferred_point_changes');
    expect(left.rows[0].n).toBe(0);
  });
});
