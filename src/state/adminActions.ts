// Administration actions: the only place the admin panel reaches src/data. Tables the live channel keeps
// current (teams, zones, levels, markers, settings) go through their collection (./collections): a tab reads them
// without reloading, a save or delete updates the same atom the main screen uses. Profiles and invitations are
// the panel's own. Expected failures are returned as a Result with their docs/product.md#administration-messages text;
// loads and versioned saves throw (the tab's load state and the form's saveErrorText say why).
import { atom } from 'jotai';
import * as repo from '../data/tableRepositories';
import type { AppSetting, CriticalityLevel, Invitation, KilometerMarker, LineImage, Profile, Role, Team, Track, Zone } from '../core/types';
import { zoneKmRange } from '../core/pk';
import { moveLevel as levelsAfterMove } from '../core/admin/criticalityOrder';
import { POINT_DELETE_KEY, type PointDeleteMode } from '../core/admin/pointDelete';
import { zoneKmUpdates, newLineImage, LINE_IMAGE_BUCKET, LINE_IMAGE_FOLDER } from '../core/admin/lineRuler';
import { uploadLineImageTiles } from './lineImageTiles';
import { inviteErrorKind, isInUseError, isLastAdminError } from '../core/admin/errors';
import { fail, ok, type Result } from '../core/result';
import { ADMIN_FAILURE as F, inviteFailure } from './adminStrings';
import { store } from './store';
import { profileAtom } from './session';
import { activeLineAtom, criticalityLevelsAtom, markersAtom, newRowLine, settingsAtom, zonesAtom } from './tables';
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
export async function loadUsers(): Promise<void> {
  const [profiles, invitations] = await Promise.all([repo.listProfiles(), repo.listInvitations(), teamsCollection.ensureLoaded()]);
  store.set(adminProfilesAtom, profiles);
  store.set(adminInvitationsAtom, invitations);
}

/** Invites an email; the value is the invitation (its link is shown once). */
export async function inviteUser(email: string): Promise<Result<{ email: string; url: string | null }>> {
  const clean = email.trim().toLowerCase();
  let res: repo.InviteResult;
  try {
    res = await repo.inviteUser(clean);
  } catch (e) {
    return inviteFailure(inviteErrorKind(e));
  }
  if (!res || !res.success) return inviteFailure(inviteErrorKind({ message: res?.message }));
  try { store.set(adminInvitationsAtom, await repo.listInvitations()); } catch { /* the list refreshes on the next load */ }
  return ok({ email: clean, url: res.invitationUrl ?? null });
}

export async function setUserTeam(args: { userId: string; teamId: string | null }): Promise<Result> {
  try {
    await repo.setProfileTeam(args.userId, args.teamId);
  } catch (e) {
    console.error(e);
    return fail('error', F.teamError);
  }
  store.set(adminProfilesAtom, store.get(adminProfilesAtom).map((p) => (p.id === args.userId ? { ...p, teamId: args.teamId } : p)));
  return ok();
}

/** Changes a role; the last admin is refused before the call (fast message) and by the database (the rule). */
export async function changeRole(args: { userId: string; role: Role }): Promise<Result> {
  const profiles = store.get(adminProfilesAtom);
  const admins = profiles.filter((p) => p.role === 'admin');
  if (args.role === 'user' && admins.length === 1 && admins[0].id === args.userId) return fail('refused', F.lastAdmin);
  let done: boolean;
  try {
    done = await repo.changeUserRole(args.userId, args.role);
  } catch (e) {
    return isLastAdminError(e) ? fail('refused', F.lastAdmin) : fail('error', F.roleError);
  }
  // Reload: another admin may have changed roles at the same moment.
  let fresh = profiles;
  try { fresh = await repo.listProfiles(); store.set(adminProfilesAtom, fresh); } catch { /* keep the old list */ }
  if (done) {
    const me = store.get(profileAtom);
    if (me && me.id === args.userId) store.set(profileAtom, { ...me, role: args.role }); // demoting oneself closes the panel
    return ok();
  }
  const target = fresh.find((p) => p.id === args.userId);
  const freshAdmins = fresh.filter((p) => p.role === 'admin');
  if (args.role === 'user' && target?.role === 'admin' && freshAdmins.length === 1) return fail('refused', F.lastAdmin);
  return fail('refused', F.roleRefused);
}

