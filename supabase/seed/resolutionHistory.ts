// The demo's resolved points with a history: reported ('Signalé'), taken in hand, then resolved days later, as the
// log of a network in use would hold, so that the dashboard's resolution times and the points' 'Historique' read
// like real data. Rewrites the seed's own audit entries (the table is append-only: its guard trigger is set aside
// for this transaction only) and rebuilds the derived states from the log.
import type { Queryable } from '../../server/db/types';

/**
 * For each resolved point logged by its insert: the insert says 'signale', then 'pris_en_charge' a third of the way
 * and 'resolu' at the end of a delay drawn from the criticality (danger: 6 h to 5 days; attention: 1 to 45 days),
 * never later than an hour ago. The insert entries are dated at the point's report time.
 */
export async function writeResolutionHistory(tx: Queryable): Promise<void> {
  await tx.query('alter table public.audit_log disable trigger audit_log_immutable');
  await tx.query(`
    with resolved as (
      select l.id as entry_id, l.row_id, l.actor, (l.changes -> 'created_at' ->> 'new')::timestamptz as reported_at,
             p.criticality,
             -- A repeatable draw per point (its id), not random(): the same demo on every start.
             ('x' || substr(md5(l.row_id), 1, 8))::bit(32)::bigint / 4294967295.0 as u
        from public.audit_log l join public.points p on p.id = l.row_id::uuid
       where l.table_name = 'points' and l.action = 'insert' and l.changes -> 'status' ->> 'new' = 'resolu'
    ), timed as (
      select r.*, least(r.reported_at + case when r.criticality = 'danger' then interval '6 hours' + r.u * interval '114 hours'
                                             else interval '1 day' + r.u * interval '44 days' end,
                        greatest(r.reported_at, now() - interval '1 hour')) as resolved_at
        from resolved r
    ), reworded as (
      update public.audit_log l set changes = jsonb_set(l.changes, '{status,new}', '"signale"')
        from timed t where l.id = t.entry_id
    )
    insert into public.audit_log (at, actor, table_name, row_id, action, changes)
    select e.at, t.actor, 'points', t.row_id, 'update', e.changes
      from timed t
      cross join lateral (values
        (t.reported_at + (t.resolved_at - t.reported_at) / 3, '{"status": {"old": "signale", "new": "pris_en_charge"}}'::jsonb, 1),
        (t.resolved_at, '{"status": {"old": "pris_en_charge", "new": "resolu"}}'::jsonb, 2)) e(at, changes, step)
     order by e.step, e.at`);
  await tx.query(`
    update public.audit_log l set at = (l.changes -> 'created_at' ->> 'new')::timestamptz
     where l.table_name = 'points' and l.action = 'insert' and l.changes ? 'created_at'`);
  await tx.query('alter table public.audit_log enable trigger audit_log_immutable');
  await tx.query('select private.rebuild_point_states()');
}
