// Confirmations of the access actions of the Utilisateurs tab: deactivate / reactivate a member,
// revoke an unused invitation. Each closes on success with a toast, or shows why it was refused.
import { useState } from 'react';
import { ActionConfirmDialog, toast } from '../../ui';
import type { Invitation, Profile } from '../../core/types';
import { revokeInvitation, setUserActive } from '../../state/accessActions';
import { A } from './strings';

export function UserAccessConfirm({ target, onClose }: { target: Profile | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!target) return null;
  const deactivate = target.active !== false;
  const close = () => { setError(null); onClose(); };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const r = await setUserActive({ userId: target.id, active: !deactivate });
    setBusy(false);
    if (r.ok) {
      toast(deactivate ? A.users.deactivated(target.email) : A.users.reactivated(target.email), 'success');
      close();
    } else {
      setError(r.message);
    }
  };
  return (
    <ActionConfirmDialog open title={deactivate ? A.users.deactivateTitle : A.users.reactivateTitle}
      message={deactivate ? A.users.deactivateConfirm(target.email) : A.users.reactivateConfirm(target.email)}
      confirmLabel={deactivate ? A.users.deactivate : A.users.reactivate} danger={deactivate}
      busy={busy} error={error} onConfirm={() => void confirm()} onCancel={close} />
  );
}

export function InvitationRevokeConfirm({ target, onClose }: { target: Invitation | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!target) return null;
  const close = () => { setError(null); onClose(); };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const r = await revokeInvitation(target.id);
    setBusy(false);
    if (r.ok) {
      toast(A.users.revoked(target.email), 'success');
      close();
    } else {
      setError(r.message);
    }
  };
  return (
    <ActionConfirmDialog open title={A.users.revokeTitle} message={A.users.revokeConfirm(target.email)}
      confirmLabel={A.users.revoke} danger busy={busy} error={error} onConfirm={() => void confirm()} onCancel={close} />
  );
}
