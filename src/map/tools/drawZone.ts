// Draw-zone mode: each tap appends a vertex to draftZoneAtom (live preview in the draft layer); validate from
// 3 vertices opens the zone form; cancel clears the vertices and returns to view (SPEC §4).
import { MIN_ZONE_VERTICES } from '../../core/constants';
import { draftZoneAtom, zoneFormAtom } from '../../state/selection';
import { modeAtom } from '../../state/mode';
import { insideImage, type MapTool, type ToolContext } from './types';

export const drawZoneTool: MapTool = {
  enter(ctx) { ctx.store.set(draftZoneAtom, []); },
  click(ctx, { image }) {
    if (!insideImage(image, ctx.image)) return;
    const v = { x: Math.round(image.x), y: Math.round(image.y) };
    ctx.store.set(draftZoneAtom, [...ctx.store.get(draftZoneAtom), v]);
  },
  move(ctx) { ctx.api?.redrawDraft(); },
  cancel(ctx) {
    ctx.store.set(draftZoneAtom, []);
    ctx.store.set(modeAtom, 'view');
  },
};

/** 'Valider la zone': opens the zone form with the drawn vertices; false when fewer than 3. */
export function validateDraftZone(ctx: Pick<ToolContext, 'store'>): boolean {
  const vertices = ctx.store.get(draftZoneAtom);
  if (vertices.length < MIN_ZONE_VERTICES) return false;
  ctx.store.set(zoneFormAtom, { mode: 'create', vertices: [...vertices] });
  return true;
}
