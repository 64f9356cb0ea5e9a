// Displayed status of an invitation (docs/product.md#invitations): redeemed, then revoked, then expired, then pending, in that precedence.
import type { Invitation } from '../types';

export type InvitationStatus =
  | { kind: 'used'; redeemedAt: string }
  | { kind: 'revoked' }
  | { kind: 'expired' }
  | { kind: 'pending' };

/** `nowMs` is the current time in epoch milliseconds (injected for tests). */
export function invitationStatus(inv: Pick<Invitation, 'redeemedAt' | 'expiresAt' | 'revokedAt'>, nowMs: number): InvitationStatus {
  if (inv.redeemedAt) return { kind: 'used', redeemedAt: inv.redeemedAt };
  if (inv.revokedAt) return { kind: 'revoked' };
  const expires = Date.parse(inv.expiresAt);
  if (Number.isFinite(expires) && expires <= nowMs) return { kind: 'expired' };
  return { kind: 'pending' };
}

/** Newest invitation first (the table's order). */
export function sortInvitations<T extends Pick<Invitation, 'createdAt'>>(list: T[]): T[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
