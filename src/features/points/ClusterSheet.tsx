// The sheet listing the points of a clicked cluster ('N signalement(s)'); each row opens that point's form.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { Dialog } from '../../ui/Dialog';
import { criticalityLevelsAtom, pointsAtom } from '../../state/data';
import { clusterSheetAtom, pointFormAtom, selectionAtom } from '../../state/selection';
import { formatKm } from '../../core/format';
import { STATUS_LABELS } from '../../core/constants';
import type { Point } from '../../core/types';

export const CLUSTER_SHEET_MAX_ROWS = 300; // rows rendered; beyond, the user zooms in (the count stays exact)

export const CLUSTER_SHEET_STRINGS = {
  title: (n: number) => `${n} signalement(s)`,
  more: (n: number) => `… et ${n} autre(s) : zoomez pour les distinguer`,
  noName: 'Sans libellé',
} as const;

export function ClusterSheet() {
  const [ids, setIds] = useAtom(clusterSheetAtom);
  const points = useAtomValue(pointsAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const setForm = useSetAtom(pointFormAtom);
  const setSelection = useSetAtom(selectionAtom);
  const byId = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);
  const levelById = useMemo(() => new Map(levels.map((l) => [l.id, l])), [levels]);
  const rows = useMemo(() => {
    const list = (ids ?? []).map((id) => byId.get(id)).filter((p): p is Point => !!p);
    return list.sort((a, b) => (a.kmValue ?? Infinity) - (b.kmValue ?? Infinity));
  }, [ids, byId]);
  const open = ids !== null;
  const shown = rows.slice(0, CLUSTER_SHEET_MAX_ROWS);

  const openPoint = (id: string) => {
    setIds(null);
    setSelection({ kind: 'point', id });
    setForm({ mode: 'edit', pointId: id });
  };

  return (
    <Dialog open={open} onOpenChange={(o) => { if (!o) setIds(null); }} title={CLUSTER_SHEET_STRINGS.title(ids?.length ?? 0)} size="sm" dismissOnOutsideClick>
      <ul className="cluster-sheet-list" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}>
        {shown.map((p) => {
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
                  <span style={{ display: 'block', fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.name || CLUSTER_SHEET_STRINGS.noName}</span>
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
    </Dialog>
  );
}
