// Utilisateurs tab: invite form, sub-tabs Utilisateurs / Invitations, refresh, role and team changes (docs/product.md#users, #roles, #administration-messages).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { RefreshCw } from 'lucide-react';
import { Alert, Button, Tabs, toast } from '../../ui';
import type { Invitation, Profile, Role } from '../../core/types';
import { isAdminAtom, profileAtom } from '../../state/session';
import { teamsAtom } from '../../state/tables';
import { adminInvitationsAtom, adminProfilesAtom, changeRole, inviteUser, loadUsers, setUserTeam } from '../../state/adminActions';
import { A } from './strings';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { InviteUserForm, type InviteView } from './InviteUserForm';
import { UsersTable } from './UsersTable';
import { InvitationsTable } from './InvitationsTable';
import { InvitationRevokeConfirm, UserAccessConfirm } from './AccessConfirms';

type Sub = 'users' | 'invitations';

export function UsersTab() {
  const isAdmin = useAtomValue(isAdminAtom);
  if (!isAdmin) return <Alert kind="error">{A.noRights}</Alert>;
  return <UsersTabContent />;
}

function UsersTabContent() {
  const profiles = useAtomValue(adminProfilesAtom);
  const invitations = useAtomValue(adminInvitationsAtom);
  const teams = useAtomValue(teamsAtom);
  const me = useAtomValue(profileAtom);
  const { status, reload } = useLoad(loadUsers);
  const [sub, setSub] = useState<Sub>('users');
  const [inviteView, setInviteView] = useState<InviteView>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const [accessTarget, setAccessTarget] = useState<Profile | null>(null);
  const [revokeTarget, setRevokeTarget] = useState<Invitation | null>(null);

  const doInvite = async (email: string): Promise<boolean> => {
    const r = await inviteUser(email);
    setInviteView(r.ok ? { kind: 'success', email: r.value.email, url: r.value.url } : { kind: 'error', message: r.message });
    return r.ok;
  };
  const resend = async (email: string) => {
    setBusyEmail(email);
    await doInvite(email);
    setBusyEmail(null);
  };
  const onRole = async (p: Profile, role: Role) => {
    if (role === p.role) return;
    setRowError(null);
    setBusyId(p.id);
    const r = await changeRole({ userId: p.id, role });
    setBusyId(null);
    if (r.ok) toast(A.users.roleChanged(p.email), 'success');
    else setRowError(r.message);
  };
  const onTeam = async (p: Profile, teamId: string | null) => {
    setRowError(null);
    setBusyId(p.id);
    const r = await setUserTeam({ userId: p.id, teamId });
    setBusyId(null);
    if (r.ok) toast(A.users.teamChanged(p.email), 'success');
    else setRowError(r.message);
  };

  return (
    <div className="admin-tab users-tab">
      <InviteUserForm result={inviteView} onInvite={doInvite} />
      <Tabs<Sub>
        value={sub} onValueChange={setSub} ariaLabel={A.tabs.users} className="admin-subtabs"
        items={[
          {
            value: 'users', label: `${A.users.subUsers} (${profiles.length})`,
            content: status !== 'ready'
              ? <LoadState status={status} error={A.users.loadError} onRetry={reload} />
              : <UsersTable profiles={profiles} teams={teams} meId={me?.id ?? null} busyId={busyId} onTeam={onTeam} onRole={onRole} onAccess={setAccessTarget} />,
          },
          {
            value: 'invitations', label: `${A.users.subInvitations} (${invitations.length})`,
            content: status !== 'ready'
              ? <LoadState status={status} error={A.users.loadError} onRetry={reload} />
              : <InvitationsTable invitations={invitations} busyEmail={busyEmail} onResend={resend} onRevoke={setRevokeTarget} />,
          },
        ]}
      >
        <div className="admin-toolbar">
          <Button size="sm" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => { setRowError(null); void reload(); }} disabled={status === 'loading'}>
            {A.refresh}
          </Button>
        </div>
        {rowError && <Alert kind="error">{rowError}</Alert>}
      </Tabs>
      <UserAccessConfirm target={accessTarget} onClose={() => setAccessTarget(null)} />
      <InvitationRevokeConfirm target={revokeTarget} onClose={() => setRevokeTarget(null)} />
    </div>
  );
}
