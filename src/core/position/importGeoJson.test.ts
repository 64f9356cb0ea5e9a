import { describe, expect, it } from 'vitest';
import { parseAxisGeoJson } from './importGeoJson';

const line = (coords: number[][], properties: Record<string, unknown>) => ({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: coords } });
const v1 = [[2.35, 48.85], [2.351366, 48.85], [2.352732, 48.85]];
const v2 = v1.map(([x, y]) => [x, y + 0.000036]);
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe('GeoJSON axis import', () => {
  it('reads one LineString per track with PKs at the ends and extra Point anchors', () => {
    const r = parseAxisGeoJson(collection(
      line(v1, { voie: 1, pk_debut: '17,300', pk_fin: '017+500' }),
      line(v2, { track: 'voie_2', pk_debut: 17.3, pk_fin: 17.5 }),
      { type: 'Feature', properties: { pk: '17,4', voie: '1' }, geometry: { type: 'Point', coordinates: v1[1] } },
    ));
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.geometry.axes.map((a) => [a.track, a.coordinates.length])).toEqual([['voie_1', 3], ['voie_2', 3]]);
    expect(r.geometry.anchors.filter((a) => a.track === 'voie_1').map((a) => a.pk)).toEqual([17.3, 17.5, 17.4]);
  });
  it('reads PKs per vertex on a MultiLineString, a jump included', () => {
    const feature = { type: 'Feature', properties: { voie: 'Voie 1', pks: [17.3, 17.4, 18.1, 18.2] },
      geometry: { type: 'MultiLineString', coordinates: [v1.slice(0, 2), [v1[1], v1[2]]] } };
    const r = parseAxisGeoJson(JSON.stringify(feature));
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.geometry.axes[0].coordinates).toHaveLength(3);
    expect(r.geometry.anchors.map((a) => a.pk)).toEqual([17.3, 17.4, 18.1, 18.2]);
  });
  it('refuses an unknown track with the feature named', () => {
    const r = parseAxisGeoJson(collection(line(v1, { voie: 1, pk_debut: 17.3, pk_fin: 17.5 }), line(v2, { voie: 'bis', pk_debut: 17.3, pk_fin: 17.5 })));
    expect(r).toEqual({ ok: false, errors: ['Élément 2 : voie « bis » inconnue (attendu 1 ou 2).'] });
  });
  it('refuses PKs out of order along the axis with the vertex named', () => {
    const r = parseAxisGeoJson(collection(line(v1, { voie: 1, pks: [17.3, 17.5, 17.4] })));
    expect(r).toEqual({ ok: false, errors: ['Élément 1, sommet 3 : PK 17,40 hors d’ordre après PK 17,50 (élément 1, sommet 2).'] });
  });
  it('refuses an anchor far from its axis, other geometries and bad JSON', () => {
    const far = parseAxisGeoJson(collection(line(v1, { pk_debut: 17.3, pk_fin: 17.5 }), { type: 'Feature', properties: { pk: 17.4 }, geometry: { type: 'Point', coordinates: [2.351366, 48.851] } }));
    expect(far).toEqual({ ok: false, errors: ['Élément 2 : le repère PK 17,40 est à 111 m du tracé de la voie 1.'] });
    const polygon = parseAxisGeoJson(collection({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [] } }));
    expect(polygon).toEqual({ ok: false, errors: ['Élément 1 : géométrie « Polygon » non prise en charge (LineString, MultiLineString ou Point).'] });
    expect(parseAxisGeoJson('{').ok).toBe(false);
  });
});
