import { describe, expect, it } from 'vitest';
import { invitationStatus, sortInvitations } from './invitationStatus';

const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('invitationStatus', () => {
  it('says used when redeemed, even if the expiry date is past', () => {
    expect(invitationStatus({ redeemedAt: '2026-11-10T08:00:00Z', expiresAt: '2026-11-12T00:00:00Z' }, NOW))
      .toEqual({ kind: 'used', redeemedAt: '2026-11-10T08:00:00Z' });
  });
  it('says expired when not redeemed and the expiry date is past', () => {
    expect(invitationStatus({ redeemedAt: null, expiresAt: '2026-11-20T10:00:00Z' }, NOW)).toEqual({ kind: 'expired' });
  });
  it('says expired exactly at the expiry instant', () => {
    expect(invitationStatus({ redeemedAt: null, expiresAt: '2026-11-21T10:00:00Z' }, NOW).kind).toBe('expired');
  });
  it('says revoked when revoked and unused, whatever the expiry; used wins over revoked', () => {
    expect(invitationStatus({ redeemedAt: null, revokedAt: '2026-11-20T09:00:00Z', expiresAt: '2026-11-28T10:00:00Z' }, NOW)).toEqual({ kind: 'revoked' });
    expect(invitationStatus({ redeemedAt: null, revokedAt: '2026-11-20T09:00:00Z', expiresAt: '2026-11-20T10:00:00Z' }, NOW)).toEqual({ kind: 'revoked' });
    expect(invitationStatus({ redeemedAt: '2026-11-19T08:00:00Z', revokedAt: '2026-11-20T09:00:00Z', expiresAt: '2026-11-28T10:00:00Z' }, NOW).kind).toBe('used');
  });
  it('says pending before expiry', () => {
    expect(invitationStatus({ redeemedAt: null, expiresAt: '2026-11-28T10:00:00Z' }, NOW)).toEqual({ kind: 'pending' });
  });
});

describe('sortInvitations', () => {
  it('puts the newest first without mutating the input', () => {
    const list = [{ createdAt: '2026-11-01T00:00:00Z' }, { createdAt: '2026-11-03T00:00:00Z' }];
    expect(sortInvitations(list).map((i) => i.createdAt)).toEqual(['2026-11-03T00:00:00Z', '2026-11-01T00:00:00Z']);
    expect(list[0].createdAt).toBe('2026-11-01T00:00:00Z');
  });
});
