// Criticité tab ('Niveaux de criticité'): list by order with 'Par défaut' badges, create/edit, delete with the
// default and in-use refusals, and up/down reordering saved to "order" (drives cluster colour and the danger count).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { Alert, Button, ConfirmDialog, IconButton, toast } from '../../ui';
import type { CriticalityLevel } from '../../core/types';
import type { Failure } from '../../core/result';
import { levelIdFromName, nextLevelOrder, sortLevels } from '../../core/admin/criticalityOrder';
import { criticalityLevelsAtom } from '../../state/tables';
import { formatDelay } from '../../core/followUp/deadline';
import { deleteLevel, loadLevels, moveLevel, saveLevel } from '../../state/adminActions';
import { A } from './strings';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { CriticalityIconView } from './criticalityIcons';
import { LevelFormDialog, type LevelDraft } from './LevelFormDialog';

export function CriticalityTab() {
  const levels = sortLevels(useAtomValue(criticalityLevelsAtom));
  const { status, reload } = useLoad(loadLevels);
  const [editing, setEditing] = useState<CriticalityLevel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CriticalityLevel | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<Failure | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  const saveDraft = async (d: LevelDraft) => {
    if (editing === 'new') {
      await saveLevel({ id: levelIdFromName(d.name, levels.map((l) => l.id)), ...d, order: nextLevelOrder(levels), isDefault: false });
    } else if (editing) {
      await saveLevel({ id: editing.id, ...d, order: editing.order, isDefault: editing.isDefault, base: editing });
    }
    toast(A.levels.saved, 'success');
  };

  const askDelete = (l: CriticalityLevel) => {
    setError(null);
    if (l.isDefault) { setError(A.levels.defaultNoDelete); return; }
    setDeleteFailure(null);
    setDeleting(l);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteFailure(null);
    const r = await deleteLevel(deleting);
    setDeleteBusy(false);
    if (r.ok) { toast(A.levels.deleted, 'success'); setDeleting(null); }
    else setDeleteFailure(r);
  };
  const doMove = async (id: string, delta: -1 | 1, focusSel: string) => {
    if (moving) return;
    setError(null);
    setMoving(true);
    const r = await moveLevel({ id, delta });
    setMoving(false);
    if (!r.ok) { setError(r.message); return; }
    // Keep keyboard focus on the moved level's same button.
    requestAnimationFrame(() => {
      const btn = document.querySelector<HTMLButtonElement>(focusSel);
      if (btn && !btn.disabled) btn.focus();
      else document.querySelector<HTMLButtonElement>(`[data-for="${id}"]:not([disabled])`)?.focus();
    });
  };

  return (
    <div className="admin-tab levels-tab">
      <div className="admin-toolbar">
        <h3 className="admin-heading">{A.levels.heading}</h3>
        <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing('new')} disabled={status !== 'ready'}>{A.levels.add}</Button>
      </div>
      <p className="admin-note">{A.levels.orderHint}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {status !== 'ready' ? <LoadState status={status} error={A.levels.loadError} onRetry={reload} /> : levels.length === 0 ? (
        <p className="admin-empty">{A.levels.empty}</p>
      ) : (
        <ol className="admin-list" aria-label={A.levels.heading}>
          {levels.map((l, i) => (
            <li key={l.id} className="admin-row level-row" data-level={l.id}>
              <span className="level-chip" style={{ background: l.color }}><CriticalityIconView icon={l.icon} size={16} color="#fff" /></span>
              <span className="admin-row-main">
                <span className="admin-row-title">{l.name}</span>
                <span className="admin-row-meta">
                  <span className="muted small">{A.levels.order(l.order)}</span>
                  {l.delayHours !== undefined && <span className="muted small" data-testid="level-delay">{A.levels.delayOf(formatDelay(l.delayHours))}</span>}
                  {l.isDefault && <span className="badge default-badge">{A.levels.defaultBadge}</span>}
                </span>
              </span>
              <span className="admin-row-actions">
              <span className="reorder">
                <IconButton label={A.levels.moveUp(l.name)} icon={<ArrowUp size={16} />} disabled={i === 0}
                  data-move="up" data-for={l.id} onClick={() => void doMove(l.id, -1, `[data-move="up"][data-for="${l.id}"]`)} />
                <IconButton label={A.levels.moveDown(l.name)} icon={<ArrowDown size={16} />} disabled={i === levels.length - 1}
                  data-move="down" data-for={l.id} onClick={() => void doMove(l.id, 1, `[data-move="down"][data-for="${l.id}"]`)} />
              </span>
              <IconButton label={`${A.edit} ${l.name}`} icon={<Pencil size={16} />} onClick={() => setEditing(l)} />
              <IconButton label={`${A.delete} ${l.name}`} icon={<Trash2 size={16} />} onClick={() => askDelete(l)}
                className={l.isDefault ? 'btn-muted' : undefined} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {editing && <LevelFormDialog level={editing === 'new' ? null : editing} onSave={saveDraft} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting} name={deleting ? `« ${deleting.name} »` : ''} what={A.levels.deleteWhat}
        busy={deleteBusy} error={deleteFailure?.message ?? null} blocked={!!deleteFailure && deleteFailure.kind !== 'error'} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
