// A virtualised list of point rows (index slots, newest first) wired to selection, centring, editing and
// deletion, with a checkbox per row for bulk changes (shift-click: a range; 'Tout sélectionner': the whole
// filtered list, of any size). Only the rows in the DOM ask for their details (name...), in batches; the rest is read from the index.
import { useCallback, useEffect, useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { Point } from '../../core/types';
import { canDeletePointsAtom, criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { pointDetailsVersionAtom } from '../../state/pointIndex';
import { useListPoints } from '../layout/ListPoints';
import { pointDetails, requestPointDetails } from '../../state/pointDetails';
import { centerRequestAtom, deleteRequestAtom, pointFormAtom, selectionAtom } from '../../state/selection';
import { requestMode } from '../../state/modeActions';
import { VirtualList } from '../../ui';
import { UNKNOWN_SEVERITY_COLOR } from '../../core/severity';
import { idAt } from '../../core/pointIndex/store';
import { indexPointView } from '../../core/pointIndex/view';
import { PointRow, POINT_ROW_HEIGHT } from './PointRow';
import { RowIconSprite } from './rowIcons';
import { bulkSelectionAtom } from '../../state/bulk';
import { selectSlots, toggleBulkSelection } from '../../state/bulkActions';
import { BULK_TEXT } from '../bulk/strings';
import { offlineAtom } from '../../state/offline/atoms';

const NO_SLOTS = new Int32Array(0); // the line left's rows are not drawn while the lists follow a switch

export function PointList({ slots, ariaLabel, onPicked }: { slots: Int32Array; ariaLabel: string; onPicked?: () => void }) {
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  const list = useListPoints(); // the index the slots are of (a line switch: the lists follow a moment later)
  const { index } = list.snap;
  useAtomValue(pointDetailsVersionAtom); // re-render rows when details arrive
  const selection = useAtomValue(selectionAtom);
  const offline = useAtomValue(offlineAtom);
  const setSelection = useSetAtom(selectionAtom);
  const setCenter = useSetAtom(centerRequestAtom);
  const setForm = useSetAtom(pointFormAtom);
  const setDelete = useSetAtom(deleteRequestAtom);
  const levelById = useMemo(() => new Map(levels.map((l) => [l.id, l])), [levels]);
  const teamName = useMemo(() => { const m = new Map(teams.map((t) => [t.id, t.name])); return (id: string) => m.get(id) ?? null; }, [teams]);

  const onSelect = useCallback((p: Point) => {
    setSelection({ kind: 'point', id: p.id });
    setCenter({ x: p.position.x, y: p.position.y, nonce: Date.now() });
    onPicked?.();
  }, [setSelection, setCenter, onPicked]);
  const onEdit = useCallback((p: Point) => {
    requestMode('view');
    setSelection({ kind: 'point', id: p.id });
    setForm({ mode: 'edit', pointId: p.id });
  }, [setSelection, setForm]);
  const onDelete = useCallback((p: Point) => setDelete({ kind: 'point', id: p.id, name: p.name }), [setDelete]);
  const canDelete = useAtomValue(canDeletePointsAtom);

  const checked = useAtomValue(bulkSelectionAtom);
  const onCheck = useCallback((p: Point, shift: boolean) => toggleBulkSelection(p.id, { shift, order: slots, index }), [slots, index]);

  const selectedId = selection?.kind === 'point' ? selection.id : null;
  return (
    <>
    <RowIconSprite />
    <div className="bulk-list-tools">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void selectSlots(slots, index)}>{BULK_TEXT.selectAll(slots.length)}</button>
    </div>
    <VirtualList
      items={list.stale ? NO_SLOTS : slots}
      rowHeight={POINT_ROW_HEIGHT}
      ariaLabel={ariaLabel}
      activeKey={selectedId}
      getKey={(slot) => (slot < index.count ? idAt(index, slot) : `gone-${slot}`)}
      renderRow={(slot) => {
        if (slot >= index.count) return null;
        const id = idAt(index, slot);
        const p = indexPointView(index, slot, pointDetails(id), teamName);
        const level = levelById.get(p.criticality);
        return (
          <DetailsRequest id={id}>
            <PointRow point={p} color={level?.color ?? UNKNOWN_SEVERITY_COLOR} levelName={level?.name ?? p.criticality}
              selected={p.id === selectedId} onSelect={onSelect} onEdit={onEdit} onDelete={canDelete ? onDelete : undefined}
              checked={checked.has(p.id)} onCheck={onCheck} detailsOffline={offline && !p.detailsLoaded} />
          </DetailsRequest>
        );
      }}
    />
    </>
  );
}

/** Asks for a row's details while it is in the DOM. */
function DetailsRequest({ id, children }: { id: string; children: React.ReactNode }) {
  useEffect(() => { requestPointDetails([id]); }, [id]);
  return <>{children}</>;
}