// ---- teams -------------------------------------------------------------------
/** Teams plus profiles (for member counts); points come from the main screen's pointsAtom. */
export async function loadTeamsData(): Promise<void> {
  const [, profiles] = await Promise.all([teamsCollection.ensureLoaded(), repo.listProfiles()]);
  store.set(adminProfilesAtom, profiles);
}

/** Saves a team; an edit states the version of `base` (the team as the form opened it). */
export async function saveTeam(t: { id?: string; name: string; description: string | null; base?: Team | null }): Promise<Team> {
  const { base, ...values } = t;
  const saved = t.id && base
    ? await saveVersioned<Team>({
      table: 'teams', base, mine: { ...base, ...values }, fields: ['name', 'description'],
      save: (v) => repo.saveTeam(v), fetchCurrent: () => repo.getTeam(base.id),
    })
    : await repo.saveTeam(values);
  teamsCollection.put(saved);
  return saved;
}

/** `in_use` when points still use the team (docs/product.md#backend-calls). */
export async function deleteTeam(id: string): Promise<Result> {
  try {
    if (!(await repo.deleteTeam(id))) return fail('in_use', F.teamInUse);
  } catch (e) {
    if (isInUseError(e)) return fail('in_use', F.teamInUse);
    console.error(e);
    return fail('error', F.teamDeleteError);
  }
  teamsCollection.drop(id);
  return ok();
}

// ---- zones -------------------------------------------------------------------
export function loadZones(): Promise<void> { return zonesCollection.ensureLoaded(); }

export async function updateZone(args: { zone: Zone; name: string; track: Track | null; color: string }): Promise<Zone> {
  const { zone } = args;
  // `zone` is the version the dialog opened: stated, so a change made meanwhile is not overwritten silently.
  const saved = await saveVersioned<Zone>({
    table: 'zones', base: zone, mine: { ...zone, name: args.name.trim(), track: args.track, color: args.color },
    fields: ['name', 'track', 'color'], save: (v) => repo.saveZone(v), fetchCurrent: () => repo.getZone(zone.id),
  });
  zonesCollection.put(saved);
  return saved;
}

// ---- criticality levels ----------------------------------------------------------
export function loadLevels(): Promise<void> { return levelsCollection.ensureLoaded(); }

/** Saves a level; an edit passes `base` (the level as the form opened it) and states its version. */
export async function saveLevel(l: Omit<CriticalityLevel, 'createdBy'> & { base?: CriticalityLevel | null }): Promise<CriticalityLevel> {
  const { base, ...values } = l;
  const saved = base
    ? await saveVersioned<Omit<CriticalityLevel, 'createdBy'>>({
      table: 'criticality_levels', base, mine: { ...values, updatedAt: base.updatedAt }, fields: ['name', 'color', 'icon', 'order'],
      save: (v) => repo.saveCriticalityLevel(v), fetchCurrent: () => repo.getCriticalityLevel(base.id),
    }) as CriticalityLevel
    : await repo.saveCriticalityLevel({ ...values, updatedAt: undefined });
  levelsCollection.put(saved);
  return saved;
}

/** A default level is `refused`; a level points still use is `in_use` (the message says how many). */
export async function deleteLevel(level: CriticalityLevel): Promise<Result> {
  if (level.isDefault) return fail('refused', F.levelDefaultNoDelete);
  try {
    const count = await repo.countPointsUsing('criticality', level.id);
    if (count > 0) return fail('in_use', F.levelInUse(count));
    try {
      await repo.deleteCriticalityLevel(level.id);
    } catch (e) {
      if (!isInUseError(e)) throw e;
      return fail('in_use', F.levelInUse(await repo.countPointsUsing('criticality', level.id)));
    }
  } catch (e) {
    console.error(e);
    return fail('error', F.levelDeleteError);
  }
  levelsCollection.drop(level.id);
  return ok();
}

/** Moves a level up (-1) or down (+1) and saves every level whose order changed (all put back on failure). */
export async function moveLevel(args: { id: string; delta: -1 | 1 }): Promise<Result> {
  const before = store.get(criticalityLevelsAtom);
  const r = levelsAfterMove(before, args.id, args.delta);
  if (!r) return ok();
  store.set(criticalityLevelsAtom, r.list); // optimistic, reverted on failure
  try {
    // Each states its version; the saved one (new version) replaces it so that the next move states that one.
    for (const l of r.changed) levelsCollection.put(await repo.saveCriticalityLevel(l));
  } catch (e) {
    console.error(e);
    store.set(criticalityLevelsAtom, before);
    return fail('error', F.levelSaveError);
  }
  return ok();
}

