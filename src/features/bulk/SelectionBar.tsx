// The bar of a selection ('N sélectionnés'): change status, team, criticality or assignee of every selected point, delete
// them (admins, after a confirmation naming the count), each change after a confirmation naming the count and the
// change, 'Annuler la modification' of the last batch; progress while a batch runs,
// then what was written and the rows changed meanwhile (listed, not overwritten). docs/product.md#bulk-changes
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { STATUS_LABELS } from '../../core/constants';
import type { PointStatus } from '../../core/types';
import type { BulkSet } from '../../core/bulk/plan';
import { formatKm } from '../../core/format';
import { bulkOutcomeAtom, bulkProgressAtom, bulkSelectionAtom, bulkUndoAtom } from '../../state/bulk';
import { applyBulkChange, clearBulkSelection, deleteSelectedPoints, undoLastBulk } from '../../state/bulkActions';
import { isAdminAtom } from '../../state/session';
import { criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { pointIndexAtom } from '../../state/pointIndex';
import { pointFormAtom } from '../../state/selection';
import { findSlot } from '../../core/pointIndex/store';
import { ActionConfirmDialog, Button, ConfirmDialog } from '../../ui';
import { outboxItemsAtom } from '../../state/offline/atoms';
import { resolveOutboxConflict } from '../../state/offline/resolveConflict';
import { BulkAssigneeField } from './BulkAssigneeField';
import { BULK_TEXT as T } from './strings';
import './bulk.css';

const STATUSES: PointStatus[] = ['signale', 'pris_en_charge', 'resolu'];
const NO_TEAM = '__none__';

export function SelectionBar() {
  const selection = useAtomValue(bulkSelectionAtom);
  const progress = useAtomValue(bulkProgressAtom);
  const outcome = useAtomValue(bulkOutcomeAtom);
  const setOutcome = useSetAtom(bulkOutcomeAtom);
  const undo = useAtomValue(bulkUndoAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const teams = useAtomValue(teamsAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState<{ set: BulkSet; text: string } | null>(null);
  const busy = progress !== null;
  const n = selection.size;
  if (n === 0 && !outcome && !busy) return null;

  const ask = (set: BulkSet, text: string) => setAsked({ set, text });
  const onStatus = (v: string) => { if (v) ask({ status: v as PointStatus }, T.confirmStatus(n, STATUS_LABELS[v as PointStatus])); };
  const onTeam = (v: string) => {
    if (!v) return;
    if (v === NO_TEAM) ask({ team_id: null }, T.confirmNoTeam(n));
    else ask({ team_id: v }, T.confirmTeam(n, teams.find((t) => t.id === v)?.name ?? v));
  };
  const onLevel = (v: string) => { if (v) ask({ criticality: v }, T.confirmLevel(n, levels.find((l) => l.id === v)?.name ?? v)); };

  return (
    <section className="bulk-bar" aria-label={T.barLabel}>
      <div className="bulk-bar-row">
        <strong className="bulk-count" aria-live="polite">{T.selected(n)}</strong>
        {n > 0 && (
          <>
            <label className="bulk-field">{T.status}
              <select value="" disabled={busy} onChange={(e) => onStatus(e.target.value)}>
                <option value="">{T.choose}</option>
                {STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
              </select>
            </label>
            <label className="bulk-field">{T.team}
              <select value="" disabled={busy} onChange={(e) => onTeam(e.target.value)}>
                <option value="">{T.choose}</option>
                <option value={NO_TEAM}>{T.noTeam}</option>
                {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </select>
            </label>
            <label className="bulk-field">{T.criticality}
              <select value="" disabled={busy} onChange={(e) => onLevel(e.target.value)}>
                <option value="">{T.choose}</option>
                {levels.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
              </select>
            </label>
            <BulkAssigneeField ids={selection} busy={busy} onAsk={ask} />
            {isAdmin && <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>{T.delete}</Button>}
            <Button variant="ghost" disabled={busy} onClick={() => { clearBulkSelection(); setOutcome(null); }}>{T.clear}</Button>
          </>
        )}
        {undo && !busy && <Button onClick={() => void undoLastBulk()}>{T.undo}</Button>}
        {n === 0 && !busy && <Button variant="ghost" onClick={() => setOutcome(null)}>Fermer</Button>}
      </div>
      {progress && (
        <p className="bulk-progress" role="status">
          {progress.sending
            ? <><progress aria-label={T.sending(progress.total)} /> {T.sending(progress.total)}</>
            : <><progress max={progress.total} value={progress.done} /> {T.progress(progress.done, progress.total)}</>}
        </p>
      )}
      {outcome && !busy && <OutcomeText />}
      <ActionConfirmDialog
        open={asked !== null}
        title={T.confirmTitle(n)}
        message={asked?.text ?? ''}
        confirmLabel={T.apply}
        onCancel={() => setAsked(null)}
        onConfirm={() => { if (asked) void applyBulkChange(asked.set); setAsked(null); }}
      />
      <ConfirmDialog
        open={confirming}
        name={T.confirmName(n)}
        what={T.confirmWhat(n)}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => { void deleteSelectedPoints().then(() => setConfirming(false)); }}
      />
    </section>
  );
}

function OutcomeText() {
  const outcome = useAtomValue(bulkOutcomeAtom)!;
  const { index } = useAtomValue(pointIndexAtom);
  const setForm = useSetAtom(pointFormAtom);
  const items = useAtomValue(outboxItemsAtom);
  const done = outcome.queued !== undefined ? T.queued(outcome.queued) : outcome.kind === 'delete' ? T.deleted(outcome.written) : outcome.kind === 'undo' ? T.undone(outcome.written) : T.written(outcome.written);
  // A row changed meanwhile waits in the outbox as a conflict: its button opens the one conflict dialog.
  const conflictItem = (id: string) => items.find((i) => i.state === 'conflict' && i.op.kind === 'update' && i.op.pointId === id);
  return (
    <div className="bulk-outcome" role="status">
      <p>{done}{outcome.missing.length > 0 && ` ${T.missing(outcome.missing.length)}`}</p>
      {outcome.error && <p className="field-error" role="alert">{outcome.error}</p>}
      {outcome.conflicts.length > 0 && (
        <>
          <p className="bulk-conflicts-title">{T.conflicts(outcome.conflicts.length)}</p>
          <ul className="bulk-conflicts">
            {outcome.conflicts.slice(0, 50).map((c) => {
              const slot = findSlot(index, c.id);
              const km = slot >= 0 && !Number.isNaN(index.km[slot]) ? index.km[slot] : null;
              const item = conflictItem(c.id);
              return (
                <li key={c.id}>
                  <button type="button" className="link-button" onClick={() => setForm({ mode: 'edit', pointId: c.id })}>
                    {T.conflictRow(formatKm(km), STATUS_LABELS[c.status])}
                  </button>
                  {item && <> · <button type="button" className="link-button" onClick={() => void resolveOutboxConflict(item.id)}>{T.resolve}</button></>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
