// 'Assigné à' in the point form (docs/product.md#assignee): the active members of the point's team (every active
// member without a team), a native picker (the phone's own list). The current user is offered even when the
// members list cannot be read, and a current assignee outside the list stays shown by name.
import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Select } from '../../ui';
import { assignableMembers, memberName } from '../../core/followUp/assignees';
import { ensureMembersLoaded, membersAtom, membersStatusAtom } from '../../state/members';
import { profileAtom } from '../../state/session';
import { POINT_TEXT as T } from './strings';

export function AssigneeSelect({ value, teamId, onChange }: { value: string; teamId: string; onChange: (id: string) => void }) {
  const members = useAtomValue(membersAtom);
  const status = useAtomValue(membersStatusAtom);
  const me = useAtomValue(profileAtom);
  useEffect(() => { void ensureMembersLoaded(); }, []);
  const options = useMemo(() => {
    const known = me && me.active !== false && !members.some((m) => m.id === me.id) ? [...members, { id: me.id, email: me.email, teamId: me.teamId, active: true }] : members;
    return assignableMembers(known, teamId || null);
  }, [members, me, teamId]);
  return (
    <Select label={T.assignee} name="assignee" value={value} onChange={(e) => onChange(e.target.value)}
      hint={status === 'error' ? T.membersLoadError : teamId ? T.assigneeTeamHint : undefined}>
      <option value="">{T.noAssignee}</option>
      {value && !options.some((m) => m.id === value) && <option value={value}>{memberName(members, value)}</option>}
      {options.map((m) => <option key={m.id} value={m.id}>{m.id === me?.id ? T.me(m.email) : m.email}</option>)}
    </Select>
  );
}
