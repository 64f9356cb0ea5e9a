// GeoJSON import of a line's track axes and PK anchors (docs/product.md#position). Accepted: a FeatureCollection
// (or one Feature) of LineString / MultiLineString features, one per track (property `voie` or `track`: 1, 2,
// 'voie_1'...; voie 1 when absent), with the PK at their ends (`pk_debut`, `pk_fin`) and/or at each vertex
// (`pks`: one PK or null per vertex); and Point features with a `pk` (and a track) as extra anchors.
// Pieces of one track follow each other in file order. Coordinates are [lon, lat] in WGS 84.
import type { Track } from '../types';
import { parsePkQuery } from '../pkQuery';
import { checkAnchors, parseTrack, unknownTrackMessage, type ImportResult, type LabelledAnchor } from './importCheck';
import type { LonLat } from './lineIndex';

type Json = Record<string, unknown>;

function isPosition(p: unknown): p is [number, number] {
  return Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number'
    && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;
}

function pkValue(v: unknown): number | null | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null;
  if (typeof v === 'string') return parsePkQuery(v);
  return null;
}

export function parseAxisGeoJson(text: string): ImportResult {
  let doc: unknown;
  try { doc = JSON.parse(text); } catch { return { ok: false, errors: ['Le fichier n’est pas un GeoJSON lisible (JSON invalide).'] }; }
  const root = doc as Json;
  const features: unknown[] = root?.type === 'FeatureCollection' && Array.isArray(root.features) ? root.features
    : root?.type === 'Feature' ? [root] : [];
  if (features.length === 0) return { ok: false, errors: ['Le fichier doit être un GeoJSON FeatureCollection (ou Feature) de lignes.'] };
  const errors: string[] = [];
  const anchors: LabelledAnchor[] = [];
  const coords: Record<Track, LonLat[]> = { voie_1: [], voie_2: [] };
  features.forEach((f, i) => {
    const label = `Élément ${i + 1}`;
    const feature = f as Json;
    const geometry = feature?.geometry as Json | undefined;
    const props = (feature?.properties ?? {}) as Json;
    const rawTrack = props.voie ?? props.track;
    const track = rawTrack === undefined || rawTrack === null ? 'voie_1' : parseTrack(rawTrack);
    if (track === null) { errors.push(unknownTrackMessage(label, rawTrack)); return; }
    const type = geometry?.type;
    if (type === 'Point') {
      const pk = pkValue(props.pk);
      if (!isPosition(geometry!.coordinates)) { errors.push(`${label} : coordonnées invalides ([longitude, latitude] en degrés attendues).`); return; }
      if (pk === null || pk === undefined) { errors.push(`${label} : un point doit porter un PK lisible (propriété « pk »).`); return; }
      const [lon, lat] = geometry!.coordinates as [number, number];
      anchors.push({ label, track, pk, lat, lon });
      return;
    }
    if (type !== 'LineString' && type !== 'MultiLineString') { errors.push(`${label} : géométrie « ${String(type)} » non prise en charge (LineString, MultiLineString ou Point).`); return; }
    const parts = (type === 'LineString' ? [geometry!.coordinates] : geometry!.coordinates) as unknown[];
    const vertices = Array.isArray(parts) ? parts.flatMap((p) => (Array.isArray(p) ? p : [null])) : [null];
    if (vertices.length < 2 || !vertices.every(isPosition)) { errors.push(`${label} : coordonnées invalides ([longitude, latitude] en degrés, au moins deux points).`); return; }
    const pks: unknown[] = Array.isArray(props.pks) ? props.pks : [];
    if (pks.length > 0 && pks.length !== vertices.length) { errors.push(`${label} : « pks » doit avoir une valeur (ou null) par sommet (${vertices.length}), ${pks.length} trouvée${pks.length > 1 ? 's' : ''}.`); return; }
    const at = vertices.map((_, k) => pkValue(pks[k]));
    const start = pkValue(props.pk_debut ?? props.pk_start);
    const end = pkValue(props.pk_fin ?? props.pk_end);
    if (start !== undefined) at[0] = start;
    if (end !== undefined) at[vertices.length - 1] = end;
    at.forEach((pk, k) => {
      if (pk === null) { errors.push(`${label}, sommet ${k + 1} : PK illisible.`); return; }
      if (pk === undefined) return;
      const [lon, lat] = vertices[k] as [number, number];
      anchors.push({ label: `${label}, sommet ${k + 1}`, track, pk, lat, lon });
    });
    for (const v of vertices as [number, number][]) {
      const last = coords[track][coords[track].length - 1];
      if (!last || last[0] !== v[0] || last[1] !== v[1]) coords[track].push([v[0], v[1]]);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  const axes = (['voie_1', 'voie_2'] as const).filter((t) => coords[t].length > 0).map((track) => ({ track, coordinates: coords[track] }));
  if (axes.length === 0) return { ok: false, errors: ['Aucun tracé de voie (LineString) dans le fichier.'] };
  if (anchors.length < 2) return { ok: false, errors: ['Le fichier doit porter au moins deux PK (pk_debut, pk_fin, pks ou points « pk »).'] };
  const checked = checkAnchors(axes, anchors);
  if (checked.length > 0) return { ok: false, errors: checked };
  return { ok: true, geometry: { axes, anchors: anchors.map(({ track, pk, lat, lon }) => ({ track, pk, lat, lon })) } };
}
