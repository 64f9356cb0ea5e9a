// First-start seeding: delegates to supabase/seed/demo.ts (seedDemo / seedNone, owned by the database
// side) with a putObject that writes through the storage layer; falls back to a minimal admin bootstrap.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from './db/types';
import { hashPassword } from './auth/password';
import { optionalModule } from './modules';

export interface SeedOptions {
  seed: 'demo' | 'none';
  seedPoints: number;
  siteUrl: string;
  adminEmail: string;
  adminPassword: string;
  putObject: (bucket: string, name: string, bytes: Uint8Array, opts?: { cacheControl?: string; upsert?: boolean }) => Promise<{ Id: string; Key: string }>;
}

export interface SeedResult {
  seed: 'demo' | 'none';
  adminEmail: string;
  /** demo: the admin's password. */
  adminPassword?: string;
  /** none: the bootstrap invitation link for adminEmail. */
  invitationUrl?: string;
}

type SeedFn = (db: Database, opts: Record<string, unknown>) => Promise<unknown>;

export async function runSeed(db: Database, o: SeedOptions): Promise<SeedResult> {
  const mod = await optionalModule<{ seedDemo?: SeedFn; seedNone?: SeedFn }>('../supabase/seed/demo.ts');
  const args = {
    adminEmail: o.adminEmail, adminPassword: o.adminPassword, adminPasswordHash: await hashPassword(o.adminPassword),
    seedPoints: o.seedPoints, extraPoints: o.seedPoints, siteUrl: o.siteUrl, putObject: o.putObject,
  };
  if (o.seed === 'demo') {
    if (mod?.seedDemo) await mod.seedDemo(db, args);
    else await createAdminFallback(db, o.adminEmail, args.adminPasswordHash);
    return { seed: 'demo', adminEmail: o.adminEmail, adminPassword: o.adminPassword };
  }
  const res = mod?.seedNone ? await mod.seedNone(db, args) : { invitationUrl: await inviteFallback(db, o.adminEmail, o.siteUrl) };
  const url = typeof res === 'string' ? res : (res as { invitationUrl?: string } | undefined)?.invitationUrl;
  return { seed: 'none', adminEmail: o.adminEmail, invitationUrl: url };
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

async function inviteFallback(db: Database, email: string, siteUrl: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.admin.query('insert into public.invitations (email, token_hash, expires_at) values (lower($1), $2, now() + interval \'7 days\')', [email, sha256Hex(token)]);
  return `${siteUrl}/invitation?token=${token}`;
}

async function createAdminFallback(db: Database, email: string, passwordHash: string): Promise<void> {
  const token = randomBytes(32).toString('hex');
  await db.admin.transaction(async (tx) => {
    await tx.query('insert into public.invitations (email, token_hash, expires_at) values (lower($1), $2, now() + interval \'7 days\')', [email, sha256Hex(token)]);
    const id = randomUUID();
    await tx.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', lower($2), $3, now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('invitation_token', $4::text))`,
      [id, email, passwordHash, token],
    );
    await tx.query(`update auth.users set raw_user_meta_data = raw_user_meta_data - 'invitation_token' where id = $1`, [id]);
  });
}
