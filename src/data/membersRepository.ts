// The members a point can be assigned to (docs/product.md#assignee), from public.assignable_members: the active
// members of a team, or every active member for a point without team (admins only; colleagues' profiles are
// not readable otherwise).
import { rpc } from './rpc';
import type { Member } from '../core/followUp/assignees';

export async function listAssignableMembers(teamId: string | null): Promise<Member[]> {
  const { data, error } = await rpc('assignable_members', { p_team_id: teamId });
  if (error) throw error;
  return ((data ?? []) as { id: string; email: string | null; team_id: string | null }[])
    .map((r) => ({ id: r.id, email: r.email ?? '', teamId: r.team_id ?? null, active: true }));
}
