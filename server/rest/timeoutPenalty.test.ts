// The penalty of a request that ran out of time: per user and request, doubled at each repeat up to its maximum,
// cleared by an answer in time, and its 429 answer in French with Retry-After.
import { describe, expect, it } from 'vitest';
import { PENALTY_BASE_MS, PENALTY_MAX_MS, TimeoutPenalty, penaltyError } from './timeoutPenalty';

describe('TimeoutPenalty', () => {
  it('refuses the same request of the same user after a timeout, doubling at each repeat up to the maximum', () => {
    let t = 0;
    const p = new TimeoutPenalty(() => t);
    const k = TimeoutPenalty.key('u1', 'POST', '/rest/v1/rpc/bulk_update_points');
    expect(p.waitS(k)).toBe(0);
    p.strike(k);
    expect(p.waitS(k)).toBe(PENALTY_BASE_MS / 1000);
    expect(p.waitS(TimeoutPenalty.key('u2', 'POST', '/rest/v1/rpc/bulk_update_points'))).toBe(0);
    expect(p.waitS(TimeoutPenalty.key('u1', 'GET', '/rest/v1/teams'))).toBe(0);
    t += PENALTY_BASE_MS;
    expect(p.waitS(k)).toBe(0);
    p.strike(k);
    expect(p.waitS(k)).toBe((2 * PENALTY_BASE_MS) / 1000);
    for (let i = 0; i < 20; i++) p.strike(k);
    expect(p.waitS(k)).toBe(PENALTY_MAX_MS / 1000);
    p.clear(k);
    expect(p.waitS(k)).toBe(0);
    p.strike(k);
    expect(p.waitS(k)).toBe(PENALTY_BASE_MS / 1000);
  });

  it('ignores a trailing slash of the path', () => {
    expect(TimeoutPenalty.key('u', 'GET', '/rest/v1/points/')).toBe(TimeoutPenalty.key('u', 'GET', '/rest/v1/points'));
  });

  it('answers 429 with a French message and Retry-After', () => {
    const e = penaltyError(30);
    expect(e.status).toBe(429);
    expect(e.headers['Retry-After']).toBe('30');
    expect(e.body).toMatchObject({ code: 'PT429', message: expect.stringMatching(/^Votre requête précédente a dépassé le temps autorisé .* réessayez dans 30 s/) });
  });
});
