// Selection of many points (docs/product.md#bulk-changes), the pure part: toggle one, a shift-click range in a
// list's order, adding many (a filtered list, a cluster, a lasso).

/** The set with `id` added or removed. */
export function toggled(sel: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(sel);
  if (next.has(id)) next.delete(id); else next.add(id);
  return next;
}

/**
 * Shift-click: the rows between the anchor (the last row clicked) and `to` in the list's order, both included,
 * all set to the state the clicked row takes (`on`). `idAt` maps a list position to an id. Without an anchor
 * in the list, only `to` toggles.
 */
export function withRange(sel: ReadonlySet<string>, order: ArrayLike<number>, idAt: (slot: number) => string,
  anchorId: string | null, toId: string, on: boolean): Set<string> {
  let a = -1, b = -1;
  for (let i = 0; i < order.length && (a < 0 || b < 0); i++) {
    const id = idAt(order[i]);
    if (id === anchorId) a = i;
    if (id === toId) b = i;
  }
  const next = new Set(sel);
  if (a < 0 || b < 0) { if (on) next.add(toId); else next.delete(toId); return next; }
  const [from, to] = a < b ? [a, b] : [b, a];
  for (let i = from; i <= to; i++) { const id = idAt(order[i]); if (on) next.add(id); else next.delete(id); }
  return next;
}

/** The set with every id of `ids` added. */
export function withAll(sel: ReadonlySet<string>, ids: Iterable<string>): Set<string> {
  const next = new Set(sel);
  for (const id of ids) next.add(id);
  return next;
}

/**
 * The selection kept to what the list still shows (a status filter hides the points just resolved): `listed` are the
 * list's slots, `slotOf` a point's slot (-1 when gone), `count` the number of slots. The same set when nothing goes.
 */
export function keepListed(selection: ReadonlySet<string>, listed: ArrayLike<number>, slotOf: (id: string) => number, count: number): ReadonlySet<string> {
  if (selection.size === 0) return selection;
  const shown = new Uint8Array(count);
  for (let i = 0; i < listed.length; i++) if (listed[i] < count) shown[listed[i]] = 1;
  let next: Set<string> | null = null;
  for (const id of selection) {
    const slot = slotOf(id);
    if (slot >= 0 && slot < count && shown[slot]) continue;
    next ??= new Set(selection);
    next.delete(id);
  }
  return next ?? selection;
}
