// Status filter chips (SPEC §2): Tous (not resolved, the default), Signalé, En cours, Résolu, with counts.
import { useAtom, useAtomValue } from 'jotai';
import { firstLoadDoneAtom } from '../../state/firstLoad';
import { Chips } from '../../ui';
import { statusFilterAtom, type StatusFilter } from '../../state/filters';
import { countForFilter } from '../../core/sidebarLists';
import { useStatusCounts } from './useSidebarData';
import { SIDEBAR_TEXT as T } from './strings';

export function StatusChips() {
  const [filter, setFilter] = useAtom(statusFilterAtom);
  const c = useStatusCounts();
  // Until the first load is over the counts are unknown: no 'Tous 0' flash after sign-in.
  const ready = useAtomValue(firstLoadDoneAtom) || c.signale + c.pris_en_charge + c.resolu > 0;
  const n = (v: number) => (ready ? v : undefined);
  return (
    <Chips<StatusFilter>
      ariaLabel={T.filterLabel}
      className={`status-chips${ready ? '' : ' status-chips-loading'}`}
      value={filter}
      onChange={setFilter}
      options={[
        { value: 'tous', label: T.chipAll, count: n(countForFilter(c, 'tous')) },
        { value: 'signale', label: T.chipSignale, count: n(c.signale) },
        { value: 'pris_en_charge', label: T.chipEnCours, count: n(c.pris_en_charge) },
        { value: 'resolu', label: T.chipResolu, count: n(c.resolu) },
      ]}
    />
  );
}
