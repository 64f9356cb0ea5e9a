// One small repository per table on supabase-js (docs/product.md#backend-calls). Every function throws the supabase error on failure.
import { supabase } from './client';
import { jsonAnswer, rpc } from './rpc';
import type { TablesInsert } from './database.types';
import { SUPABASE_MAX_ROWS, IMAGE_BUCKET, IMAGE_CACHE_SECONDS, IMAGE_FOLDER } from '../core/constants';
import type { AppSetting, CriticalityLevel, Invitation, KilometerMarker, Line, Point, Profile, Role, Team, Zone } from '../core/types';
import { asPointInsert, baseVersion, fromLevel, fromLine, fromPoint, fromZone, toInvitation, toLevel, toLine, toMarker, toPoint, toProfile, toSetting, toTeam, toZone, type LineInput, type PointInput, type PointRow, type ZoneInput } from './mappers';

function check<T>(res: { data: T; error: unknown }): T {
  if (res.error) throw res.error;
  return res.data;
}
/** For `.single()`: the row, or the error (PGRST116 when no row came back). */
function checkOne<T>(res: { data: T | null; error: unknown }): T {
  if (res.error) throw res.error;
  if (res.data === null) throw new Error('No row returned');
  return res.data;
}

// ---- points ---------------------------------------------------------------
const POINT_SELECT = '*, teams(name)';

/** Newest first, as docs/product.md#backend-calls lists them (ISO timestamps of one offset compare as strings). */
const newestFirst = (a: Point, b: Point) =>
  a.creationDate < b.creationDate ? 1 : a.creationDate > b.creationDate ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Every point, paged past the 1000-row cap by keyset on the primary key (each page costs the same, where an
 * offset page costs more the further it goes), then sorted newest first. `onPage` reports progress after each page with the rows so far (not to be
 * mutated; in key order until the last page).
 */
export async function listPoints(onPage?: (loaded: number, soFar: readonly Point[]) => void, lineId: string | null = null): Promise<Point[]> {
  const out: Point[] = [];
  let lastId: string | null = null;
  for (;;) {
    let q = supabase().from('points').select(POINT_SELECT).order('id').limit(SUPABASE_MAX_ROWS);
    if (lineId) q = q.eq('line_id', lineId);
    if (lastId !== null) q = q.gt('id', lastId);
    const rows = check(await q) ?? [];
    for (const r of rows) out.push(toPoint(r));
    if (rows.length) onPage?.(out.length, out);
    if (rows.length < SUPABASE_MAX_ROWS) break;
    lastId = rows[rows.length - 1].id;
  }
  return out.sort(newestFirst);
}
export async function savePoint(p: PointInput): Promise<Point> {
  const row = fromPoint(p);
  const q = p.id ? supabase().from('points').update(row).eq('id', p.id) : supabase().from('points').insert(asPointInsert(row));
  return toPoint(checkOne(await q.select(POINT_SELECT).single()));
}
/** A points row (REST with teams(name), or realtime) as a domain point. */
export const rowToPoint = (r: PointRow): Point => toPoint(r);
/** The point as stored now, or null when it was deleted (conflict resolution). */
export async function getPoint(id: string): Promise<Point | null> {
  const row = check(await supabase().from('points').select(POINT_SELECT).eq('id', id).maybeSingle());
  return row ? toPoint(row) : null;
}
export async function deletePoint(id: string): Promise<void> { check(await supabase().from('points').delete().eq('id', id)); }
export async function countPointsUsing(column: 'criticality' | 'team_id', value: string): Promise<number> {
  const res = await supabase().from('points').select('id', { count: 'exact', head: true }).eq(column, value);
  if (res.error) throw res.error;
  return res.count ?? 0;
}

// ---- lines ----------------------------------------------------------------
/** The lines the caller reads (members: not archived; admins: all), in their order. */
export async function listLines(): Promise<Line[]> {
  return (check(await supabase().from('lines').select('*').order('sort').order('name')) ?? []).map(toLine);
}
/** Creates a line, or updates the given columns of one (stating its version: a stale one is refused, PT409). */
export async function saveLine(l: LineInput): Promise<Line> {
  const row = fromLine(l);
  // A new line comes with its code and name (the line form requires both; the table refuses a line without them).
  const q = l.id ? supabase().from('lines').update(row).eq('id', l.id) : supabase().from('lines').insert(row as TablesInsert<'lines'>);
  return toLine(checkOne(await q.select('*').single()));
}
export async function getLine(id: string): Promise<Line | null> {
  const row = check(await supabase().from('lines').select('*').eq('id', id).maybeSingle());
  return row ? toLine(row) : null;
}
/** Deletes a line; the database refuses (409) while points, zones or markers are on it. */
export async function deleteLine(id: string): Promise<void> { check(await supabase().from('lines').delete().eq('id', id)); }
/** Points on a line (the archive confirmation says how many). */
export async function countPointsOnLine(lineId: string): Promise<number> {
  const res = await supabase().from('points').select('id', { count: 'exact', head: true }).eq('line_id', lineId);
  if (res.error) throw res.error;
  return res.count ?? 0;
}

