// 'Assigné à' of the selection bar (docs/product.md#bulk-changes): the active members of the one team the selected
// points share (every active member for points without team, admins only), or 'Personne'; asks the bar's
// confirmation naming the count and the person. Disabled, with the reason, when the selected points' teams differ.
import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { pointIndexAtom } from '../../state/pointIndex';
import { ensureMembersLoaded, membersByTeamAtom } from '../../state/members';
import { selectionTeam } from '../../core/bulk/selectionTeam';
import type { BulkSet } from '../../core/bulk/plan';
import { BULK_TEXT as T } from './strings';

const NOBODY = '__nobody__';

export function BulkAssigneeField({ ids, busy, onAsk }: { ids: ReadonlySet<string>; busy: boolean; onAsk: (set: BulkSet, text: string) => void }) {
  const { index, version } = useAtomValue(pointIndexAtom);
  const team = useMemo(() => selectionTeam(index, ids), [index, version, ids]); // eslint-disable-line react-hooks/exhaustive-deps -- the index changes in place; its version says when
  const key = team.kind === 'one' ? team.teamId ?? '' : null;
  const list = useAtomValue(membersByTeamAtom)[key ?? ''];
  useEffect(() => { if (key !== null) void ensureMembersLoaded(key); }, [key]);
  const members = key !== null && list?.status === 'ready' ? list.members : [];
  const n = ids.size;
  const onPick = (v: string) => {
    if (!v) return;
    if (v === NOBODY) onAsk({ assignee_id: null }, T.confirmNoAssignee(n));
    else onAsk({ assignee_id: v }, T.confirmAssignee(n, members.find((m) => m.id === v)?.email ?? v));
  };
  const mixed = team.kind === 'mixed';
  return (
    <>
      <label className="bulk-field">{T.assignee}
        <select value="" disabled={busy || key === null} aria-describedby={mixed ? 'bulk-assignee-hint' : undefined} onChange={(e) => onPick(e.target.value)}>
          <option value="">{T.choose}</option>
          <option value={NOBODY}>{T.nobody}</option>
          {members.map((m) => <option key={m.id} value={m.id}>{m.email}</option>)}
        </select>
      </label>
      {mixed && <span id="bulk-assignee-hint" className="bulk-hint">{T.assigneeMixed}</span>}
      {list?.status === 'error' && <span className="bulk-hint" role="alert">{T.assigneeListFailed}</span>}
    </>
  );
}
