// The auth.users row of a single-sign-on identity: found by identity (provider + sub), else linked to the
// user with the same verified email, else created (is_sso_user; the invitation trigger admits 'sso:*').
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';

export interface SsoIdentity { providerKey: string; sub: string; email: string; name: string | null; claims: Record<string, unknown> }

/** Returns the user id; throws an Error with `code` 'user_banned' for a banned user. */
export async function upsertSsoUser(q: Queryable, id: SsoIdentity): Promise<{ userId: string; created: boolean }> {
  const identityData = JSON.stringify({ ...id.claims, sub: id.sub, email: id.email, email_verified: true });
  let created = false;
  const byIdentity = await q.query<{ user_id: string }>(`select user_id from auth.identities where provider = $1 and provider_id = $2`, [id.providerKey, id.sub]);
  let userId = byIdentity.rows[0]?.user_id ?? null;
  if (!userId) {
    const byEmail = await q.query<{ id: string }>(`select id from auth.users where lower(email) = $1 and deleted_at is null order by is_sso_user, created_at limit 1`, [id.email]);
    userId = byEmail.rows[0]?.id ?? null;
    if (!userId) {
      userId = randomUUID();
      created = true;
      const userMeta: Record<string, unknown> = { email: id.email, email_verified: true, sub: id.sub, iss: id.claims.iss ?? null };
      if (id.name) { userMeta.name = id.name; userMeta.full_name = id.name; }
      await q.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, is_sso_user, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, $4::jsonb, true, now(), now())`,
        [userId, id.email, JSON.stringify({ provider: id.providerKey, providers: [id.providerKey] }), JSON.stringify(userMeta)],
      );
    }
    await q.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3::jsonb, $4, now())`,
      [id.sub, userId, identityData, id.providerKey],
    );
  } else {
    await q.query(`update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now() where provider = $1 and provider_id = $2`, [id.providerKey, id.sub, identityData]);
  }
  const u = await q.query<{ banned_until: string | Date | null; raw_app_meta_data: Record<string, unknown> | null }>(
    `select banned_until, raw_app_meta_data from auth.users where id = $1`, [userId],
  );
  const row = u.rows[0];
  if (row?.banned_until && new Date(row.banned_until).getTime() > Date.now()) {
    throw Object.assign(new Error('User is banned'), { code: 'user_banned' });
  }
  // A linked account keeps its own provider and gains 'sso:<id>' in providers.
  const meta = row?.raw_app_meta_data ?? {};
  const providers = Array.isArray(meta.providers) ? (meta.providers as unknown[]).filter((p) => typeof p === 'string') as string[] : [];
  if (!providers.includes(id.providerKey)) {
    const next = { ...meta, provider: typeof meta.provider === 'string' ? meta.provider : id.providerKey, providers: [...providers, id.providerKey] };
    await q.query(`update auth.users set raw_app_meta_data = $2::jsonb, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [userId, JSON.stringify(next)]);
  }
  return { userId, created };
}
