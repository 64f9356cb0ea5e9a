// Places screen labels without overlap: each label, in priority order, takes the first of the vertical offsets
// where its box overlaps no label already placed and stays inside the view's top edge; a label with no such
// offset is not shown. Pure and small (a few dozen zone labels): run once per redraw, never per gesture frame.

export interface LabelBox { x: number; y: number; w: number; h: number }

/** The offset chosen for each label (same order), or null when it cannot be shown without overlap. */
export function placeLabels(boxes: readonly LabelBox[], offsets: readonly number[], opts: { gap?: number; minY?: number } = {}): (number | null)[] {
  const gap = opts.gap ?? 2;
  const minY = opts.minY ?? 0;
  const placed: LabelBox[] = [];
  return boxes.map((b) => {
    for (const dy of offsets) {
      const c = { x: b.x, y: b.y + dy, w: b.w, h: b.h };
      if (c.y < minY) continue;
      const hit = placed.some((p) => c.x < p.x + p.w + gap && p.x < c.x + c.w + gap && c.y < p.y + p.h + gap && p.y < c.y + c.h + gap);
      if (!hit) { placed.push(c); return dy; }
    }
    return null;
  });
}
