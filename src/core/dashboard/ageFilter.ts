// The list filtered by an age bar of the dashboard: the open anomalies of one criticality whose creation
// (created_at) falls in one age bucket, narrowed by the dashboard's team filter and the sidebar's status filter.
// The buckets' edges are those of private.dashboard_ages: under 7 days is created > now - 7 d, 7-30 days is
// now - 30 d < created <= now - 7 d, and so on.
import type { PointIndex } from '../pointIndex/types';
import { passes } from '../pointIndex/queries';
import type { StatusFilter } from '../sidebarLists';
import type { AgeBucket } from './stats';
import { NO_TEAM_ID } from './stats';

export interface AgeListFilter {
  bucket: AgeBucket;
  criticality: string;
  /** The dashboard's team filter when the bar was chosen (null: every team; NO_TEAM_ID: no team). */
  teamIds: string[] | null;
  /** The time the ages are counted from (ms): the list stays the bar's list while it is shown. */
  now: number;
}

const DAY = 86_400_000;
const EDGES: Record<AgeBucket, [number | null, number | null]> = { lt7: [7, null], '7-30': [30, 7], '30-90': [90, 30], gt90: [null, 90] };

/** Whether a point created at `created` (ms) is in the age bucket at `now` (ms), as the SQL counts it. */
export function inAgeBucket(created: number, bucket: AgeBucket, now: number): boolean {
  const [older, newer] = EDGES[bucket];
  return (older === null || created > now - older * DAY) && (newer === null || created <= now - newer * DAY);
}

/** The slots of `order` (newest first) that pass the status filter and the age filter (open points only). */
export function ageFilterSlots(ix: PointIndex, order: ArrayLike<number>, status: StatusFilter, f: AgeListFilter): Int32Array {
  const crit = ix.critKeys.indexOf(f.criticality);
  if (crit < 0) return new Int32Array(0);
  const teams = f.teamIds === null ? null : new Set(f.teamIds.map((id) => (id === NO_TEAM_ID ? 0 : ix.teamKeys.indexOf(id) + 1)));
  const out = new Int32Array(order.length);
  let n = 0;
  for (let k = 0; k < order.length; k++) {
    const s = order[k];
    if (s >= ix.count || ix.crit[s] !== crit || !passes(ix.status[s], status === 'resolu' ? 'tous' : status)) continue;
    if (ix.status[s] === 2 || (teams && !teams.has(ix.team[s])) || !inAgeBucket(ix.created[s], f.bucket, f.now)) continue;
    out[n++] = s;
  }
  return out.slice(0, n);
}
