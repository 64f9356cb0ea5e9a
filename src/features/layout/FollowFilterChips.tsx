// The follow-up filters above the 'Tout' list (docs/product.md#follow-up-filters): 'Assignés à moi', 'Mes
// signalements', 'En retard'; one at a time, pressed again to clear; says when the list cannot be read.
import { useAtomValue } from 'jotai';
import { ToggleChip } from '../../ui';
import { FOLLOW_FILTER_LABELS, type FollowFilterKind } from '../../core/followUp/followFilter';
import { followFilterAtom, toggleFollowFilter } from '../../state/followFilter';
import { SIDEBAR_TEXT as T } from './strings';

export function FollowFilterChips() {
  const f = useAtomValue(followFilterAtom);
  return (
    <div className="follow-filters" role="group" aria-label={T.followFilters}>
      {(Object.keys(FOLLOW_FILTER_LABELS) as FollowFilterKind[]).map((k) => (
        <ToggleChip key={k} pressed={f?.kind === k} onToggle={() => void toggleFollowFilter(k)}>{FOLLOW_FILTER_LABELS[k]}</ToggleChip>
      ))}
      {f?.status === 'error' && <p className="field-error" role="alert">{T.followFilterError}</p>}
    </div>
  );
}
