// Track badge 'Voie 1' / 'Voie 2' (or 'Aucune voie' when asked to show it).
import { TRACK_LABELS } from '../core/constants';
import type { Track } from '../core/types';

export function TrackBadge({ track, showNone = false }: { track: Track | null; showNone?: boolean }) {
  if (!track && !showNone) return null;
  return <span className={`badge track-badge track-${track ?? 'none'}`}>{TRACK_LABELS[track ?? 'none']}</span>;
}
