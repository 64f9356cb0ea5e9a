import { describe, expect, it } from 'vitest';
import { replicaTooOld } from './replicaAge';
import { REPLICA_MAX_AGE_DAYS } from './constants';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 24, 12);

describe('replicaTooOld', () => {
  it('keeps a replica synced within the tombstones\' lifetime minus a day of clock margin', () => {
    expect(REPLICA_MAX_AGE_DAYS).toBe(30);
    expect(replicaTooOld(now - DAY, now)).toBe(false);
    expect(replicaTooOld(now - 28 * DAY, now)).toBe(false);
  });
  it('reloads a replica older than that, or one without a cursor', () => {
    expect(replicaTooOld(now - 29 * DAY - 1, now)).toBe(true);
    expect(replicaTooOld(now - 40 * DAY, now)).toBe(true);
    expect(replicaTooOld(0, now)).toBe(true);
    expect(replicaTooOld(Number.NaN, now)).toBe(true);
  });
});
