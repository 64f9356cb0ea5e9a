// Both versions of a point in conflict, field by field, and the choice: keep mine or the server's; for a point
// deleted on the server, recreate it or drop the change. The fields come from the three-way diff.
import { useAtomValue } from 'jotai';
import type { OutboxItem, PointFields } from '../../core/outbox/types';
import { fieldsOf } from '../../core/outbox/applied';
import { diffVersions, sameValue } from '../../core/conflict';
import { STATUS_LABELS } from '../../core/constants';
import { formatKm } from '../../core/format';
import type { Point } from '../../core/types';
import { criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { keepMine, keepServer } from '../../state/offline/queue';
import { resolvableInDialog, resolveOutboxConflict } from '../../state/offline/resolveConflict';
import { replayOutbox } from '../../state/offline/replay';
import { Button } from '../../ui';
import { OFFLINE_UI as T } from './strings';

const SHOWN: (keyof PointFields)[] = ['name', 'description', 'kmValue', 'status', 'criticality', 'teamId', 'ticketNumber', 'imageUrl', 'position'];

export function ConflictView({ item }: { item: OutboxItem }) {
  const teams = useAtomValue(teamsAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const mine = item.view;
  const show = (p: Point | null, k: keyof PointFields): string => {
    if (!p) return T.none;
    const v = fieldsOf(p)[k];
    if (v === null || v === undefined || v === '') return T.none;
    switch (k) {
      case 'status': return STATUS_LABELS[v as Point['status']] ?? String(v);
      case 'teamId': return teams.find((t) => t.id === v)?.name ?? String(v);
      case 'criticality': return levels.find((l) => l.id === v)?.name ?? String(v);
      case 'kmValue': return formatKm(v as number);
      case 'position': { const pos = v as Point['position']; return `${Math.round(pos.x)}, ${Math.round(pos.y)}`; }
      case 'imageUrl': return String(v).split('/').pop() ?? String(v);
      default: return String(v);
    }
  };
  const act = async (fn: (id: string) => Promise<void>) => { await fn(item.id); void replayOutbox(); };
  if (item.conflict === 'deleted') {
    return (
      <div className="conflict-view" role="group" aria-label={T.conflictTitle}>
        <p>{T.conflictDeletedIntro}</p>
        <div className="conflict-actions">
          {mine && <Button size="sm" variant="primary" onClick={() => void act(keepMine)}>{T.recreate}</Button>}
          <Button size="sm" onClick={() => void act(keepServer)}>{T.dropMine}</Button>
        </div>
      </div>
    );
  }
  // The three-way diff (src/core/conflict.ts): the fields this device changed that differ on the server.
  const base = item.before ?? mine;
  const rows = mine && item.server && base
    ? diffVersions(fieldsOf(base), fieldsOf(mine), fieldsOf(item.server), SHOWN).filter((d) => d.mineChanged && !sameValue(d.mine, d.theirs)).map((d) => d.field)
    : SHOWN.filter((k) => show(mine, k) !== show(item.server, k));
  if (resolvableInDialog(item)) {
    // The same dialog as an online conflict: field by field, text merge, who changed it and when.
    return (
      <div className="conflict-view" role="group" aria-label={T.conflictTitle}>
        <p>{T.conflictIntro}</p>
        <p className="muted small">{rows.map((k) => T.fieldLabels[k]).join(', ')}</p>
        <div className="conflict-actions">
          <Button size="sm" variant="primary" onClick={() => void resolveOutboxConflict(item.id)}>{T.resolve}</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="conflict-view" role="group" aria-label={T.conflictTitle}>
      <p>{T.conflictIntro}</p>
      <table className="conflict-table">
        <thead><tr><th scope="col">{T.field}</th><th scope="col">{T.mine}</th><th scope="col">{T.theirs}</th></tr></thead>
        <tbody>
          {rows.map((k) => (
            <tr key={k}>
              <th scope="row">{T.fieldLabels[k]}</th>
              <td data-label={T.mine}>{show(mine, k)}</td>
              <td data-label={T.theirs}>{show(item.server, k)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="conflict-actions">
        <Button size="sm" variant="primary" onClick={() => void act(keepMine)}>{T.keepMine}</Button>
        <Button size="sm" onClick={() => void act(keepServer)}>{T.keepServer}</Button>
      </div>
    </div>
  );
}
