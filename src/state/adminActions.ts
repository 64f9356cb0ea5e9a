// Administration actions: the only place the admin panel reaches src/data. Tables the live channel keeps
// current (teams, zones, levels, markers, settings) go through their collection (./collections): a tab reads them
// without reloading, a save or delete updates the same atom the main screen uses. Profiles and invitations are
// the panel's own. Failures are thrown (or returned as a kind) and the UI shows docs/product.md#administration-messages texts.
import { atom, type Getter } from 'jotai';
import * as repo from '../data/tableRepositories';
import type { AppSetting, CriticalityLevel, Invitation, KilometerMarker, LineImage, Profile, Role, Team, Track, Zone } from '../core/types';
import { zoneKmRange } from '../core/pk';
import { moveLevel } from '../core/admin/criticalityOrder';
import { POINT_DELETE_KEY, type PointDeleteMode } from '../core/admin/pointDelete';
import { zoneKmUpdates, newLineImage, LINE_IMAGE_BUCKET, LINE_IMAGE_FOLDER } from '../core/admin/lineRuler';
import { uploadLineImageTiles } from './lineImageTiles';
import { inviteErrorKind, isInUseError, isLastAdminError, type InviteErrorKind } from '../core/admin/errors';
import { profileAtom } from './session';
import { activeLineAtom, criticalityLevelsAtom, markersAtom, settingsAtom, zonesAtom } from './tables';
import { DATA_TEXT } from './strings';
import { levelsCollection, linesCollection, markersCollection, settingsCollection, teamsCollection, zonesCollection } from './collections';
import { isStaleVersionError, RowGoneError, saveVersioned } from './conflicts';
import { resetAtSignOut } from './signOutReset';

/** Every profile (admin only, docs/product.md#roles) and the invitations, as last loaded by the panel. */
export const adminProfilesAtom = resetAtSignOut(atom<Profile[]>([]));
export const adminInvitationsAtom = resetAtSignOut(atom<Invitation[]>([]));

export const FEEDBACK_LINK_EVENT = 'feedbackLinkUpdated'; // window event, docs/product.md#backend-calls

// ---- users and invitations ---------------------------------------------------
/** Profiles, invitations and teams (for the team selector). */
export const loadUsersAtom = atom(null, async (_get, set) => {
  const [profiles, invitations] = await Promise.all([repo.listProfiles(), repo.listInvitations(), teamsCollection.ensureLoaded()]);
  set(adminProfilesAtom, profiles);
  set(adminInvitationsAtom, invitations);
});

export type InviteOutcome = { ok: true; email: string; url: string | null } | { ok: false; kind: InviteErrorKind };

export const inviteUserAtom = atom(null, async (_get, set, email: string): Promise<InviteOutcome> => {
  const clean = email.trim().toLowerCase();
  let res: repo.InviteResult;
  try {
    res = await repo.inviteUser(clean);
  } catch (e) {
    return { ok: false, kind: inviteErrorKind(e) };
  }
  if (!res || !res.success) return { ok: false, kind: inviteErrorKind({ message: res?.message }) };
  try { set(adminInvitationsAtom, await repo.listInvitations()); } catch { /* the list refreshes on the next load */ }
  return { ok: true, email: clean, url: res.invitationUrl ?? null };
});

export const setUserTeamAtom = atom(null, async (get, set, args: { userId: string; teamId: string | null }) => {
  await repo.setProfileTeam(args.userId, args.teamId);
  set(adminProfilesAtom, get(adminProfilesAtom).map((p) => (p.id === args.userId ? { ...p, teamId: args.teamId } : p)));
});

export type RoleOutcome = 'ok' | 'last_admin' | 'refused' | 'error';