// ---- zones ----------------------------------------------------------------
/** The zones of a line (null: of every line). */
export async function listZones(lineId: string | null = null): Promise<Zone[]> {
  let q = supabase().from('zones').select('*');
  if (lineId) q = q.eq('line_id', lineId);
  return (check(await q.order('created_at', { ascending: false })) ?? []).map(toZone);
}
export async function saveZone(z: ZoneInput): Promise<Zone> {
  const row = fromZone(z);
  const q = z.id ? supabase().from('zones').update(row).eq('id', z.id) : supabase().from('zones').insert(row);
  return toZone(checkOne(await q.select('*').single()));
}
export async function getZone(id: string): Promise<Zone | null> {
  const row = check(await supabase().from('zones').select('*').eq('id', id).maybeSingle());
  return row ? toZone(row) : null;
}
export async function deleteZone(id: string): Promise<void> { check(await supabase().from('zones').delete().eq('id', id)); }

// ---- teams ----------------------------------------------------------------
export async function listTeams(): Promise<Team[]> {
  return (check(await supabase().from('teams').select('*').order('name')) ?? []).map(toTeam);
}
export async function saveTeam(t: { id?: string; name: string; description: string | null; updatedAt?: string }): Promise<Team> {
  const row = { name: t.name.trim(), description: t.description?.trim() || null, ...baseVersion(t) };
  const q = t.id ? supabase().from('teams').update(row).eq('id', t.id) : supabase().from('teams').insert(row);
  return toTeam(checkOne(await q.select('*').single()));
}
export async function getTeam(id: string): Promise<Team | null> {
  const row = check(await supabase().from('teams').select('*').eq('id', id).maybeSingle());
  return row ? toTeam(row) : null;
}
/** False when points still use the team (docs/product.md#backend-calls). */
export async function deleteTeam(id: string): Promise<boolean> {
  if ((await countPointsUsing('team_id', id)) > 0) return false;
  check(await supabase().from('teams').delete().eq('id', id));
  return true;
}

// ---- criticality levels -----------------------------------------------------
export async function listCriticalityLevels(): Promise<CriticalityLevel[]> {
  return (check(await supabase().from('criticality_levels').select('*').order('order')) ?? []).map(toLevel);
}
export async function saveCriticalityLevel(l: Omit<CriticalityLevel, 'createdBy'>): Promise<CriticalityLevel> {
  // An edit states its base version: an update, so a level deleted meanwhile is not silently re-created.
  if (l.updatedAt) return toLevel(checkOne(await supabase().from('criticality_levels').update(fromLevel(l)).eq('id', l.id).select('*').single()));
  return toLevel(checkOne(await supabase().from('criticality_levels').upsert(fromLevel(l), { onConflict: 'id' }).select('*').single()));
}
export async function getCriticalityLevel(id: string): Promise<CriticalityLevel | null> {
  const row = check(await supabase().from('criticality_levels').select('*').eq('id', id).maybeSingle());
  return row ? toLevel(row) : null;
}
export async function deleteCriticalityLevel(id: string): Promise<void> {
  check(await supabase().from('criticality_levels').delete().eq('id', id));
}

// ---- kilometre markers ------------------------------------------------------
/** The markers of a line (null: of every line), by position. */
export async function listMarkers(lineId: string | null = null): Promise<KilometerMarker[]> {
  let q = supabase().from('kilometer_markers').select('*');
  if (lineId) q = q.eq('line_id', lineId);
  return (check(await q.order('position')) ?? []).map(toMarker);
}
export async function saveMarker(m: { id?: string; position: number; value: number; updatedAt?: string; lineId?: string }): Promise<KilometerMarker> {
  if (m.id && m.updatedAt) {
    const upd = { position: m.position, value: m.value, ...baseVersion(m) };
    return toMarker(checkOne(await supabase().from('kilometer_markers').update(upd).eq('id', m.id).select('*').single()));
  }
  const row = { ...(m.id ? { id: m.id } : {}), position: m.position, value: m.value, ...(m.lineId ? { line_id: m.lineId } : {}) };
  return toMarker(checkOne(await supabase().from('kilometer_markers').upsert(row).select('*').single()));
}
export async function getMarker(id: string): Promise<KilometerMarker | null> {
  const row = check(await supabase().from('kilometer_markers').select('*').eq('id', id).maybeSingle());
  return row ? toMarker(row) : null;
}
export async function deleteMarker(id: string): Promise<void> { check(await supabase().from('kilometer_markers').delete().eq('id', id)); }

