// The supervisor view's rows, durations and list filters (src/core/dashboard/supervisor.ts).
import { describe, expect, it } from 'vitest';
import { formatHours, splitSupervisorRows, supervisorListParams } from './supervisor';
import { NO_TEAM_ID } from './stats';

const raw = (kind: string, id: string | null, open: number, late: number, label: string | null = null) =>
  ({ group_kind: kind, group_id: id, label, open: String(open), late, interventions: 0, first_intervention_hours: null, resolved: 1, resolution_hours: '12.5' });

describe('splitSupervisorRows', () => {
  it('splits assignees and teams, most late first, the none row last, numbers typed', () => {
    const { assignees, teams } = splitSupervisorRows([
      raw('assignee', null, 9, 9), raw('assignee', 'a', 3, 1, 'zoe@x.fr'), raw('assignee', 'b', 5, 2, 'bob@x.fr'),
      raw('assignee', 'c', 6, 1, 'ann@x.fr'), raw('team', 't1', 1, 0), raw('team', null, 4, 4), raw('team', 't2', 2, 1),
    ]);
    expect(assignees.map((r) => r.group_id)).toEqual(['b', 'c', 'a', null]);
    expect(teams.map((r) => r.group_id)).toEqual(['t2', 't1', null]);
    expect(assignees[0]).toMatchObject({ open: 5, late: 2, resolution_hours: 12.5, first_intervention_hours: null });
  });
});

describe('formatHours', () => {
  it('says hours under two days, then days with one decimal', () => {
    expect(formatHours(null)).toBe('—');
    expect(formatHours(0.4)).toBe('< 1 h');
    expect(formatHours(3)).toBe('3 h');
    expect(formatHours(47.4)).toBe('47 h');
    expect(formatHours(48)).toBe('2 j');
    expect(formatHours(84)).toBe('3,5 j');
  });
});

describe('supervisorListParams', () => {
  it('selects the open points of the assignee (within the team filter) or of the team', () => {
    expect(supervisorListParams('assignee', 'u1', null)).toEqual({ status: 'neq.resolu', assignee_id: 'eq.u1' });
    expect(supervisorListParams('assignee', null, ['t1'])).toEqual({ status: 'neq.resolu', assignee_id: 'is.null', team_id: 'eq.t1' });
    expect(supervisorListParams('team', 't1', ['t2'])).toEqual({ status: 'neq.resolu', team_id: 'eq.t1' });
    expect(supervisorListParams('team', null, null)).toEqual({ status: 'neq.resolu', team_id: 'is.null' });
    expect(supervisorListParams('assignee', 'u1', [NO_TEAM_ID])).toEqual({ status: 'neq.resolu', assignee_id: 'eq.u1', team_id: 'is.null' });
  });
});