/** Changes a role; the last admin is refused before the call (fast message) and by the database (the rule). */
export const changeRoleAtom = atom(null, async (get, set, args: { userId: string; role: Role }): Promise<RoleOutcome> => {
  const profiles = get(adminProfilesAtom);
  const admins = profiles.filter((p) => p.role === 'admin');
  if (args.role === 'user' && admins.length === 1 && admins[0].id === args.userId) return 'last_admin';
  let ok: boolean;
  try {
    ok = await repo.changeUserRole(args.userId, args.role);
  } catch (e) {
    return isLastAdminError(e) ? 'last_admin' : 'error';
  }
  // Reload: another admin may have changed roles at the same moment.
  let fresh = profiles;
  try { fresh = await repo.listProfiles(); set(adminProfilesAtom, fresh); } catch { /* keep the old list */ }
  if (ok) {
    const me = get(profileAtom);
    if (me && me.id === args.userId) set(profileAtom, { ...me, role: args.role }); // demoting oneself closes the panel
    return 'ok';
  }
  const target = fresh.find((p) => p.id === args.userId);
  const freshAdmins = fresh.filter((p) => p.role === 'admin');
  if (args.role === 'user' && target?.role === 'admin' && freshAdmins.length === 1) return 'last_admin';
  return 'refused';
});

// ---- teams -------------------------------------------------------------------
/** Teams plus profiles (for member counts); points come from the main screen's pointsAtom. */
export const loadTeamsDataAtom = atom(null, async (_get, set) => {
  const [, profiles] = await Promise.all([teamsCollection.ensureLoaded(), repo.listProfiles()]);
  set(adminProfilesAtom, profiles);
});

/** Saves a team; an edit states the version of `base` (the team as the form opened it). */
export const saveTeamAtom = atom(null, async (_get, _set, t: { id?: string; name: string; description: string | null; base?: Team | null }): Promise<Team> => {
  const { base, ...values } = t;
  const saved = t.id && base
    ? await saveVersioned<Team>({
      table: 'teams', base, mine: { ...base, ...values }, fields: ['name', 'description'],
      save: (v) => repo.saveTeam(v), fetchCurrent: () => repo.getTeam(base.id),
    })
    : await repo.saveTeam(values);
  teamsCollection.put(saved);
  return saved;
});

/** 'in_use' when points still use the team (docs/product.md#backend-calls). */
export const deleteTeamAtom = atom(null, async (_get, _set, id: string): Promise<'ok' | 'in_use'> => {
  try {
    if (!(await repo.deleteTeam(id))) return 'in_use';
  } catch (e) {
    if (isInUseError(e)) return 'in_use';
    throw e;
  }
  teamsCollection.drop(id);
  return 'ok';
});

// ---- zones -------------------------------------------------------------------
export const loadZonesAtom = atom(null, () => zonesCollection.ensureLoaded());

export const updateZoneAtom = atom(null, async (_get, _set, args: { zone: Zone; name: string; track: Track | null; color: string }) => {
  const { zone } = args;
  // `zone` is the version the dialog opened: stated, so a change made meanwhile is not overwritten silently.
  const saved = await saveVersioned<Zone>({
    table: 'zones', base: zone, mine: { ...zone, name: args.name.trim(), track: args.track, color: args.color },
    fields: ['name', 'track', 'color'], save: (v) => repo.saveZone(v), fetchCurrent: () => repo.getZone(zone.id),
  });
  zonesCollection.put(saved);
  return saved;
});

export const deleteZoneAtom = atom(null, async (_get, _set, id: string) => {
  await repo.deleteZone(id);
  zonesCollection.drop(id);
});

// ---- criticality levels ----------------------------------------------------------
export const loadLevelsAtom = atom(null, () => levelsCollection.ensureLoaded());

/** Saves a level; an edit passes `base` (the level as the form opened it) and states its version. */
export const saveLevelAtom = atom(null, async (_get, _set, l: Omit<CriticalityLevel, 'createdBy'> & { base?: CriticalityLevel | null }) => {
  const { base, ...values } = l;
  const saved = base
    ? await saveVersioned<Omit<CriticalityLevel, 'createdBy'>>({
      table: 'criticality_levels', base, mine: { ...values, updatedAt: base.updatedAt }, fields: ['name', 'color', 'icon', 'order'],
      save: (v) => repo.saveCriticalityLevel(v), fetchCurrent: () => repo.getCriticalityLevel(base.id),
    }) as CriticalityLevel
    : await repo.saveCriticalityLevel({ ...values, updatedAt: undefined });
  levelsCollection.put(saved);
  return saved;
});

