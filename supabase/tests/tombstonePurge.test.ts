// Tombstones older than the replicas' maximum age (30 days, REPLICA_MAX_AGE_DAYS) are purged by the next deletion
// of points; younger ones stay (migration 20261124121000_tombstone_purge.sql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctxFor, makeWorld, testKind, type World } from './fixtures';

let w: World;
beforeAll(async () => { w = await makeWorld(); });
afterAll(async () => { await w?.db.close(); });

describe(`tombstone purge (${testKind()})`, () => {
  it('a deletion drops tombstones older than 30 days and keeps the others', async () => {
    await w.db.admin.query(`insert into public.point_tombstones (id, deleted_at) values
      ('00000000-0000-4000-8000-000000000031', now() - interval '31 days'),
      ('00000000-0000-4000-8000-000000000029', now() - interval '29 days')`);
    await w.db.asRequest(ctxFor(w.userA), (tx) => tx.query('delete from public.points where id = $1', [w.point]));
    const left = (await w.db.admin.query<{ id: string }>('select id::text as id from public.point_tombstones order by deleted_at')).rows.map((x) => x.id);
    expect(left).toEqual(['00000000-0000-4000-8000-000000000029', w.point]);
  });
});
