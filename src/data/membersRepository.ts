// The members a point can be assigned to (docs/product.md#assignee): id, e-mail and team of active profiles. An admin
// reads every profile; a member reads the profiles that RLS lets them see.
import { supabase } from './client';
import type { Member } from '../core/followUp/assignees';

export async function listActiveMembers(): Promise<Member[]> {
  const { data, error } = await supabase().from('profiles').select('id, email, team_id, active').eq('active', true).order('email');
  if (error) throw error;
  return (data ?? []).map((r) => ({ id: r.id as string, email: (r.email as string) ?? '', teamId: (r.team_id as string | null) ?? null, active: true }));
}