export type LevelDeleteOutcome = { ok: true } | { ok: false; reason: 'default' } | { ok: false; reason: 'in_use'; count: number };

export const deleteLevelAtom = atom(null, async (_get, _set, level: CriticalityLevel): Promise<LevelDeleteOutcome> => {
  if (level.isDefault) return { ok: false, reason: 'default' };
  const count = await repo.countPointsUsing('criticality', level.id);
  if (count > 0) return { ok: false, reason: 'in_use', count };
  try {
    await repo.deleteCriticalityLevel(level.id);
  } catch (e) {
    if (isInUseError(e)) return { ok: false, reason: 'in_use', count: await repo.countPointsUsing('criticality', level.id) };
    throw e;
  }
  levelsCollection.drop(level.id);
  return { ok: true };
});

/** Moves a level up (-1) or down (+1) and saves every level whose order changed. */
export const moveLevelAtom = atom(null, async (get, set, args: { id: string; delta: -1 | 1 }) => {
  const before = get(criticalityLevelsAtom);
  const r = moveLevel(before, args.id, args.delta);
  if (!r) return;
  set(criticalityLevelsAtom, r.list); // optimistic, reverted on failure
  try {
    // Each states its version; the saved one (new version) replaces it so that the next move states that one.
    for (const l of r.changed) levelsCollection.put(await repo.saveCriticalityLevel(l));
  } catch (e) {
    set(criticalityLevelsAtom, before);
    throw e;
  }
});

// ---- settings ------------------------------------------------------------------
export const loadSettingsAtom = atom(null, () => settingsCollection.ensureLoaded());

/** Saves a setting stating the version `base` it was based on (default: the loaded one); conflicts as elsewhere. */
async function putSetting(get: Getter, key: string, value: string, base?: AppSetting | null) {
  const from = base === undefined ? get(settingsAtom).find((s) => s.key === key) ?? null : base;
  let saved: AppSetting;
  try {
    saved = from?.updatedAt
      ? await saveVersioned<AppSetting>({
        table: 'app_settings', base: from, mine: { ...from, value }, fields: ['value'],
        save: (v) => repo.saveSetting(key, v.value, v.updatedAt), fetchCurrent: () => repo.getSettingRow(key),
      })
      : await repo.saveSetting(key, value);
  } catch (e) {
    if (!(e instanceof RowGoneError)) throw e;
    saved = await repo.saveSetting(key, value); // a setting removed meanwhile is simply written again
  }
  settingsCollection.put(saved);
}

/** Saves the feedback link; `base` is the setting as the admin saw it when editing began. */
export const saveFeedbackLinkAtom = atom(null, async (get, _set, value: string, base?: AppSetting | null) => {
  const v = value.trim();
  await putSetting(get, 'feedback_link', v, base);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(FEEDBACK_LINK_EVENT, { detail: v || null }));
});

/** The accuracy threshold of 'Me localiser', whole metres (the database bounds it to 5-500). */
export const savePositionAccuracyAtom = atom(null, async (get, _set, metres: number, base?: AppSetting | null) => {
  await putSetting(get, 'position_max_accuracy_m', String(metres), base);
});

/** Who may delete points: every member or administrators only (the database enforces it). */
export const savePointDeleteModeAtom = atom(null, async (get, _set, mode: PointDeleteMode, base?: AppSetting | null) => {
  await putSetting(get, POINT_DELETE_KEY, mode, base);
});

// ---- kilometre markers and the line image ------------------------------------------
/** A new marker goes on the line shown. */
const lineOfNew = (get: Getter): { lineId?: string } => { const id = get(activeLineAtom)?.id; return id ? { lineId: id } : {}; };

export const loadLineDataAtom = atom(null, async () => {
  await Promise.all([markersCollection.ensureLoaded(), zonesCollection.ensureLoaded(), linesCollection.ensureLoaded()]);
});

