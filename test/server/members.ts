// Test helper: a signed-up member with a profile (the first one of a database becomes admin), through the
// real supabase-js client against a running embedded server.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../../server/main';
import { createInvitation } from './testDatabase';
import { client } from './testServer';

export interface Member { c: SupabaseClient; id: string; token: string; refresh: string; email: string }

export async function signUpMember(s: RunningServer, email: string, password = 'secret-123'): Promise<Member> {
  const invitation = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password, options: { data: { invitation_token: invitation } } });
  if (error) throw error;
  const id = data.user!.id;
  const p = await c.rpc('create_profile', { user_id: id, user_email: email, user_role: 'user' });
  if (p.error) throw new Error(`create_profile: ${p.error.message}`);
  return { c, id, token: data.session!.access_token, refresh: data.session!.refresh_token, email };
}
