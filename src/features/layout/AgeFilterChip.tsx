// The chip above the 'Tout' list while an age bar of the dashboard filters it: says the level, the age
// and how many open anomalies the list holds, with a button that clears the filter.
import { useAtom, useAtomValue } from 'jotai';
import { X } from 'lucide-react';
import { listAgeFilterAtom } from '../../state/listAgeFilter';
import { criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { AGE_LABELS, NO_TEAM_ID } from '../../core/dashboard/stats';
import { SIDEBAR_TEXT as T } from './strings';

export function AgeFilterChip({ count }: { count: number }) {
  const [age, setAge] = useAtom(listAgeFilterAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  if (!age) return null;
  const level = levels.find((l) => l.id === age.criticality);
  const team = age.teamIds?.map((id) => (id === NO_TEAM_ID ? T.noTeam : teams.find((t) => t.id === id)?.name ?? id)).join(', ');
  const text = T.ageFilter(level?.name ?? age.criticality, AGE_LABELS[age.bucket].toLowerCase(), team ?? null, count);
  return (
    <div className="age-filter" role="status" data-testid="age-filter">
      <span className="chip-dot" style={{ background: level?.color ?? '#9ca3af' }} aria-hidden="true" />
      <span className="age-filter-text">{text}</span>
      <button type="button" className="btn btn-ghost age-filter-clear" aria-label={T.ageFilterClear} onClick={() => setAge(null)}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