/** Saves the zones whose PK range changed with the current markers; returns how many were updated. */
async function recomputeZoneKm(get: Getter): Promise<number> {
  const updates = zoneKmUpdates(get(zonesAtom), get(markersAtom));
  if (updates.length === 0) return 0;
  const byId = new Map(get(zonesAtom).map((z) => [z.id, z]));
  const saved = new Map<string, Zone>();
  for (const u of updates) {
    const z = byId.get(u.id);
    if (!z) continue;
    try {
      saved.set(z.id, await repo.saveZone({ ...z, kmStart: u.kmStart, kmEnd: u.kmEnd }));
    } catch (e) {
      // The PK range is derived: on a zone changed meanwhile, recompute it from the current version (no dialog).
      if (!isStaleVersionError(e)) throw e;
      const cur = await repo.getZone(z.id);
      if (cur) saved.set(z.id, await repo.saveZone({ ...cur, ...zoneKmRange(cur.points, get(markersAtom)) }));
    }
  }
  for (const z of saved.values()) zonesCollection.put(z);
  return saved.size;
}

/** After a marker change: how many zones got a new PK range, and whether saving them failed. */
export interface MarkerChangeOutcome { zonesUpdated: number; zoneError: boolean }

async function afterMarkerChange(get: Getter): Promise<MarkerChangeOutcome> {
  try {
    return { zonesUpdated: await recomputeZoneKm(get), zoneError: false };
  } catch (e) {
    console.error('zone PK update failed', e);
    return { zonesUpdated: 0, zoneError: true };
  }
}

/** Adds or updates a marker (position in image px, value in km), then the zones' PK ranges. Throws if the marker is not saved. */
export const saveMarkerAtom = atom(null, async (get, _set, m: { id?: string; position: number; value: number }): Promise<MarkerChangeOutcome> => {
  // A late edit (e.g. a delayed keyboard move) of a marker deleted meanwhile must not re-create it (saveMarker upserts).
  const base = m.id ? get(markersAtom).find((x) => x.id === m.id) : undefined;
  if (m.id && !base) return { zonesUpdated: 0, zoneError: false };
  // An edit states the version shown in the table (the one the admin changed).
  const saved = base?.updatedAt
    ? await saveVersioned<KilometerMarker>({
      table: 'kilometer_markers', base, mine: { ...base, position: m.position, value: m.value }, fields: ['position', 'value'],
      save: (v) => repo.saveMarker(v), fetchCurrent: () => repo.getMarker(base.id),
    })
    : await repo.saveMarker({ ...m, ...(m.id ? {} : lineOfNew(get)) });
  markersCollection.put(saved);
  return afterMarkerChange(get);
});

export const deleteMarkerAtom = atom(null, async (get, _set, id: string): Promise<MarkerChangeOutcome> => {
  await repo.deleteMarker(id);
  markersCollection.drop(id);
  return afterMarkerChange(get);
});

/** Uploads a new image for the line shown (size already read by the caller) and its tiles, and records it in lines.image. */
export const replaceLineImageAtom = atom(null, async (get, _set, args: { file: Blob; ext: string; width: number; height: number }): Promise<LineImage> => {
  const line = get(activeLineAtom);
  if (!line) throw new Error(DATA_TEXT.noLine);
  const path = `${LINE_IMAGE_FOLDER}/${crypto.randomUUID()}.${args.ext}`;
  const url = await repo.uploadPublicFile(LINE_IMAGE_BUCKET, path, args.file);
  // Tiles made once, here (viewers fetch only those in view); without them the viewer tiles the image itself.
  const tiles = await uploadLineImageTiles(args.file, path, (p, b) => repo.uploadPublicFile(LINE_IMAGE_BUCKET, p, b))
    .catch((e: unknown) => { console.warn('line image stored without tiles', e); return undefined; });
  const img = newLineImage({ url, width: args.width, height: args.height, tiles });
  // The version shown is stated: an image replaced meanwhile by someone else is not overwritten silently.
  linesCollection.put(await repo.saveLine({ id: line.id, image: img, updatedAt: line.updatedAt }));
  return img;
});