// ---- settings ---------------------------------------------------------------
export async function listSettings(): Promise<AppSetting[]> {
  return (check(await supabase().from('app_settings').select('*')) ?? []).map(toSetting);
}
export async function getSetting(key: string): Promise<string | null> {
  const row = check(await supabase().from('app_settings').select('*').eq('key', key).maybeSingle());
  return row ? toSetting(row).value : null;
}
/** The setting row as stored now, or null. */
export async function getSettingRow(key: string): Promise<AppSetting | null> {
  const row = check(await supabase().from('app_settings').select('*').eq('key', key).maybeSingle());
  return row ? toSetting(row) : null;
}
/** Saves a setting; with `updatedAt` (the version it was based on) a stale base is refused (PT409). */
export async function saveSetting(key: string, value: string, updatedAt?: string): Promise<AppSetting> {
  const q = updatedAt
    ? supabase().from('app_settings').update({ value, updated_at: updatedAt }).eq('key', key)
    : supabase().from('app_settings').upsert({ key, value }, { onConflict: 'key' });
  return toSetting(checkOne(await q.select('*').single()));
}

// ---- profiles, roles, invitations --------------------------------------------
export async function listProfiles(): Promise<Profile[]> {
  return (check(await supabase().from('profiles').select('id, role, email, team_id, active').order('email')) ?? []).map(toProfile);
}
export async function getProfile(id: string): Promise<Profile | null> {
  const row = check(await supabase().from('profiles').select('id, role, email, team_id, active').eq('id', id).maybeSingle());
  return row ? toProfile(row) : null;
}
/** Creates the caller's missing profile through the RPC, else a direct insert (docs/product.md#backend-calls). */
export async function ensureProfile(userId: string, email: string): Promise<Profile | null> {
  const existing = await getProfile(userId);
  if (existing) return existing;
  const created = await rpc('create_profile', { user_id: userId, user_email: email, user_role: 'user' });
  if (created.error) {
    const ins = await supabase().from('profiles').insert({ id: userId, email, role: 'user' });
    if (ins.error) console.error('profile insert failed', ins.error);
  }
  return getProfile(userId);
}
export async function setProfileTeam(userId: string, teamId: string | null): Promise<void> {
  check(await supabase().from('profiles').update({ team_id: teamId }).eq('id', userId));
}
export async function changeUserRole(userId: string, role: Role): Promise<boolean> {
  return check(await rpc('change_user_role', { user_id: userId, new_role: role })) === true;
}
export interface InviteResult { success: boolean; message: string; invitationUrl?: string }
export async function inviteUser(email: string): Promise<InviteResult> {
  return jsonAnswer<InviteResult>(check(await rpc('invite_user', { email })));
}
export async function listInvitations(): Promise<Invitation[]> {
  return (check(await rpc('list_invitations', {})) ?? []).map(toInvitation);
}
/** Takes a member's access back (false) or gives it again (true); false when refused (not an admin). */
export async function setUserActive(userId: string, active: boolean): Promise<boolean> {
  return check(await rpc('set_user_active', { user_id: userId, active })) === true;
}
/** Revokes an unused invitation; false when it was used or revoked meanwhile. */
export async function revokeInvitation(id: string): Promise<boolean> {
  return check(await rpc('revoke_invitation', { invitation_id: id })) === true;
}
/** The invited email, or null when the token is unknown, used or expired. */
export async function validateInvitation(token: string): Promise<string | null> {
  return check(await rpc('validate_invitation', { token })) ?? null;
}

// ---- storage ------------------------------------------------------------------
export async function uploadPointImage(file: Blob, ext: string): Promise<{ path: string; publicUrl: string }> {
  const path = `${IMAGE_FOLDER}/${crypto.randomUUID()}.${ext}`;
  check(await supabase().storage.from(IMAGE_BUCKET).upload(path, file, { cacheControl: String(IMAGE_CACHE_SECONDS), upsert: false, contentType: file.type || undefined }));
  return { path, publicUrl: supabase().storage.from(IMAGE_BUCKET).getPublicUrl(path).data.publicUrl };
}
export async function removeStorageObject(path: string): Promise<void> {
  check(await supabase().storage.from(IMAGE_BUCKET).remove([path]));
}
/** Uploads a file to `bucket` at `path` (no overwrite) and returns its public URL (the admin Ligne tab's line image). */
export async function uploadPublicFile(bucket: string, path: string, file: Blob): Promise<string> {
  check(await supabase().storage.from(bucket).upload(path, file, { cacheControl: String(IMAGE_CACHE_SECONDS), upsert: false, contentType: file.type || undefined }));
  return supabase().storage.from(bucket).getPublicUrl(path).data.publicUrl;
}
