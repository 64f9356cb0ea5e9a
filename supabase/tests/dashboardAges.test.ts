// The ages of the open anomalies at the bucket edges (20261129160000_dashboard_open_days.sql): the function
// sums whole days of report from private.point_open_days and counts one by one only the UTC days holding an edge
// (now - 7, 30, 90 days). Points reported minutes on either side of each edge, at the start and end of the edge's UTC
// day, in between, at the month cut and long ago: private.dashboard_ages must equal a brute-force count of the open
// states with the exact edges, over every line, one line, and with status and team filters; also after some are
// resolved, reopened and deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, testKind, type World } from './fixtures';

let w: World;
let line2: string;

type Row = { criticality: string; bucket: string; n: number };

/** dashboard_ages (for userA, an active member) and the brute-force count, in one transaction (one now()). */
async function both(lineId: string | null, statuses: string[] | null, teams: string[] | null) {
  return w.db.admin.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: w.userA, role: 'authenticated' })]);
    const fn = (await tx.query<Row>(
      'select criticality, bucket, n from private.dashboard_ages($1, $2, $3) order by 1, 2', [lineId, statuses, teams])).rows;
    const brute = (await tx.query<Row>(
      `select criticality, bucket, count(*)::integer as n from (
         select s.criticality, case when s.reported_at > now() - interval '7 days' then 'lt7'
                                    when s.reported_at > now() - interval '30 days' then '7-30'
                                    when s.reported_at > now() - interval '90 days' then '30-90' else 'gt90' end as bucket
           from private.point_states s
          where s.valid_to is null and s.status in ('signale', 'pris_en_charge')
            and ($1::uuid is null or s.line_id = $1) and ($2::text[] is null or s.status = any ($2))
            and ($3::uuid[] is null or s.team_id = any ($3))) x
        group by 1, 2 order by 1, 2`, [lineId, statuses, teams])).rows;
    return { fn, brute };
  });
}

beforeAll(async () => {
  w = await makeWorld();
  line2 = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('LA', 'Ligne âges') returning id")).rows[0].id;
  // Offsets from now for each edge E: E days ± 10 min and ± 5 h, the start and end of E's UTC day; plus days in
  // between, the first day of the month of now - 90 days, and long ago.
  await w.db.admin.query(
    `with t(ts) as (
       select now() - e * interval '1 day' + o from unnest(array[7, 30, 90]) e,
              unnest(array[interval '-10 minutes', interval '10 minutes', interval '-5 hours', interval '5 hours']) o
       union all select date_trunc('day', (now() - e * interval '1 day') at time zone 'UTC') at time zone 'UTC' + o
         from unnest(array[7, 30, 90]) e, unnest(array[interval '1 second', interval '1 day' - interval '1 second']) o
       union all select now() - d * interval '1 day' from unnest(array[0, 1, 3, 8, 15, 29, 31, 60, 89, 91, 100, 200, 400]) d
       union all select date_trunc('month', (now() - interval '90 days') at time zone 'UTC') at time zone 'UTC' + interval '1 second'
     )
     insert into public.points (name, description, "position", km_value, criticality, status, team_id, line_id, created_by, created_at)
     select 'age ' || i, 'd', jsonb_build_object('x', i, 'y', 10), i, (array['attention', 'danger', 'faible'])[1 + i % 3],
            (array['signale', 'pris_en_charge'])[1 + i % 2], case when i % 3 = 0 then null else $2::uuid end,
            case when i % 2 = 0 then $3::uuid else (select l.id from public.lines l where l.id <> $3::uuid order by l.id limit 1) end, $1, ts
       from (select ts, row_number() over (order by ts) as i from t, generate_series(1, 2)) x`, [w.userA, w.team, line2]);
}, 120_000);
afterAll(async () => { await w?.db.close(); });

describe(`dashboard ages at the bucket edges (${testKind()})`, () => {
  it('equal a brute-force count with the exact edges, over every line, one line and with filters', async () => {
    const all = await both(null, null, null);
    expect(all.fn.filter((r) => r.bucket !== 'gt90').length).toBeGreaterThan(6);
    expect(all.fn).toEqual(all.brute);
    for (const args of [[line2, null, null], [null, ['pris_en_charge'], null], [null, null, [w.team]], [line2, ['signale'], [w.team]]] as const) {
      const r = await both(args[0], args[1] ? [...args[1]] : null, args[2] ? [...args[2]] : null);
      expect(r.fn).toEqual(r.brute);
    }
  });

  it('stay equal after points are resolved, reopened and deleted', async () => {
    const ids = (await w.db.admin.query<{ id: string }>("select id from public.points where name like 'age %' order by created_at, id")).rows.map((r) => r.id);
    await w.db.admin.query("update public.points set status = 'resolu' where id = any ($1::uuid[])", [ids.filter((_, i) => i % 4 === 0)]);
    await w.db.admin.query("update public.points set status = 'signale' where id = any ($1::uuid[])", [ids.filter((_, i) => i % 8 === 0)]);
    await w.db.admin.query('delete from public.points where id = any ($1::uuid[])', [ids.filter((_, i) => i % 5 === 1)]);
    const all = await both(null, null, null);
    expect(all.fn).toEqual(all.brute);
    const one = await both(line2, null, null);
    expect(one.fn).toEqual(one.brute);
  });
});
