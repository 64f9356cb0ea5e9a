// The lines' place on the ground as loaded (and restored offline from the snapshot), the line indexes built from it,
// and what the map shows of the agent's position (docs/product.md#position).
import { atom } from 'jotai';
import type { LinePositions } from '../../core/position/types';
import { buildLineIndex, type LineIndex } from '../../core/position/lineIndex';
import type { ImagePlace } from '../../core/position/imagePlace';
import { linesAtom, settingsAtom } from '../tables';
import { POSITION_MAX_ACCURACY_M } from '../../core/constants';
import { resetAtSignOut } from '../signOutReset';

export const linePositionsAtom = resetAtSignOut(atom<LinePositions>({ axes: [], anchors: [] }));

/** One index per line that has an axis (the lines' own names), built once per load. */
export const lineIndexesAtom = atom<LineIndex[]>((get) => {
  const { axes, anchors } = get(linePositionsAtom);
  const lines = get(linesAtom);
  const ids = [...new Set(axes.map((a) => a.lineId))];
  return ids.map((id) => {
    const line = lines.find((l) => l.id === id);
    return buildLineIndex({
      lineId: id, name: line ? line.code || line.name : '?',
      axes: axes.filter((a) => a.lineId === id), anchors: anchors.filter((a) => a.lineId === id),
    });
  });
});

/** The agent's position on the line image shown (null: none shown). */
export const positionMarkAtom = resetAtSignOut(atom<(ImagePlace & { label: string }) | null>(null));

/** Fixes less precise than this (metres) are dropped: the admin setting 'position_max_accuracy_m', else the default. */
export const positionMaxAccuracyAtom = atom<number>((get) => {
  const v = Number(get(settingsAtom).find((s) => s.key === 'position_max_accuracy_m')?.value);
  return Number.isFinite(v) && v > 0 ? v : POSITION_MAX_ACCURACY_M;
});
