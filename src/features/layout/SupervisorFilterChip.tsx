// The chip above the 'Tout' list while a row of the dashboard's supervisor view filters it: names the assignee or
// team and how many anomalies the list holds, with a button that clears the filter; showing another line ends it.
import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { X } from 'lucide-react';
import { supervisorListAtom } from '../../state/supervisorList';
import { activeLineAtom } from '../../state/tables';
import { SIDEBAR_TEXT as T } from './strings';

export function SupervisorFilterChip({ count }: { count: number }) {
  const [f, setF] = useAtom(supervisorListAtom);
  const lineId = useAtomValue(activeLineAtom)?.id ?? null;
  const otherLine = !!f && f.lineId !== null && f.lineId !== lineId;
  useEffect(() => { if (otherLine) setF(null); }, [otherLine, setF]);
  if (!f || otherLine) return null;
  const text = f.status === 'ready' ? T.supervisorFilter(f.kind, f.name, count)
    : f.status === 'loading' ? T.supervisorFilterLoading : T.supervisorFilterError;
  return (
    <div className="age-filter" role="status" data-testid="supervisor-filter">
      <span className="age-filter-text">{text}</span>
      <button type="button" className="btn btn-ghost age-filter-clear" aria-label={T.supervisorFilterClear} onClick={() => setF(null)}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
