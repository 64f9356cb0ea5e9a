// Administration of the lines ('Lignes' tab): create, rename, reorder, archive (with the count of points
// it holds) and bring back. Through the lines collection, so the header picker follows at once.
import * as repo from '../data/tableRepositories';
import type { Line } from '../core/types';
import { moveInOrder } from '../core/lines/order';
import { linesAtom } from './tables';
import { linesCollection } from './collections';
import { saveVersioned } from './conflicts';
import { forgetArchivedHere, noteArchivedHere } from './lineActions';
import { store } from './store';
import { ADMIN_FAILURE } from './adminStrings';
import { fail, ok, type Result } from '../core/result';

/** The 'Lignes' tab's loader: throws on failure (its load error and 'Réessayer' show). */
export async function loadLines(): Promise<void> {
  const r = await linesCollection.load();
  if (!r.ok) throw new Error(r.message);
}

const isDuplicate = (e: unknown) => (e as { code?: string } | null)?.code === '23505' || (e as { code?: string } | null)?.code === '409';

/** A new line, last in the order; `duplicate` when another line has that code (the database's unique constraint). */
export async function createLine(l: { code: string; name: string }): Promise<Result> {
  const sort = Math.max(-1, ...store.get(linesAtom).map((x) => x.sort)) + 1;
  try {
    linesCollection.put(await repo.saveLine({ code: l.code, name: l.name, sort }));
    return ok();
  } catch (e) {
    if (isDuplicate(e)) return fail('duplicate', ADMIN_FAILURE.lineDuplicateCode);
    throw e;
  }
}

/** Renames a line (code and name), stating the version shown (the conflict dialog handles a change meanwhile). */
export async function renameLine(args: { line: Line; code: string; name: string }): Promise<Result> {
  try {
    const saved = await saveVersioned<Line>({
      table: 'lines', base: args.line, mine: { ...args.line, code: args.code.trim(), name: args.name.trim() }, fields: ['code', 'name'],
      save: (v) => repo.saveLine({ id: v.id, code: v.code, name: v.name, updatedAt: v.updatedAt }), fetchCurrent: () => repo.getLine(args.line.id),
    });
    linesCollection.put(saved);
    return ok();
  } catch (e) {
    if (isDuplicate(e)) return fail('duplicate', ADMIN_FAILURE.lineDuplicateCode);
    throw e;
  }
}

/** Moves a line one place up (-1) or down (+1): the lines whose sort changes are saved. */
export async function moveLine(args: { id: string; by: -1 | 1 }): Promise<Result> {
  try {
    for (const c of moveInOrder(store.get(linesAtom), args.id, args.by)) {
      linesCollection.put(await repo.saveLine({ id: c.id, sort: c.sort }));
    }
  } catch (e) {
    console.error(e);
    return fail('error', ADMIN_FAILURE.lineSaveError);
  }
  return ok();
}

/** Points on a line (the archive confirmation says how many). */
export const countLinePoints = (id: string): Promise<number> => repo.countPointsOnLine(id);

/** Archives a line (out of the picker, its rows readable by admins, nothing new on it) or brings it back. */
export async function setLineArchived(args: { line: Line; archived: boolean }): Promise<Result> {
  // The line shown, archived here, moves to the default line without the notice meant for the others (./lineActions).
  if (args.archived) noteArchivedHere(args.line.id);
  try {
    linesCollection.put(await repo.saveLine({ id: args.line.id, archived: args.archived, updatedAt: args.line.updatedAt }));
  } catch (e) {
    console.error(e);
    forgetArchivedHere(args.line.id);
    return fail('error', ADMIN_FAILURE.lineSaveError);
  }
  return ok();
}
