// Utilisateurs tab: invite form, sub-tabs Utilisateurs / Invitations, refresh, role and team changes (docs/product.md#users, #roles, #administration-messages).
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { RefreshCw } from 'lucide-react';
import { Alert, Button, Tabs, toast } from '../../ui';
import type { Invitation, Profile, Role } from '../../core/types';
import { isAdminAtom, profileAtom } from '../../state/session';
import { teamsAtom } from '../../state/tables';
import { adminInvitationsAtom, adminProfilesAtom, changeRoleAtom, inviteUserAtom, loadUsersAtom, setUserTeamAtom } from '../../state/adminActions';
import { A, inviteErrorText } from './strings';
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
  const load = useSetAtom(loadUsersAtom);
  const invite = useSetAtom(inviteUserAtom);
  const changeRole = useSetAtom(changeRoleAtom);
  const setTeam = useSetAtom(setUserTeamAtom);
  const profiles = useAtomValue(adminProfilesAtom);
  const invitations = useAtomValue(adminInvitationsAtom);
  const teams = useAtomValue(teamsAtom);
  const me = useAtomValue(profileAtom);
  const { status, reload } = useLoad(load);
  const [sub, setSub] = useState<Sub>('users');
  const [inviteView, setInviteView] = useState<InviteView>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const [accessTarget, setAccessTarget] = useState<Profile | null>(null);
  const [revokeTarget, setRevokeTarget] = useState<Invitation | null>(null);

  const doInvite = async (email: string): Promise<boolean> => {
    const r = await invite(email);
    setInviteView(r.ok ? { kind: 'success', email: r.email, url: r.url } : { kind: 'error', message: inviteErrorText(r.kind) });
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
    if (r === 'ok') toast(A.users.roleChanged(p.email), 'success');
    else setRowError(r === 'last_admin' ? A.users.lastAdmin : r === 'refused' ? A.users.roleRefused : A.users.roleError);
  };
  const onTeam = async (p: Profile, teamId: string | null) => {
    setRowError(null);
    setBusyId(p.id);
    try {
      await setTeam({ userId: p.id, teamId });
      toast(A.users.teamChanged(p.email), 'success');
    } catch (e) {
      console.error(e);
      setRowError(A.users.teamError);
    } finally {
      setBusyId(null);
    }
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
