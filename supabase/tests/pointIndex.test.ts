// public.point_index_bin() (the compact point index read from the table as bytes: the app's catch-up and its load of
// every line) under row-level security (anonymous gets nothing, a member gets every point in compact columns, block
// ranges, {split} and p_since work), and the deletion tombstones (filled by the trigger, read-only to members).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBytea } from '../../test/fixtures/pointIndex/readAsMember';
import { uuidAt } from '../../src/core/pointIndex/ids';
import type { PointIndexPage } from '../../src/core/pointIndex/types';
import type { Queryable } from '../../server/db/types';
import { ctxFor, makeWorld, testKind, tryAs, type World } from './fixtures';

const idsOf = (p: { idBytes: Uint8Array; count: number }) => Array.from({ length: p.count }, (_, i) => uuidAt(p.idBytes, i));

let w: World;
beforeAll(async () => {
  w = await makeWorld();
  // 24 more points with known values (some without team, some km null, one resolved).
  for (let i = 0; i < 24; i++) {
    await w.db.admin.query(
      `insert into public.points (name, "position", km_value, status, criticality, team_id) values ($1, $2, $3, $4, $5, $6)`,
      [`P${i}`, JSON.stringify({ x: 100 + i, y: 200.5 + i }), i % 3 === 0 ? null : 12 + i / 100, i === 5 ? 'resolu' : i % 2 ? 'pris_en_charge' : 'signale',
        i % 4 === 0 ? 'danger' : 'attention', i % 2 ? w.team : null]);
  }
});
afterAll(async () => { await w?.db.close(); });

/** An answer: its page (none when split), or {split} with the rows counted and the table's blocks. */
type Answer = { split: true; n: number; blocks: number } | { split: false; page: PointIndexPage };

async function read(tx: Queryable, args: string, params: unknown[]): Promise<Answer> {
  const r = (await tx.query<{ r: Uint8Array }>(`select public.point_index_bin(${args})::bytea as r`, params)).rows[0].r;
  const a = decodeBytea(r);
  if (a.split) return { split: true, n: a.total, blocks: a.blocks };
  expect(a.pages).toHaveLength(1);
  return { split: false, page: a.pages[0] };
}

describe(`point_index_bin (${testKind()})`, () => {
  const call = (user: string | null, args: Record<string, unknown> = {}) =>
    tryAs(w.db, user, (tx) => read(tx, 'p_block_from => $1, p_block_to => $2, p_since => $3, p_limit => $4',
      [args.from ?? null, args.to ?? null, args.since ?? null, args.limit ?? null]));
  const pageOf = (a: Answer) => { if (a.split) throw new Error('split'); return a.page; };

  it('anonymous callers get nothing (no execute grant)', async () => {
    const r = await call(null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('42501');
  });

  it('a member gets every point, in id order, with the same values as the table', async () => {
    const r = await call(w.userA);
    if (!r.ok) throw r.error;
    const page = pageOf(r.value);
    expect(page.count).toBe(25);
    const rows = (await w.db.admin.query<{ id: string; x: number; y: number; km: number | null; status: string; criticality: string; team_id: string | null; created: number }>(`select id, ("position"->>'x')::float8 x, ("position"->>'y')::float8 y, km_value::float8 km, status, criticality, team_id,
      extract(epoch from created_at) * 1000 as created from public.points order by id`)).rows;
    expect(idsOf(page).sort()).toEqual(rows.map((r) => r.id));
    const slotOf = new Map(idsOf(page).map((id, i) => [id, i]));
    rows.forEach((row) => {
      const i = slotOf.get(row.id)!;
      expect(page.x[i]).toBeCloseTo(row.x, 3);
      expect(page.y[i]).toBeCloseTo(row.y, 3);
      if (row.km === null) expect(Number.isNaN(page.km[i])).toBe(true); else expect(page.km[i]).toBe(Number(row.km));
      expect(['signale', 'pris_en_charge', 'resolu'][page.status[i]]).toBe(row.status);
      expect(page.critKeys[page.crit[i]]).toBe(row.criticality);
      expect(page.team[i] === 0 ? null : page.teamKeys[page.team[i] - 1]).toBe(row.team_id);
      expect(Math.abs(page.created[i] - Number(row.created))).toBeLessThan(1);
    });
    expect(page.asOf).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('answers {split} past p_limit; block ranges partition the table', async () => {
    const big = await call(w.userB, { limit: 10 });
    if (!big.ok) throw big.error;
    expect(big.value).toMatchObject({ n: 11, split: true });
    if (!big.value.split) throw new Error('not split');
    const blocks = big.value.blocks;
    expect(blocks).toBeGreaterThan(0);
    const all = (await w.db.admin.query<{ id: string }>('select id from public.points order by id')).rows.map((r) => r.id);
    const got: string[] = [];
    for (let b = 0; b < blocks; b++) {
      const r = await call(w.userB, { from: b, to: b + 1 });
      if (!r.ok) throw r.error;
      got.push(...idsOf(pageOf(r.value)));
    }
    expect(got.sort()).toEqual(all);
  });

  it('p_since keeps only the rows updated after that instant', async () => {
    const r = await tryAs(w.db, w.userA, async (tx) => {
      await tx.query("update public.points set status = 'resolu', updated_at = updated_at where id = $1", [w.point]);
      // now() is the transaction start: everything updated in this transaction counts as after `before`.
      return read(tx, "p_since => now() - interval '1 millisecond'", []);
    });
    if (!r.ok) throw r.error;
    const page = pageOf(r.value);
    expect(idsOf(page)).toEqual([w.point]);
    expect(page.status[0]).toBe(2);
  });

  it('an empty range gives an empty page', async () => {
    const r = await call(w.userA, { from: 100000 });
    if (!r.ok) throw r.error;
    const page = pageOf(r.value);
    expect(page.count).toBe(0);
  });
});

describe(`point tombstones (${testKind()})`, () => {
  it('a deletion leaves a tombstone that members can read and nobody can write', async () => {
    const r = await tryAs(w.db, w.userA, async (tx) => {
      await tx.query('delete from public.points where id = $1', [w.point]);
      return (await tx.query<{ id: string }>('select id from public.point_tombstones')).rows.map((x) => x.id);
    });
    if (!r.ok) throw r.error;
    expect(r.value).toEqual([w.point]);
    const forged = await tryAs(w.db, w.userA, (tx) => tx.query("insert into public.point_tombstones (id) values (gen_random_uuid())"));
    expect(forged.ok).toBe(false);
    const anon = await tryAs(w.db, null, (tx) => tx.query('select id from public.point_tombstones'));
    expect(anon.ok).toBe(false);
  });

  it('the trigger runs with a pinned search_path', async () => {
    const r = await w.db.admin.query<{ cfg: string[] }>("select proconfig as cfg from pg_proc where proname = 'record_point_tombstone'");
    expect(r.rows[0].cfg).toContain('search_path=""');
    expect(ctxFor(null)).toBeTruthy();
  });
});
