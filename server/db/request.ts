// The statement PostgREST runs at the start of every request transaction (docs/supabase-protocol.md#row-level-security), shared by both adapters.
import type { RequestContext } from './types';

export const REQUEST_SETUP_SQL =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), " +
  "set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true)";

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export function requestSetupParams(ctx: RequestContext): string[] {
  // Never trust a role string blindly: only the three API roles may serve a request.
  if (!ROLES.has(ctx.role)) throw new Error(`refused request role: ${String(ctx.role)}`);
  return [ctx.role, JSON.stringify(ctx.claims ?? {}), ctx.method, ctx.path, JSON.stringify(ctx.headers ?? {})];
}
