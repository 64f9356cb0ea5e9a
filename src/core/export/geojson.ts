// GeoJSON of the exported points, written in pieces for streaming: a FeatureCollection whose Point
// coordinates are image pixels [x, y] of the line image (y downwards), not longitude/latitude; the PK and every
// field are properties. The foreign member "coordinate_space" says so, and the "crs" member (GeoJSON 2008, which
// GDAL/QGIS still read) declares a local engineering coordinate system in pixels, so that GIS tools never take
// the pixels for WGS 84 degrees (checked with ogrinfo in geojsonOgr.test.ts).
import type { LineImage } from '../types';
import type { ExportRecord } from './record';

export interface GeoJsonFeature {
  type: 'Feature'; id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | number | null | string[]>;
}

/** The coordinate system of the file as WKT 1 (GDAL reads a "name" crs with SetFromUserInput): an ENGCRS in pixels. */
export const IMAGE_PIXELS_WKT =
  'LOCAL_CS["Image de la ligne (pixels, origine en haut a gauche, y vers le bas)",LOCAL_DATUM["Image de la ligne",0],' +
  'UNIT["pixel",1],AXIS["x",EAST],AXIS["y",SOUTH]]';

export function geojsonHead(image: LineImage | null): string {
  const space = { type: 'image_pixels', origin: 'top-left', y_axis: 'down', ...(image ? { image_url: image.url, width: image.width, height: image.height } : {}) };
  const crs = { type: 'name', properties: { name: IMAGE_PIXELS_WKT } };
  return `{"type":"FeatureCollection","crs":${JSON.stringify(crs)},"coordinate_space":${JSON.stringify(space)},"features":[\n`;
}

export const GEOJSON_TAIL = '\n]}\n';

/** `withLine`: a 'ligne' property (an export of a network of lines). */
export function geojsonFeature(r: ExportRecord, withLine = false): GeoJsonFeature {
  return {
    type: 'Feature', id: r.id,
    geometry: { type: 'Point', coordinates: [r.x, r.y] },
    properties: {
      id: r.id, pk: r.km, pk_saisi: r.kilometer, libelle: r.name, description: r.description,
      statut: r.status, statut_libelle: r.statusLabel, criticite: r.criticality, criticite_libelle: r.criticalityLabel,
      equipe_id: r.teamId, equipe: r.teamName || null, zones: r.zoneNames, zone_ids: r.zoneIds,
      voie: r.tracks.length === 1 ? r.tracks[0] : null, voie_libelle: r.trackLabel || null,
      ticket: r.ticketNumber || null, photo_url: r.imageUrl || null, constate_le: r.observedAt, cree_le: r.createdAt,
      cree_par_id: r.createdBy, cree_par: r.createdByEmail || null,
      assigne_a_id: r.assigneeId, assigne_a: r.assigneeEmail || null, echeance: r.dueAt, photos: r.photoUrls,
      // A network: the point's line, and the size of that line's image (the pixels of x and y differ per line).
      ...(withLine ? { ligne: r.lineLabel || null, image_largeur: r.lineImage?.width ?? null, image_hauteur: r.lineImage?.height ?? null } : {}),
    },
  };
}

/** One feature as text; `first` decides the separating comma. */
export function geojsonFeatureText(r: ExportRecord, first: boolean, withLine = false): string {
  return (first ? '' : ',\n') + JSON.stringify(geojsonFeature(r, withLine));
}

/** Structural check of a parsed export (tests, and a guard for tools): returns the problems found. */
export function validateGeoJson(doc: unknown): string[] {
  const errs: string[] = [];
  const d = doc as Record<string, unknown>;
  if (!d || d.type !== 'FeatureCollection') errs.push('type must be FeatureCollection');
  if (!Array.isArray(d?.features)) { errs.push('features must be an array'); return errs; }
  (d.features as unknown[]).forEach((f, i) => {
    const g = f as GeoJsonFeature;
    if (g?.type !== 'Feature') errs.push(`features[${i}].type`);
    if (g?.geometry?.type !== 'Point') errs.push(`features[${i}].geometry.type`);
    const c = g?.geometry?.coordinates;
    if (!Array.isArray(c) || c.length !== 2 || !c.every((n) => typeof n === 'number' && Number.isFinite(n))) errs.push(`features[${i}].geometry.coordinates`);
    if (!g?.properties || typeof g.properties !== 'object' || Array.isArray(g.properties)) errs.push(`features[${i}].properties`);
    else if (!(g.properties.pk === null || typeof g.properties.pk === 'number')) errs.push(`features[${i}].properties.pk`);
  });
  return errs;
}
