// View mode: a tap on a point selects it and opens its form, on a cluster opens the sheet of its points,
// on a zone selects the zone; a tap on nothing clears the selection.
import { clusterSheetAtom, pointFormAtom, selectionAtom } from '../../state/selection';
import type { MapTool } from './types';

export const viewTool: MapTool = {
  enter() {},
  click(ctx, { hit }) {
    const { store } = ctx;
    if (!hit) { store.set(selectionAtom, null); return; }
    if (hit.kind === 'point') {
      const id = ctx.pointIds[hit.index];
      if (!id) return;
      store.set(selectionAtom, { kind: 'point', id });
      store.set(pointFormAtom, { mode: 'edit', pointId: id });
    } else if (hit.kind === 'cluster') {
      const ids = ctx.pointIds;
      void ctx.api?.leaves(hit.clusterId).then((indices) => {
        store.set(clusterSheetAtom, indices.map((i) => ids[i]).filter((id): id is string => !!id));
      });
    } else {
      store.set(selectionAtom, { kind: 'zone', id: hit.zoneId });
    }
  },
  move() {},
  cancel(ctx) { ctx.store.set(selectionAtom, null); },
};
