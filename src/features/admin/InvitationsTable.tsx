// Invitations table: Email, Date d'envoi, Expiration, Statut (used > expired > pending, docs/product.md#invitations) 'Renvoyer' for expired ones, 'Révoquer' for pending ones.
import { Ban, RotateCw } from 'lucide-react';
import type { Invitation } from '../../core/types';
import { invitationStatus, sortInvitations } from '../../core/admin/invitationStatus';
import { formatDateFr, formatDateTimeFr } from '../../core/format';
import { Button } from '../../ui';
import { A } from './strings';

export function InvitationsTable({ invitations, busyEmail, onResend, onRevoke }: { invitations: Invitation[]; busyEmail: string | null; onResend: (email: string) => void; onRevoke?: (inv: Invitation) => void }) {
  if (invitations.length === 0) return <p className="admin-empty">{A.users.emptyInvitations}</p>;
  const now = Date.now();
  return (
    <>
      <p className="admin-note">{A.users.invitationsNote}</p>
      <table className="admin-table admin-cardtable invitations-table">
        <thead>
          <tr>
            <th scope="col">{A.users.colEmail}</th><th scope="col">{A.users.colSent}</th><th scope="col">{A.users.colExpires}</th>
            <th scope="col">{A.users.colStatus}</th><th scope="col">{A.users.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {sortInvitations(invitations).map((inv) => {
            const st = invitationStatus(inv, now);
            return (
              <tr key={inv.id} data-email={inv.email}>
                <td data-label={A.users.colEmail} className="cell-email">{inv.email}</td>
                <td data-label={A.users.colSent}>{formatDateTimeFr(inv.createdAt)}</td>
                <td data-label={A.users.colExpires}>{formatDateTimeFr(inv.expiresAt)}</td>
                <td data-label={A.users.colStatus}>
                  {st.kind === 'used' && <span className="badge status-used">{A.users.statusUsed(formatDateFr(st.redeemedAt))}</span>}
                  {st.kind === 'expired' && <span className="badge status-expired">{A.users.statusExpired}</span>}
                  {st.kind === 'revoked' && <span className="badge status-expired status-revoked">{A.users.statusRevoked}</span>}
                  {st.kind === 'pending' && <span className="badge status-pending">{A.users.statusPending}</span>}
                </td>
                <td data-label={A.users.colActions}>
                  {st.kind === 'expired' && (
                    <Button size="sm" title={A.users.resendHint} busy={busyEmail === inv.email} icon={<RotateCw size={14} aria-hidden="true" />}
                      onClick={() => onResend(inv.email)}>{A.users.resend}</Button>
                  )}
                  {st.kind === 'pending' && <span className="muted small">{A.users.pendingHint}</span>}
                  {st.kind === 'pending' && onRevoke && (
                    <Button size="sm" variant="danger" icon={<Ban size={14} aria-hidden="true" />} aria-label={`${A.users.revoke} ${inv.email}`}
                      onClick={() => onRevoke(inv)}>{A.users.revoke}</Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
