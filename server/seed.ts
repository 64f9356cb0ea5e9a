// Start-time seeding through supabase/seed/demo.ts: SEED=demo loads the demo dataset into an empty
// database (photos written through the storage layer), then builds its point-index pages before requests are let in;
// SEED=none prints a bootstrap invitation while no user exists.
import type { Database } from './db/types';
import { SEED_LOCK } from './db/locks';
import { seedDemo, seedNone } from '../supabase/seed/demo';
import { buildPointIndexPages } from './db/pointIndexWarmup';

const PHOTO_CACHE_SECONDS = '31536000'; // docs/product.md#photos: images cached one year

export interface SeedOptions {
  seed: 'demo' | 'none';
  seedPoints: number;
  /** 2: the demo has a second line (supabase/seed/secondLine.ts); 3 or more: generated lines after it (supabase/seed/networkLines.ts). */
  seedLines?: number;
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
  /** Row counts inserted by the demo seed. */
  counts?: Record<string, number>;
}

/**
 * Seeds an empty database; returns null when there was nothing to do (data already there). One instance at a time
 * (advisory lock): instances started together on one PostgreSQL seed once.
 */
export function runSeed(db: Database, o: SeedOptions): Promise<SeedResult | null> {
  return db.withLock(SEED_LOCK, () => seedOnce(db, o));
}

async function seedOnce(db: Database, o: SeedOptions): Promise<SeedResult | null> {
  if (o.seed === 'demo') {
    const r = await seedDemo(db, {
      adminEmail: o.adminEmail, adminPassword: o.adminPassword, extraPoints: o.seedPoints, secondLine: (o.seedLines ?? 2) >= 2, lines: o.seedLines ?? 2,
      putObject: async (bucket, path, bytes) => { await o.putObject(bucket, path, bytes, { cacheControl: PHOTO_CACHE_SECONDS, upsert: true }); },
    });
    if (r.seeded) await buildPointIndexPages(db.admin);
    return r.seeded ? { seed: 'demo', adminEmail: o.adminEmail, adminPassword: o.adminPassword, counts: r.counts } : null;
  }
  const url = await seedNone(db, { adminEmail: o.adminEmail, siteUrl: o.siteUrl });
  return url ? { seed: 'none', adminEmail: o.adminEmail, invitationUrl: url } : null;
}
