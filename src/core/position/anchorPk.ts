// PK from the distance along a track axis, by linear interpolation between PK anchors placed on that axis
// (docs/product.md#position). Two anchors at the same place with different PKs are a jump in the numbering:
// never interpolated across, each side keeps its own numbering. Beyond the first or last anchor the PK is
// extrapolated at the slope of the nearest interval, flagged as outside the anchors.

/** An anchor projected on its axis: `along` in metres from the axis start, `pk` in km. */
export interface AlongAnchor { along: number; pk: number }

/** Anchors closer than this along the axis are one place (a jump when their PKs differ). */
export const JUMP_SPACING_M = 0.5;

export interface AnchorPk { pk: number; kmPerM: number; outside: boolean }

/** Anchors in axis order (stable: ties keep their given order, which is the order of the numbering). */
export function sortAnchors(anchors: readonly AlongAnchor[]): AlongAnchor[] {
  return anchors
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => Number.isFinite(a.along) && Number.isFinite(a.pk))
    .sort((p, q) => p.a.along - q.a.along || p.i - q.i)
    .map(({ a }) => a);
}

/** The intervals between consecutive anchors that have a length (jumps have none). */
function intervals(sorted: readonly AlongAnchor[]): [AlongAnchor, AlongAnchor][] {
  const out: [AlongAnchor, AlongAnchor][] = [];
  for (let i = 0; i < sorted.length - 1; i++) {
    if (sorted[i + 1].along - sorted[i].along > JUMP_SPACING_M) out.push([sorted[i], sorted[i + 1]]);
  }
  return out;
}

/** A PK lookup over anchors already sorted by `sortAnchors`; null with fewer than two distinct places. */
export function anchorPkLookup(sorted: readonly AlongAnchor[]): ((along: number) => AnchorPk) | null {
  const spans = intervals(sorted);
  if (spans.length === 0) return null;
  const starts = spans.map(([a]) => a.along);
  return (along: number) => {
    let lo = 0, hi = spans.length - 1;
    while (lo < hi) { // last span starting at or before `along`
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= along) lo = mid; else hi = mid - 1;
    }
    const [a, b] = spans[lo];
    const kmPerM = (b.pk - a.pk) / (b.along - a.along);
    const outside = along < spans[0][0].along || along > spans[spans.length - 1][1].along;
    return { pk: a.pk + (along - a.along) * kmPerM, kmPerM, outside };
  };
}
