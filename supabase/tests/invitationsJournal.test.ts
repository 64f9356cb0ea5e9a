// Invitations in the Journal: creating, revoking and using an invitation each write one audit
// entry (table 'invitations') with the email and never the token hash; admins read them, plain members do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, asUser, createUser, testKind, type World } from './fixtures';

let w: World;
beforeAll(async () => { w = await makeWorld(); }, 120_000);
afterAll(async () => { await w?.db.close(); });

interface Entry { actor: string | null; row_id: string; action: string; changes: Record<string, { old?: unknown; new?: unknown }> }
const entries = async (rowId: string) => (await w.db.admin.query<Entry>(
  "select actor, row_id, action, changes from public.audit_log where table_name = 'invitations' and row_id = $1 order by id", [rowId])).rows;
const idOf = async (email: string) => (await w.db.admin.query<{ id: string }>('select id from public.invitations where email = $1', [email])).rows[0].id;

describe(`invitations in the audit log (${testKind()})`, () => {
  it('created and revoked by the admin, with the email, never the token', async () => {
    await asUser(w.db, w.admin, 'select public.invite_user($1)', ['olga@example.org']);
    const id = await idOf('olga@example.org');
    expect(await asUser(w.db, w.admin, 'select public.revoke_invitation($1) as ok', [id])).toEqual([{ ok: true }]);
    const log = await entries(id);
    expect(log.map((e) => [e.action, e.actor])).toEqual([['insert', w.admin], ['update', w.admin]]);
    expect(log[0].changes.email).toEqual({ new: 'olga@example.org' });
    expect(log[1].changes).toMatchObject({ revoked_at: { old: null }, email: { old: 'olga@example.org' } });
    expect(JSON.stringify(log)).not.toContain('token');
  });

  it('used: the new member is the actor', async () => {
    const user = await createUser(w.db, 'paul@example.org');
    const log = await entries(await idOf('paul@example.org'));
    expect(log.map((e) => [e.action, e.actor])).toEqual([['insert', null], ['update', user]]);
    expect(log[1].changes).toMatchObject({ redeemed_at: { old: null }, email: { old: 'paul@example.org' } });
  });

  it('admins read them, plain members do not', async () => {
    const q = "select count(*)::int as n from public.audit_log where table_name = 'invitations'";
    expect((await asUser<{ n: number }>(w.db, w.admin, q))[0].n).toBeGreaterThanOrEqual(4);
    expect((await asUser<{ n: number }>(w.db, w.userA, q))[0].n).toBe(0);
  });
});
