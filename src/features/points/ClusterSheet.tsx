// The sheet listing the points of a clicked cluster ('N signalement(s)'); each row opens that point's form.
// Rows come from the point index (PK order); the names of the rows shown are fetched on demand.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { Dialog } from '../../ui/Dialog';
import { criticalityLevelsAtom } from '../../state/tables';
import { pointDetailsVersionAtom, pointIndexAtom } from '../../state/pointIndex';
import { pointDetails, requestPointDetails } from '../../state/pointDetails';
import { findSlot } from '../../core/pointIndex/store';
import { indexPointView } from '../../core/pointIndex/view';
import { clusterSheetAtom, pointFormAtom, selectionAtom } from '../../state/selection';
import { formatKm } from '../../core/format';
import { STATUS_LABELS } from '../../core/constants';
import { selectIds } from '../../state/bulkActions';
import { BULK_TEXT } from '../bulk/strings';

export const CLUSTER_SHEET_MAX_ROWS = 300; // rows rendered; beyond, the user zooms in (the count stays exact)

export const CLUSTER_SHEET_STRINGS = {
  title: (n: number) => `${n} signalement(s)`,
  more: (n: number) => `… et ${n} autre(s) : zoomez pour les distinguer`,
  noName: 'Sans libellé',
} as const;

export function ClusterSheet() {
  const [ids, setIds] = useAtom(clusterSheetAtom);
  const snap = useAtomValue(pointIndexAtom);
  const index = snap.index;
  const detailsVersion = useAtomValue(pointDetailsVersionAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const setForm = useSetAtom(pointFormAtom);
  const setSelection = useSetAtom(selectionAtom);
  const levelById = useMemo(() => new Map(levels.map((l) => [l.id, l])), [levels]);
  const slots = useMemo(() => {
    const list = (ids ?? []).map((id) => findSlot(index, id)).filter((s) => s >= 0);
    const km = (s: number) => (Number.isNaN(index.km[s]) ? Infinity : index.km[s]);
    return list.sort((a, b) => km(a) - km(b));
  }, [ids, snap]); // eslint-disable-line react-hooks/exhaustive-deps -- the index is read through `snap`, which changes with it
  const open = ids !== null;
  const shownSlots = slots.slice(0, CLUSTER_SHEET_MAX_ROWS);
  const shown = useMemo(() => shownSlots.map((s) => indexPointView(index, s, undefined)), [shownSlots.join(','), snap]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the slots' content and the index version
  useEffect(() => { if (shown.length) requestPointDetails(shown.map((p) => p.id)); }, [shown]);
  const rows = slots;

  const openPoint = (id: string) => {
    setIds(null);
    setSelection({ kind: 'point', id });
    setForm({ mode: 'edit', pointId: id });
  };

  return (
    <Dialog open={open} onOpenChange={(o) => { if (!o) setIds(null); }} title={CLUSTER_SHEET_STRINGS.title(ids?.length ?? 0)} size="sm" dismissOnOutsideClick>
      <ul className="cluster-sheet-list" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}>
        {shown.map((base) => {
          void detailsVersion;
          const d = pointDetails(base.id);
          const p = d ? { ...base, name: d.name } : base;
          const level = levelById.get(p.criticality);
          return (
            <li key={p.id}>
              <button
                type="button"
                className="cluster-sheet-row"
                onClick={() => openPoint(p.id)}
                style={{ display: 'flex', width: '100%', gap: 10, alignItems: 'center', padding: '10px 8px', minHeight: 44, border: 0, borderBottom: '1px solid #e5e7eb', background: 'none', textAlign: 'left', cursor: 'pointer', font: 'inherit', opacity: p.status === 'resolu' ? 0.6 : 1 }}
              >
                <span aria-hidden="true" style={{ width: 12, height: 12, borderRadius: 6, flex: '0 0 12px', background: level?.color ?? '#6b7280' }} />
                <span style={{ flex: 1, minWidth: 0 }}>
                  <span style={{ display: 'block', fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.name || (d ? CLUSTER_SHEET_STRINGS.noName : '…')}</span>
                  <span style={{ display: 'block', fontSize: 13, color: '#4b5563' }}>
                    PK {formatKm(p.kmValue)} · {STATUS_LABELS[p.status]}{level ? ` · ${level.name}` : ''}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {rows.length > shown.length && <p style={{ color: '#4b5563', fontSize: 13 }}>{CLUSTER_SHEET_STRINGS.more(rows.length - shown.length)}</p>}
      {ids && ids.length > 0 && (
        <button type="button" className="btn btn-secondary" onClick={() => { selectIds(ids); setIds(null); }}>{BULK_TEXT.selectCluster(ids.length)}</button>
      )}
    </Dialog>
  );
}
