// The team of a selection, for 'Assigné à' in bulk changes (docs/product.md#bulk-changes): an assignee must be a
// member of each point's team, so the picker offers the members of the one team every selected point shares (or,
// for points without team, every active member, which admins only may assign), none when the teams differ.
import type { PointIndex } from '../pointIndex/types';
import { findSlot } from '../pointIndex/store';

export type SelectionTeam = { kind: 'one'; teamId: string | null } | { kind: 'mixed' } | { kind: 'none' };

/** The one team of the selected points found in the index (null: none of them has a team). */
export function selectionTeam(ix: PointIndex, ids: Iterable<string>): SelectionTeam {
  let code = -1;
  for (const id of ids) {
    const slot = findSlot(ix, id);
    if (slot < 0) continue;
    const c = ix.team[slot];
    if (code === -1) code = c;
    else if (c !== code) return { kind: 'mixed' };
  }
  if (code === -1) return { kind: 'none' };
  return { kind: 'one', teamId: code === 0 ? null : ix.teamKeys[code - 1] };
}
