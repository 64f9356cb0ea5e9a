// Labels of zones in a picker: zones that share a name are told apart by their track
// ('Pont de la Seine · Voie 1'), and by their PK range when the track is the same too.
import { TRACK_LABELS } from './constants';
import { formatKm } from './format';
import type { Track } from './types';

export interface ZoneForLabel { id: string; name: string; track: Track | null; kmStart?: number | null; kmEnd?: number | null }

/** id → the label to show: the bare name when it is unique. */
export function zoneOptionLabels(zones: readonly ZoneForLabel[]): Map<string, string> {
  const byName = new Map<string, ZoneForLabel[]>();
  for (const z of zones) byName.set(z.name, [...(byName.get(z.name) ?? []), z]);
  const out = new Map<string, string>();
  for (const [name, same] of byName) {
    for (const z of same) {
      if (same.length === 1) { out.set(z.id, name); continue; }
      const track = TRACK_LABELS[z.track ?? 'none'];
      const sameTrack = same.filter((o) => o.track === z.track).length > 1;
      const range = z.kmStart != null && z.kmEnd != null ? `PK ${formatKm(z.kmStart)} – ${formatKm(z.kmEnd)}` : null;
      out.set(z.id, sameTrack && range ? `${name} · ${track} · ${range}` : `${name} · ${track}`);
    }
  }
  return out;
}
