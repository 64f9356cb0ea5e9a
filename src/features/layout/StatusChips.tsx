// Status filter chips (SPEC §2): Tous (not resolved, the default), Signalé, En cours, Résolu, with counts.
import { useAtom } from 'jotai';
import { Chips } from '../../ui';
import { statusFilterAtom, type StatusFilter } from '../../state/filters';
import { countForFilter } from '../../core/sidebarLists';
import { useStatusCounts } from './useSidebarData';
import { SIDEBAR_TEXT as T } from './strings';

export function StatusChips() {
  const [filter, setFilter] = useAtom(statusFilterAtom);
  const c = useStatusCounts();
  return (
    <Chips<StatusFilter>
      ariaLabel={T.filterLabel}
      className="status-chips"
      value={filter}
      onChange={setFilter}
      options={[
        { value: 'tous', label: T.chipAll, count: countForFilter(c, 'tous') },
        { value: 'signale', label: T.chipSignale, count: c.signale },
        { value: 'pris_en_charge', label: T.chipEnCours, count: c.pris_en_charge },
        { value: 'resolu', label: T.chipResolu, count: c.resolu },
      ]}
    />
  );
}
