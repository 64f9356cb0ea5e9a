// Inspection records (docs/product.md#inspection-records) through the API on the migrated database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): a member saves a record for themselves; it is read back exactly as saved after
// its points changed and one was deleted; it is locked 24 h after it was saved (update and delete refused in SQL,
// annotations still accepted and never edited); members read the records of the lines they can read, admins all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';

let w: World;
let h: Harness;
let admin: SupabaseClient, alice: SupabaseClient, bob: SupabaseClient;
let line: string, archivedLine: string;

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  admin = h.client(await h.userToken(w.admin, 'admin@example.org'));
  alice = h.client(await h.userToken(w.userA, 'alice@example.org'));
  bob = h.client(await h.userToken(w.userB, 'bob@example.org'));
  line = (await w.db.admin.query<{ id: string }>('select line_id as id from public.points where id = $1', [w.point])).rows[0].id;
  archivedLine = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name, archived) values ('L9', 'Ligne fermée', true) returning id")).rows[0].id;
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

const record = (over: Record<string, unknown> = {}) => ({
  line_id: line, inspector: w.userA, km_from: 12, km_to: 18.5, filters: { zones: [w.zone], tracks: ['voie_1'] },
  findings: [{ id: w.point, name: 'Traverse fissurée', km: 12.5, status: 'signale', criticality: 'attention', team_id: w.team, zones: [w.zone] }],
  counts: { [w.zone]: { attention: 1 } }, remarks: { [w.zone]: 'Ballast à surveiller' },
  not_inspected: [{ km_from: 15, km_to: 16, reason: 'Voie occupée' }], ...over,
});

describe('inspections', () => {
  it('a member saves a record for themselves only; it reads back as saved after its points changed or were deleted', async () => {
    const forBob = await alice.from('inspections').insert(record({ inspector: w.userB }));
    expect(forBob.error?.code).toBe('42501');
    const saved = await alice.from('inspections').insert(record()).select('*').single();
    expect(saved.error).toBeNull();

    // The point changes and is then deleted: the record keeps what was found.
    const p = await alice.from('points').select('updated_at').eq('id', w.point).single();
    expect((await alice.from('points').update({ status: 'resolu', updated_at: p.data!.updated_at }).eq('id', w.point)).error).toBeNull();
    expect((await admin.from('points').delete().eq('id', w.point)).error).toBeNull();
    const again = await bob.from('inspections').select('*').eq('id', saved.data!.id).single();
    expect(again.error).toBeNull();
    expect(again.data!.findings).toEqual(record().findings);
    expect(again.data!.remarks).toEqual(record().remarks);
    expect(again.data!.not_inspected).toEqual(record().not_inspected);
    expect(again.data!.inspector).toBe(w.userA);
    expect(again.data!.inspector_email).toBe('alice@example.org');
  });

  it('locked 24 h after saving: update refused in SQL for everyone, delete for its inspector, annotations still added, never edited', async () => {
    const fresh = await alice.from('inspections').insert(record()).select('*').single();
    const edit = await alice.from('inspections').update({ remarks: { x: 'corrigé' }, updated_at: fresh.data!.updated_at }).eq('id', fresh.data!.id).select('remarks').single();
    expect(edit.error).toBeNull(); // within 24 h the inspector may still correct it
    const backdated = await alice.from('inspections').insert(record({ created_at: '2020-01-01T00:00:00Z' })).select('created_at').single();
    expect(Date.now() - Date.parse(backdated.data!.created_at)).toBeLessThan(3_600_000); // the database stamps it
    const moved = await alice.from('inspections').update({ inspector: w.userB }).eq('id', fresh.data!.id);
    expect(moved.error?.code).toBe('42501');

    // A record saved 24 h and 1 minute ago (the insert stamps created_at: the test backdates it under the lock's bypass).
    const old = (await w.db.admin.query<{ id: string }>(
      `insert into public.inspections (line_id, inspector, inspected_at) values ($1, $2, now() - interval '25 hours') returning id`, [line, w.userA])).rows[0].id;
    await w.db.admin.query('alter table public.inspections disable trigger inspection_lock');
    await w.db.admin.query("update public.inspections set created_at = now() - interval '24 hours 1 minute' where id = $1", [old]);
    await w.db.admin.query('alter table public.inspections enable trigger inspection_lock');
    const v = await alice.from('inspections').select('updated_at').eq('id', old).single();
    for (const c of [alice, admin]) {
      const upd = await c.from('inspections').update({ remarks: { x: 'trop tard' }, updated_at: v.data!.updated_at }).eq('id', old);
      expect(upd.error?.code).toBe('42501');
      expect(upd.error?.message).toMatch(/Tournée verrouillée/);
    }
    // Its inspector cannot delete it any more (an admin can: inspectionBounds.test.ts).
    const del = await alice.from('inspections').delete().eq('id', old);
    expect(del.error?.code).toBe('42501');
    // Even SQL without the API (the service role) cannot change it.
    await expect(w.db.admin.query("update public.inspections set remarks = '{}' where id = $1", [old])).rejects.toMatchObject({ code: '42501' });

    const note = await bob.from('inspection_annotations').insert({ inspection_id: old, author: w.userB, body: 'Vu le 25/11 : ballast repris.' }).select('*').single();
    expect(note.error).toBeNull();
    const editNote = await bob.from('inspection_annotations').update({ body: 'autre' }).eq('id', note.data!.id);
    expect(editNote.error).not.toBeNull();
    const audit = await w.db.admin.query<{ n: string }>("select count(*)::text as n from public.audit_log where table_name = 'inspection_annotations' and row_id = $1", [note.data!.id]);
    expect(audit.rows[0].n).toBe('1');
    const edits = await w.db.admin.query<{ n: string }>("select count(*)::text as n from public.audit_log where table_name = 'inspections' and row_id = $1 and action = 'update'", [fresh.data!.id]);
    expect(edits.rows[0].n).toBe('1');
  });

  it('members read the records of the lines they can read; admins all; anon nothing', async () => {
    const hidden = (await w.db.admin.query<{ id: string }>('insert into public.inspections (line_id, inspector) values ($1, $2) returning id', [archivedLine, w.userA])).rows[0].id;
    expect((await alice.from('inspections').select('id').eq('id', hidden)).data).toEqual([]);
    expect((await admin.from('inspections').select('id').eq('id', hidden)).data).toHaveLength(1);
    expect((await alice.from('inspections').insert(record({ line_id: archivedLine }))).error).not.toBeNull();
    const anon = await h.client().from('inspections').select('id');
    expect(anon.data ?? []).toEqual([]);
  });
});
