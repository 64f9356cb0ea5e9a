// Browser tests' embedded server for the point index (run in Node through the browser command `pointIndexServer`,
// vite.config.ts): a migrated server on PGlite in memory with one line of `points` points of varied fields and a
// member, whose URL, anon key, access token and line the test in Chromium reads the index from. One at a time.
import { SignJWT } from 'jose';
import type { RunningServer } from '../../server/main';
import { startTestServer, TEST_JWT_SECRET } from '../server/testServer';
import { createUserWithProfile } from '../server/testDatabase';

export interface PointIndexServer { url: string; anonKey: string; token: string; lineId: string; points: number }

/** The server started last, kept on the process (the command's module may be evaluated again per call). */
const slot = globalThis as { pointIndexTestServer?: RunningServer | null };

export async function startPointIndexServer(points: number): Promise<PointIndexServer> {
  await stopPointIndexServer();
  const s = await startTestServer();
  slot.pointIndexTestServer = s;
  const userId = await createUserWithProfile(s.db, 'membre@example.test', 'user');
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated', email: 'membre@example.test', iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
  const team = (await s.db.admin.query<{ id: string }>("insert into public.teams (name) values ('Équipe index') returning id")).rows[0].id;
  const lineId = (await s.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('LI', 'Ligne index') returning id")).rows[0].id;
  await s.db.admin.query(
    `insert into public.points (name, "position", km_value, status, criticality, team_id, line_id)
     select 'P' || i, jsonb_build_object('x', i * 1.25, 'y', 100 + i % 500), case when i % 9 = 0 then null else i / 8.0 end,
            (array['signale', 'pris_en_charge', 'resolu'])[1 + i % 3], case when i % 4 = 0 then 'danger' else 'attention' end,
            case when i % 3 = 0 then $2::uuid end, $1
     from generate_series(1, $3::int) i`, [lineId, team, points]);
  return { url: s.url, anonKey: s.anonKey, token, lineId, points };
}

export async function stopPointIndexServer(): Promise<void> {
  const s = slot.pointIndexTestServer;
  slot.pointIndexTestServer = null;
  await s?.close();
}
