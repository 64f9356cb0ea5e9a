import { describe, expect, it } from 'vitest';
import { zoneOptionLabels } from './zoneOptionLabels';

describe('zone labels in a picker', () => {
  it('keeps a unique name bare and tells same-name zones apart by track, then by PK range', () => {
    const labels = zoneOptionLabels([
      { id: 'a', name: 'Pont de la Seine', track: 'voie_1', kmStart: 12, kmEnd: 12.5 },
      { id: 'b', name: 'Pont de la Seine', track: 'voie_2', kmStart: 12, kmEnd: 12.5 },
      { id: 'c', name: 'Gare', track: null },
      { id: 'd', name: 'Tunnel', track: null, kmStart: 3, kmEnd: 4 },
      { id: 'e', name: 'Tunnel', track: null, kmStart: 7, kmEnd: 8.25 },
    ]);
    expect(labels.get('a')).toBe('Pont de la Seine · Voie 1');
    expect(labels.get('b')).toBe('Pont de la Seine · Voie 2');
    expect(labels.get('c')).toBe('Gare');
    expect(labels.get('d')).toBe('Tunnel · Aucune voie · PK 3,00 – 4,00');
    expect(labels.get('e')).toBe('Tunnel · Aucune voie · PK 7,00 – 8,25');
  });
});
