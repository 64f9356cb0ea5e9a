// Where a photo was taken, on the line (docs/product.md#photos): its EXIF GNSS position located on the line shown
// (locate, src/core/position) gives 'La photo a été prise au PK 17,42 (Voie 1) — utiliser cette position ?', and a
// warning when that PK is more than 200 m from the point's.
import type { Track } from '../types';
import { formatKm } from '../format';
import { formatMetres, locate } from '../position/locate';
import type { LineIndex } from '../position/lineIndex';

/** Distance between the photo's PK and the point's beyond which the form warns, in metres. */
export const PHOTO_PK_WARN_M = 200;
/** A photo's EXIF position has no stated accuracy: this one is assumed (a phone's usual fix outdoors), in metres. */
export const PHOTO_FIX_ACCURACY_M = 10;

const TRACK: Record<Track, string> = { voie_1: 'Voie 1', voie_2: 'Voie 2' };

export interface PhotoPlace {
  pk: number;
  /** Null when both tracks lie within the uncertainty (the question then names none). */
  track: Track | null;
  /** 'La photo a été prise au PK 17,42 (Voie 1) — utiliser cette position ?' */
  question: string;
  /** Set when the photo's PK is more than 200 m from the point's. */
  warning: string | null;
}

/**
 * The photo's PK on the line shown, or null: no position, no axis for that line, too far from it or no PK there (the
 * form then asks nothing). `pointKm`: the point's PK as typed (null: none yet).
 */
export function photoPlace(lines: readonly LineIndex[], lineId: string | null, gnss: { lat: number | null; lon: number | null }, pointKm: number | null,
  accuracyM = PHOTO_FIX_ACCURACY_M): PhotoPlace | null {
  if (gnss.lat === null || gnss.lon === null || !lineId) return null;
  const line = lines.filter((l) => l.lineId === lineId);
  if (!line.length) return null;
  const r = locate(line, { lat: gnss.lat, lon: gnss.lon, accuracyM, at: 0 }, { preferredLineId: lineId });
  const hit = r.kind === 'on_line' ? r.hit : r.kind === 'ambiguous' ? r.choices[0] : null;
  if (!hit || hit.pk === null) return null;
  const track = r.kind === 'on_line' ? hit.track : null;
  const pk = Math.round(hit.pk * 100) / 100;
  const apartM = pointKm === null ? 0 : Math.abs(pk - pointKm) * 1000;
  return {
    pk, track,
    question: `La photo a été prise au PK ${formatKm(pk)}${track ? ` (${TRACK[track]})` : ''} — utiliser cette position ?`,
    warning: apartM > PHOTO_PK_WARN_M ? `Attention : la photo a été prise à ${formatMetres(apartM)} du PK du signalement.` : null,
  };
}
