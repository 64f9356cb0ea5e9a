// The supervisor's view of the dashboard (docs/product.md#supervisor-view): the rows of public.supervisor_stats
// split into assignees and teams, the durations as the table shows them, and the list filter a row opens.
import { NO_TEAM_ID } from './stats';

export type SupervisorGroup = 'assignee' | 'team';

/** One row of public.supervisor_stats (group_id null: nobody assigned, or no team). */
export interface SupervisorRow {
  group_kind: SupervisorGroup;
  group_id: string | null;
  label: string | null;
  open: number;
  late: number;
  interventions: number;
  first_intervention_hours: number | null;
  resolved: number;
  resolution_hours: number | null;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

/** A row as the API answers it: the columns are named, their values checked here (numbers may come as strings). */
export type SupervisorAnswerRow = { readonly [K in keyof SupervisorRow]: unknown };

/** The answer's rows typed, split by group; the 'none' row of each comes last. */
export function splitSupervisorRows(raw: readonly SupervisorAnswerRow[]): { assignees: SupervisorRow[]; teams: SupervisorRow[] } {
  const rows: SupervisorRow[] = raw.map((r) => ({
    group_kind: r.group_kind === 'team' ? 'team' : 'assignee',
    group_id: (r.group_id as string | null) ?? null,
    label: (r.label as string | null) ?? null,
    open: num(r.open), late: num(r.late), interventions: num(r.interventions),
    first_intervention_hours: numOrNull(r.first_intervention_hours),
    resolved: num(r.resolved), resolution_hours: numOrNull(r.resolution_hours),
  }));
  const order = (a: SupervisorRow, b: SupervisorRow) =>
    Number(a.group_id === null) - Number(b.group_id === null) || b.late - a.late || b.open - a.open
    || (a.label ?? '').localeCompare(b.label ?? '', 'fr') || (a.group_id ?? '').localeCompare(b.group_id ?? '');
  return {
    assignees: rows.filter((r) => r.group_kind === 'assignee').sort(order),
    teams: rows.filter((r) => r.group_kind === 'team').sort(order),
  };
}

/** A median duration: '—' without any, '< 1 h', whole hours under two days, then days with one decimal ('3,5 j'). */
export function formatHours(h: number | null): string {
  if (h === null || !Number.isFinite(h)) return '—';
  if (h < 1) return '< 1 h';
  if (h < 48) return `${Math.round(h)} h`;
  return `${(Math.round((h / 24) * 10) / 10).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} j`;
}

/**
 * The PostgREST filters of the list a row opens: its open points (of the dashboard's team filter too, for an
 * assignee). The 'En retard' part is the sidebar's own filter.
 */
export function supervisorListParams(kind: SupervisorGroup, id: string | null, teamIds: readonly string[] | null): Record<string, string> {
  const eqOrNull = (v: string | null) => (v === null || v === NO_TEAM_ID ? 'is.null' : `eq.${v}`);
  const out: Record<string, string> = { status: 'neq.resolu' };
  if (kind === 'assignee') {
    out.assignee_id = eqOrNull(id);
    if (teamIds && teamIds.length === 1) out.team_id = eqOrNull(teamIds[0]);
  } else {
    out.team_id = eqOrNull(id);
  }
  return out;
}
