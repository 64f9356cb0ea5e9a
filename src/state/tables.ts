// The loaded data of the small tables (one collection each, see ./collections). Points: ./pointIndex.
// Lines: the lines the user reads, the line chosen (currentLineIdAtom) and the line shown (activeLineAtom: the
// chosen one when readable, else the first line in order); every per-line fetch uses activeLineId().
import { atom } from 'jotai';
import type { AppSetting, CriticalityLevel, KilometerMarker, Line, LineImage, Team, Zone } from '../core/types';
import { DEFAULT_CRITICALITY_LEVELS, DEFAULT_LINE_IMAGE } from '../core/constants';
import { store } from './store';
import { resetAtSignOut } from './signOutReset';
import { mayDeletePoints, POINT_DELETE_KEY, pointDeleteMode, type PointDeleteMode } from '../core/admin/pointDelete';
import { isAdminAtom } from './session';

export const zonesAtom = resetAtSignOut(atom<Zone[]>([]));
export const teamsAtom = resetAtSignOut(atom<Team[]>([]));
export const criticalityLevelsAtom = resetAtSignOut(atom<CriticalityLevel[]>(DEFAULT_CRITICALITY_LEVELS));
/** Sorted by position. */
export const markersAtom = resetAtSignOut(atom<KilometerMarker[]>([]));
export const settingsAtom = resetAtSignOut(atom<AppSetting[]>([]));
/** Sorted by sort, then name; members see no archived line. */
export const linesAtom = resetAtSignOut(atom<Line[]>([]));
export const dataLoadingAtom = resetAtSignOut(atom<boolean>(false));

/** The line the user chose (null: none yet, the first line in order is shown). */
export const currentLineIdAtom = resetAtSignOut(atom<string | null>(null));

/** The line shown: the chosen one when the user reads it and it is not archived, else the first line that is not. */
export const activeLineAtom = atom<Line | null>((get) => {
  const lines = get(linesAtom);
  const id = get(currentLineIdAtom);
  return (id ? lines.find((l) => l.id === id && !l.archived) : undefined) ?? lines.find((l) => !l.archived) ?? null;
});

/** Whether the user reads more than one line (the picker and the line names show only then: one line looks as before). */
export const manyLinesAtom = atom<boolean>((get) => get(linesAtom).filter((l) => !l.archived).length > 1);

/** The id every per-line fetch passes (null before the lines are known: the database then answers for every line). */
export const activeLineId = (): string | null => store.get(activeLineAtom)?.id ?? null;

/** The line a new point, zone or marker goes on: the line shown; before the lines are known, the line the user chose
 * (the database refuses one they cannot write to); else none named (the database's default line, the one shown first). */
export function newRowLine(): { lineId?: string } {
  const id = activeLineId() ?? store.get(currentLineIdAtom);
  return id ? { lineId: id } : {};
}

/** Who may delete points ('point_delete', docs/product.md#point-delete-setting). */
export const pointDeleteModeAtom = atom<PointDeleteMode>((get) => pointDeleteMode(get(settingsAtom).find((s) => s.key === POINT_DELETE_KEY)?.value));
/** Whether the user sees the delete buttons of points (the database refuses the others anyway). */
export const canDeletePointsAtom = atom<boolean>((get) => mayDeletePoints(get(pointDeleteModeAtom), get(isAdminAtom)));

export const feedbackLinkAtom = atom((get) => get(settingsAtom).find((s) => s.key === 'feedback_link')?.value || null);

/** The image of the line shown (public.lines.image), or the bundled one. */
export const lineImageAtom = atom<LineImage>((get) => get(activeLineAtom)?.image ?? DEFAULT_LINE_IMAGE);
