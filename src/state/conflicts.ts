// No silent overwrite: every update states the version it was based on; when the database refuses it
// (PT409, someone saved meanwhile) the current row is fetched and the conflict dialog (features/conflicts) asks
// the user, field by field, what to keep; the resolved values are saved on top of the new version. A row deleted
// meanwhile throws RowGoneError so the form can say so and offer to re-create it.
import { atom } from 'jotai';
import { diffVersions, type FieldDiff } from '../core/conflict';
import { store } from './store';
import { resetAtSignOut } from './signOutReset';

export type ConflictTable = 'points' | 'zones' | 'teams' | 'criticality_levels' | 'kilometer_markers' | 'app_settings' | 'lines';

/** The database refused the update: its stated version is stale (HTTP 409, SQLSTATE PT409). */
export const isStaleVersionError = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === 'PT409';
/** The update matched no row (`.single()` → PGRST116): the row was deleted meanwhile. */
export const isNoRowError = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === 'PGRST116';

export class RowGoneError extends Error {
  constructor(readonly table: ConflictTable) { super('row_deleted_meanwhile'); this.name = 'RowGoneError'; }
}
/** The user closed the conflict dialog without choosing: nothing was saved, the form stays as it was. */
export class ConflictCancelledError extends Error {
  constructor() { super('conflict_cancelled'); this.name = 'ConflictCancelledError'; }
}

export interface PendingConflict {
  table: ConflictTable;
  base: Record<string, unknown>; mine: Record<string, unknown>; theirs: Record<string, unknown>;
  diffs: FieldDiff[];
  /** The row's key (id, or key for a setting): the dialog names who made the other change from its history. */
  rowId: string | null;
  /** Called by the dialog with the values to save (theirs overlaid with the choices), or null to cancel. */
  settle(values: Record<string, unknown> | null): void;
}

/** The conflict the dialog shows (one at a time). */
export const conflictAtom = resetAtSignOut(atom<PendingConflict | null>(null));

/** Shows the dialog and waits for the user's choice: the values to save, or null when cancelled. */
export function askConflict<T extends object>(table: ConflictTable, base: T, mine: T, theirs: T, fields: readonly (keyof T & string)[], rowId: string | null = null): Promise<T | null> {
  return new Promise((resolve) => {
    store.set(conflictAtom, {
      table, rowId, base: base as Record<string, unknown>, mine: mine as Record<string, unknown>, theirs: theirs as Record<string, unknown>,
      diffs: diffVersions(base, mine, theirs, fields),
      settle: (values) => { store.set(conflictAtom, null); resolve(values as T | null); },
    });
  });
}

export interface VersionedSave<T extends { updatedAt?: string }> {
  table: ConflictTable;
  /** The row as it was when the edit started (its updatedAt is the stated version). */
  base: T;
  /** The user's values. */
  mine: T;
  /** The editable fields compared in the dialog. */
  fields: readonly (keyof T & string)[];
  save(values: T): Promise<T>;
  /** The row as stored now, or null when deleted. */
  fetchCurrent(): Promise<T | null>;
  /** Adjusts the resolved values (e.g. derived columns) before they are saved. */
  finish?(values: T): T;
}

/**
 * Saves `mine` stating `base.updatedAt`. On a stale version, asks the user (dialog) and saves the resolution on
 * top of the current version, as often as needed. Throws RowGoneError (deleted meanwhile),
 * ConflictCancelledError (dialog cancelled) or the save's own error.
 */
export async function saveVersioned<T extends { updatedAt?: string }>(s: VersionedSave<T>): Promise<T> {
  let base = s.base;
  let mine: T = { ...s.mine, updatedAt: base.updatedAt };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await s.save(mine);
    } catch (e) {
      if (isNoRowError(e)) throw new RowGoneError(s.table);
      if (!isStaleVersionError(e)) throw e;
    }
    const theirs = await s.fetchCurrent();
    if (!theirs) throw new RowGoneError(s.table);
    const key = base as { id?: unknown; key?: unknown };
    const chosen = await askConflict(s.table, base, mine, theirs, s.fields, String(key.id ?? key.key ?? '') || null);
    if (!chosen) throw new ConflictCancelledError();
    const next = s.finish ? s.finish(chosen) : chosen;
    base = theirs;
    mine = { ...next, updatedAt: theirs.updatedAt };
  }
  throw new Error('stale_version');
}
