import { describe, expect, it } from 'vitest';
import { observationLabel, receivedLater } from './observedAt';

describe('observationLabel', () => {
  it('names the observation alone when it arrived within a minute', () => {
    expect(observationLabel('2026-11-24T13:47:46Z', '2026-11-24T13:48:20Z')).toBe('Constaté le 24/11/2026 14:47');
  });
  it('adds the arrival when it came more than a minute later (Europe/Paris times)', () => {
    expect(observationLabel('2026-11-24T13:47:46Z', '2026-11-24T13:50:46Z')).toBe('Constaté le 24/11/2026 14:47 · reçu le 24/11/2026 14:50');
    expect(receivedLater('2026-11-24T13:47:46Z', '2026-11-24T13:48:47Z')).toBe(true);
  });
  it('falls back to the arrival when the observation is unknown, empty when both are', () => {
    expect(observationLabel(null, '2026-11-24T13:50:46Z')).toBe('Constaté le 24/11/2026 14:50');
    expect(observationLabel(undefined, undefined)).toBe('');
  });
});