// ---- settings ------------------------------------------------------------------
export function loadSettings(): Promise<void> { return settingsCollection.ensureLoaded(); }

/** Saves a setting stating the version `base` it was based on (default: the loaded one); conflicts as elsewhere. */
async function putSetting(key: string, value: string, base?: AppSetting | null) {
  const from = base === undefined ? store.get(settingsAtom).find((s) => s.key === key) ?? null : base;
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
export async function saveFeedbackLink(value: string, base?: AppSetting | null): Promise<void> {
  const v = value.trim();
  await putSetting('feedback_link', v, base);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(FEEDBACK_LINK_EVENT, { detail: v || null }));
}

/** The accuracy threshold of 'Me localiser', whole metres (the database bounds it to 5-500). */
export async function savePositionAccuracy(metres: number, base?: AppSetting | null): Promise<void> {
  await putSetting('position_max_accuracy_m', String(metres), base);
}

/** Who may delete points: every member or administrators only (the database enforces it). */
export async function savePointDeleteMode(mode: PointDeleteMode, base?: AppSetting | null): Promise<void> {
  await putSetting(POINT_DELETE_KEY, mode, base);
}

// ---- kilometre markers and the line image ------------------------------------------

export async function loadLineData(): Promise<void> {
  await Promise.all([markersCollection.ensureLoaded(), zonesCollection.ensureLoaded(), linesCollection.ensureLoaded()]);
}

/** Saves the zones whose PK range changed with the current markers; returns how many were updated. */
async function recomputeZoneKm(): Promise<number> {
  const updates = zoneKmUpdates(store.get(zonesAtom), store.get(markersAtom));
  if (updates.length === 0) return 0;
  const byId = new Map(store.get(zonesAtom).map((z) => [z.id, z]));
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
      if (cur) saved.set(z.id, await repo.saveZone({ ...cur, ...zoneKmRange(cur.points, store.get(markersAtom)) }));
    }
  }
  for (const z of saved.values()) zonesCollection.put(z);
  return saved.size;
}

/** After a marker change: how many zones got a new PK range, and whether saving them failed. */
export interface MarkerChangeOutcome { zonesUpdated: number; zoneError: boolean }

async function afterMarkerChange(): Promise<MarkerChangeOutcome> {
  try {
    return { zonesUpdated: await recomputeZoneKm(), zoneError: false };
  } catch (e) {
    console.error('zone PK update failed', e);
    return { zonesUpdated: 0, zoneError: true };
  }
}

/** Adds or updates a marker (position in image px, value in km), then the zones' PK ranges. Throws if the marker is not saved. */
export async function saveMarker(m: { id?: string; position: number; value: number }): Promise<MarkerChangeOutcome> {
  // A late edit (e.g. a delayed keyboard move) of a marker deleted meanwhile must not re-create it (saveMarker upserts).
  const base = m.id ? store.get(markersAtom).find((x) => x.id === m.id) : undefined;
  if (m.id && !base) return { zonesUpdated: 0, zoneError: false };
  // An edit states the version shown in the table (the one the admin changed).
  const saved = base?.updatedAt
    ? await saveVersioned<KilometerMarker>({
      table: 'kilometer_markers', base, mine: { ...base, position: m.position, value: m.value }, fields: ['position', 'value'],
      save: (v) => repo.saveMarker(v), fetchCurrent: () => repo.getMarker(base.id),
    })
    : await repo.saveMarker({ ...m, ...(m.id ? {} : newRowLine()) });
  markersCollection.put(saved);
  return afterMarkerChange();
}

export async function deleteMarker(id: string): Promise<Result<MarkerChangeOutcome>> {
  try {
    await repo.deleteMarker(id);
  } catch (e) {
    console.error(e);
    return fail('error', F.markerDeleteError);
  }
  markersCollection.drop(id);
  return ok(await afterMarkerChange());
}

/** Uploads a new image for the line shown (size already read by the caller) and its tiles, and records it in lines.image. */
export async function replaceLineImage(args: { file: Blob; ext: string; width: number; height: number }): Promise<Result<LineImage>> {
  try {
    return ok(await storeLineImage(args));
  } catch (e) {
    console.error(e);
    return fail('error', F.imageUploadError);
  }
}

async function storeLineImage(args: { file: Blob; ext: string; width: number; height: number }): Promise<LineImage> {
  const line = store.get(activeLineAtom);
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
}
