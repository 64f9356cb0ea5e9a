// A virtualised list of point rows wired to selection, centring, editing and deletion.
import { useCallback, useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { Point } from '../../core/types';
import { criticalityLevelsAtom } from '../../state/data';
import { centerRequestAtom, deleteRequestAtom, pointFormAtom, selectionAtom } from '../../state/selection';
import { requestModeAtom } from '../../state/modeActions';
import { VirtualList } from '../../ui';
import { UNKNOWN_SEVERITY_COLOR } from '../../core/severity';
import { PointRow, POINT_ROW_HEIGHT } from './PointRow';

export function PointList({ points, ariaLabel, onPicked }: { points: readonly Point[]; ariaLabel: string; onPicked?: () => void }) {
  const levels = useAtomValue(criticalityLevelsAtom);
  const selection = useAtomValue(selectionAtom);
  const setSelection = useSetAtom(selectionAtom);
  const setCenter = useSetAtom(centerRequestAtom);
  const setForm = useSetAtom(pointFormAtom);
  const setDelete = useSetAtom(deleteRequestAtom);
  const requestMode = useSetAtom(requestModeAtom);
  const levelById = useMemo(() => new Map(levels.map((l) => [l.id, l])), [levels]);

  const onSelect = useCallback((p: Point) => {
    setSelection({ kind: 'point', id: p.id });
    setCenter({ x: p.position.x, y: p.position.y, nonce: Date.now() });
    onPicked?.();
  }, [setSelection, setCenter, onPicked]);
  const onEdit = useCallback((p: Point) => {
    requestMode('view');
    setSelection({ kind: 'point', id: p.id });
    setForm({ mode: 'edit', pointId: p.id });
  }, [requestMode, setSelection, setForm]);
  const onDelete = useCallback((p: Point) => setDelete({ kind: 'point', id: p.id, name: p.name }), [setDelete]);

  const selectedId = selection?.kind === 'point' ? selection.id : null;
  return (
    <VirtualList
      items={points}
      rowHeight={POINT_ROW_HEIGHT}
      ariaLabel={ariaLabel}
      activeKey={selectedId}
      getKey={(p) => p.id}
      renderRow={(p) => {
        const level = levelById.get(p.criticality);
        return (
          <PointRow point={p} color={level?.color ?? UNKNOWN_SEVERITY_COLOR} levelName={level?.name ?? p.criticality}
            selected={p.id === selectedId} onSelect={onSelect} onEdit={onEdit} onDelete={onDelete} />
        );
      }}
    />
  );
}
