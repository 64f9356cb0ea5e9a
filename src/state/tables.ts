// The loaded data of the small tables (one collection each, see ./collections). Points: ./pointIndex.
import { atom } from 'jotai';
import type { AppSetting, CriticalityLevel, KilometerMarker, LineImage, Team, Zone } from '../core/types';
import { DEFAULT_CRITICALITY_LEVELS, DEFAULT_LINE_IMAGE } from '../core/constants';

export const zonesAtom = atom<Zone[]>([]);
export const teamsAtom = atom<Team[]>([]);
export const criticalityLevelsAtom = atom<CriticalityLevel[]>(DEFAULT_CRITICALITY_LEVELS);
/** Sorted by position. */
export const markersAtom = atom<KilometerMarker[]>([]);
export const settingsAtom = atom<AppSetting[]>([]);
export const dataLoadingAtom = atom<boolean>(false);

export const feedbackLinkAtom = atom((get) => get(settingsAtom).find((s) => s.key === 'feedback_link')?.value || null);

export const lineImageAtom = atom<LineImage>((get) => {
  const raw = get(settingsAtom).find((s) => s.key === 'line_image')?.value;
  if (!raw) return DEFAULT_LINE_IMAGE;
  try {
    const v = JSON.parse(raw) as LineImage;
    return v && typeof v.url === 'string' && v.width > 0 && v.height > 0 ? v : DEFAULT_LINE_IMAGE;
  } catch {
    return DEFAULT_LINE_IMAGE;
  }
});
