// Reordering lines: moving one line up or down in the order gives every line its place as its sort
// value (0, 1, 2, ...); only the lines whose value changes are returned (the ones to save).
export function moveInOrder<T extends { id: string; sort: number }>(lines: readonly T[], id: string, by: -1 | 1): { id: string; sort: number }[] {
  const order = [...lines].sort((a, b) => a.sort - b.sort);
  const i = order.findIndex((l) => l.id === id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return [];
  [order[i], order[j]] = [order[j], order[i]];
  return order.map((l, k) => ({ id: l.id, sort: k })).filter((c) => lines.find((l) => l.id === c.id)!.sort !== c.sort);
}
