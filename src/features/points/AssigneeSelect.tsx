// 'Assigné à' in the point form (docs/product.md#assignee): the active members of the point's team (every active
// member for an admin when the point has no team), in a native picker (the phone's own list). Only admins and the
// team's members may assign (the database refuses others): for anyone else the picker is read-only with the reason.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Select } from '../../ui';
import { assignableMembers, memberName } from '../../core/followUp/assignees';
import { ensureMembersLoaded, knownMembersAtom, membersByTeamAtom } from '../../state/members';
import { isAdminAtom, profileAtom } from '../../state/session';
import { POINT_TEXT as T } from './strings';

export function AssigneeSelect({ value, teamId, onChange }: { value: string; teamId: string; onChange: (id: string) => void }) {
  const list = useAtomValue(membersByTeamAtom)[teamId];
  const known = useAtomValue(knownMembersAtom);
  const me = useAtomValue(profileAtom);
  const admin = useAtomValue(isAdminAtom);
  const mayAssign = admin || (!!teamId && me?.teamId === teamId);
  useEffect(() => { if (mayAssign) void ensureMembersLoaded(teamId); }, [teamId, mayAssign]);
  const options = list?.status === 'ready' ? assignableMembers(list.members, teamId || null) : [];
  const hint = !mayAssign ? (teamId ? T.assignTeamOnly : T.assignAdminOnly)
    : list?.status === 'error' ? T.membersLoadError : teamId ? T.assigneeTeamHint : undefined;
  return (
    <Select label={T.assignee} name="assignee" value={value} disabled={!mayAssign} hint={hint} onChange={(e) => onChange(e.target.value)}>
      <option value="">{T.noAssignee}</option>
      {value && !options.some((m) => m.id === value) && <option value={value}>{memberName(known, value)}</option>}
      {options.map((m) => <option key={m.id} value={m.id}>{m.id === me?.id ? T.me(m.email) : m.email}</option>)}
    </Select>
  );
}
