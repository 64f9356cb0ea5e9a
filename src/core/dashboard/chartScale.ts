// Scales of the dashboard's time charts (docs/product.md#tableau-de-bord): the y axis rises above the tallest value so
// the top bar or band is never cut, and the x axis of weekly bars reaches half a week beyond the first and last weeks so
// their bars are drawn whole.
export const WEEK_SECONDS = 7 * 86400;

/** Top of the y scale for a highest value `max`: about 10 % above it, at least one above it, and at least 1. */
export function chartYTop(max: number | null | undefined): number {
  const m = Number.isFinite(max) && (max as number) > 0 ? (max as number) : 0;
  return Math.max(1, Math.ceil((m * 11) / 10), Math.ceil(m) + 1);
}

/** The x range (seconds) of weekly bars centred on [first, last]: half a week of room on each side. */
export function weekBarsXRange(first: number | null | undefined, last: number | null | undefined): [number, number] {
  const a = Number.isFinite(first) ? (first as number) : 0;
  const b = Number.isFinite(last) ? (last as number) : a;
  return [a - WEEK_SECONDS / 2, b + WEEK_SECONDS / 2];
}
