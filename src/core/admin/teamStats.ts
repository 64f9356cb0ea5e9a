// Team card figures (docs/product.md#teams, #statuses, #constants): active members (profiles' team), points total, resolved, progress = resolved / total rounded to %.
import type { Point, Profile } from '../types';

export interface TeamStats { members: number; total: number; resolved: number; percent: number }

/** Rounded percentage of resolved points; 0 when the team has none. */
export function progressPercent(resolved: number, total: number): number {
  return total > 0 ? Math.round((resolved / total) * 100) : 0;
}

/** Stats for every team id given; points and profiles of other teams are ignored. */
export function teamStats(
  teamIds: string[],
  points: Pick<Point, 'teamId' | 'status'>[],
  profiles: Pick<Profile, 'teamId' | 'active'>[],
): Map<string, TeamStats> {
  const out = new Map<string, TeamStats>();
  for (const id of teamIds) out.set(id, { members: 0, total: 0, resolved: 0, percent: 0 });
  for (const p of profiles) if (p.teamId && p.active !== false) { const s = out.get(p.teamId); if (s) s.members++; }
  for (const p of points) {
    if (!p.teamId) continue;
    const s = out.get(p.teamId);
    if (!s) continue;
    s.total++;
    if (p.status === 'resolu') s.resolved++;
  }
  for (const s of out.values()) s.percent = progressPercent(s.resolved, s.total);
  return out;
}

/** The same stats from per-team status counts (the point index's counts, not one object per point). */
export function teamStatsFromCounts(
  teamIds: string[],
  counts: ReadonlyMap<string, { signale: number; pris_en_charge: number; resolu: number }>,
  profiles: Pick<Profile, 'teamId' | 'active'>[],
): Map<string, TeamStats> {
  const out = teamStats(teamIds, [], profiles);
  for (const [id, s] of out) {
    const c = counts.get(id);
    if (!c) continue;
    s.total = c.signale + c.pris_en_charge + c.resolu;
    s.resolved = c.resolu;
    s.percent = progressPercent(s.resolved, s.total);
  }
  return out;
}
