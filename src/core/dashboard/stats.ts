// The dashboard's statistics as public.dashboard_stats answers them (supabase/migrations/20261125130100_dashboard_stats.sql),
// and their shaping for the charts and the 'Voir les données' tables: one series per criticality level (stacked in the
// levels' order), age buckets, French labels.
import type { CriticalityLevel } from '../types';

export type DashboardPeriod = 30 | 90 | 365;
export const DASHBOARD_PERIODS: readonly DashboardPeriod[] = [30, 90, 365];
export type AgeBucket = 'lt7' | '7-30' | '30-90' | 'gt90';
export const AGE_BUCKETS: readonly AgeBucket[] = ['lt7', '7-30', '30-90', 'gt90'];
export const AGE_LABELS: Record<AgeBucket, string> = { lt7: 'Moins de 7 jours', '7-30': '7 à 30 jours', '30-90': '30 à 90 jours', gt90: 'Plus de 90 jours' };
/** The nil uuid stands for "no team" in the team filter and the team rows (null). */
export const NO_TEAM_ID = '00000000-0000-0000-0000-000000000000';

export interface DashboardStats {
  first_day: string;
  open_by_day: { day: string; criticality: string; open: number }[];
  flow_by_week: { week: string; reported: number; resolved: number }[];
  ages: { criticality: string; bucket: AgeBucket; n: number }[];
  teams: { team_id: string | null; open: number; in_progress: number; resolved: number; median_days: number | null }[];
  stretches: { line_id: string; km: number; open: number; score: number; worst_criticality: string }[];
}

export interface DaySeries { days: string[]; series: { level: string; name: string; color: string; values: number[] }[] }

/** Levels in their order, then any criticality the data names that is no longer a level (grey). */
export function levelsFor(levels: readonly CriticalityLevel[], named: Iterable<string>): { id: string; name: string; color: string }[] {
  const out = [...levels].sort((a, b) => a.order - b.order).map((l) => ({ id: l.id, name: l.name, color: l.color }));
  for (const id of named) if (!out.some((l) => l.id === id)) out.push({ id, name: id, color: '#9ca3af' });
  return out;
}

/** One value per day and level (0 where the database named none), days in order. */
export function openByDaySeries(stats: DashboardStats, levels: readonly CriticalityLevel[]): DaySeries {
  const days = [...new Set(stats.open_by_day.map((r) => r.day))].sort();
  const at = new Map(days.map((d, i) => [d, i]));
  const series = levelsFor(levels, stats.open_by_day.map((r) => r.criticality)).map((l) => ({ level: l.id, name: l.name, color: l.color, values: new Array<number>(days.length).fill(0) }));
  for (const r of stats.open_by_day) series.find((s) => s.level === r.criticality)!.values[at.get(r.day)!] = r.open;
  return { days, series };
}

/** Running sums of the series in order (the top edge of each stacked band). */
export function stack(values: readonly number[][]): number[][] {
  const out: number[][] = [];
  values.forEach((v, i) => out.push(v.map((x, j) => x + (i ? out[i - 1][j] : 0))));
  return out;
}

/** Count per level and age bucket: rows in the levels' order, every bucket present. */
export function ageTable(stats: DashboardStats, levels: readonly CriticalityLevel[]): { level: string; name: string; color: string; counts: Record<AgeBucket, number> }[] {
  return levelsFor(levels, stats.ages.map((a) => a.criticality)).map((l) => {
    const counts = { lt7: 0, '7-30': 0, '30-90': 0, gt90: 0 } as Record<AgeBucket, number>;
    for (const a of stats.ages) if (a.criticality === l.id) counts[a.bucket] = a.n;
    return { level: l.id, name: l.name, color: l.color, counts };
  });
}

/** The creation-time window of an age bucket, as [from, to) milliseconds (to null: now), `now` given. */
export function ageWindow(bucket: AgeBucket, now: number): { from: number | null; to: number | null } {
  const day = 86_400_000;
  switch (bucket) {
    case 'lt7': return { from: now - 7 * day, to: null };
    case '7-30': return { from: now - 30 * day, to: now - 7 * day };
    case '30-90': return { from: now - 90 * day, to: now - 30 * day };
    default: return { from: null, to: now - 90 * day };
  }
}

const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
/** '25/11/2026' for the ISO day '2026-11-25' (a calendar day: no time zone shift). */
export const formatDay = (iso: string): string => DAY.format(new Date(`${iso}T00:00:00Z`));
const DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** '23,5' for 23.5; '—' for null. */
export const formatDays = (d: number | null): string => (d === null ? '—' : DECIMAL.format(d));
