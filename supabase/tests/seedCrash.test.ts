// The demo seed survives a kill in the middle: a first start dies while writing the photos,
// the next start seeds again; every photo a point refers to exists, and no photo is written under a second name.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { freshDatabase, testKind } from './fixtures';
import { seedDemo } from '../seed/demo';

let db: Database;
beforeAll(async () => { db = await freshDatabase(); });
afterAll(async () => { await db?.close(); });

it(`a start killed while writing the demo photos is completed by the next start (${testKind()})`, async () => {
  const stored = new Map<string, Uint8Array>(); // the storage, which outlives the process
  let calls = 0;
  const dying = async (_bucket: string, path: string, bytes: Uint8Array) => {
    if (++calls === 3) throw new Error('killed');
    stored.set(path, bytes);
  };
  await expect(seedDemo(db, { adminEmail: 'admin@example.org', adminPassword: 'secret123', extraPoints: 0, putObject: dying })).rejects.toThrow('killed');
  const firstNames = [...stored.keys()];

  const again = await seedDemo(db, { adminEmail: 'admin@example.org', adminPassword: 'secret123', extraPoints: 0,
    putObject: async (_bucket, path, bytes) => { stored.set(path, bytes); } });
  expect(again.seeded).toBe(true);
  const urls = (await db.admin.query<{ image_url: string }>('select image_url from public.points where image_url is not null')).rows.map((r) => r.image_url);
  expect(urls).toHaveLength(6);
  for (const u of urls) expect(stored.has(u.replace('/storage/v1/object/public/poi_images/', '')), u).toBe(true);
  expect(stored.size).toBe(6); // the second start wrote over the first one's files
  for (const n of firstNames) expect(urls).toContain(`/storage/v1/object/public/poi_images/${n}`);
});
