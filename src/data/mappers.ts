// Row <-> domain mapping for every table (snake_case columns, docs/product.md#data-model domain names). Rows are
// typed by the generated schema (./database.types.ts): a renamed or retyped column is a compile error here.
import type { AppSetting, CriticalityIcon, CriticalityLevel, Invitation, KilometerMarker, Line, LineImage, Point, PointInput, PointStatus, Profile, Team, Track, Zone } from '../core/types';
import type { Database, Tables, TablesInsert, TablesUpdate } from './database.types';
import { jsonArg } from './json';

export type PointRow = Tables<'points'> & { teams?: { name: string } | null };
export type ZoneRow = Tables<'zones'>;
export type LevelRow = Tables<'criticality_levels'>;
export type TeamRow = Tables<'teams'>;
export type MarkerRow = Tables<'kilometer_markers'>;
export type LineRow = Tables<'lines'>;
export type SettingRow = Tables<'app_settings'>;
export type ProfileRow = Pick<Tables<'profiles'>, 'id' | 'email' | 'role' | 'team_id' | 'active'>;
export type InvitationRow = Database['public']['Functions']['list_invitations']['Returns'][number];

/** The row version, kept as the exact string the server sent (microseconds matter; never via Date). */
const version = (r: { updated_at?: string | null }): { updatedAt?: string } => (typeof r.updated_at === 'string' ? { updatedAt: r.updated_at } : {});
/** On update, the version the change is based on (the database refuses a stale one with PT409). */
export const baseVersion = (x: { id?: string; updatedAt?: string }): { updated_at?: string } => (x.id && x.updatedAt ? { updated_at: x.updatedAt } : {});
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
/** The row's line (absent on rows kept by the local replica from before lines existed). */
const lineOf = (r: { line_id?: string | null }): { lineId?: string } => (typeof r.line_id === 'string' ? { lineId: r.line_id } : {});
/** A write names its line only when the item has one (else the database's default line). */
const toLineColumn = (x: { lineId?: string }): { line_id?: string } => (x.lineId ? { line_id: x.lineId } : {});
/** A JSON column's value as an object of unknown fields. */
export const fields = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : null);

export const toPoint = (r: PointRow): Point => ({
  id: r.id, name: r.name ?? '', description: r.description ?? '', kilometer: r.kilometer ?? '',
  kmValue: num(r.km_value), position: { x: Number(fields(r.position)?.x ?? 0), y: Number(fields(r.position)?.y ?? 0) },
  imageUrl: r.image_url ?? null, status: (r.status ?? 'signale') as PointStatus, criticality: r.criticality ?? 'attention',
  ticketNumber: r.ticket_number ?? null, teamId: r.team_id ?? null, teamName: r.teams?.name ?? null,
  creationDate: r.created_at, observedAt: r.observed_at ?? r.created_at, createdBy: r.created_by ?? null,
  ...('assignee_id' in r ? { assigneeId: r.assignee_id ?? null } : {}), ...('due_at' in r ? { dueAt: r.due_at ?? null } : {}),
  ...lineOf(r), ...version(r),
  ...(r.gnss_lat !== null && r.gnss_lat !== undefined
    ? { gnss: { lat: Number(r.gnss_lat), lon: Number(r.gnss_lon), accuracyM: Number(r.gnss_accuracy_m ?? 0), fixes: Number(r.gnss_fixes ?? 1) } } : {}),
});
/** The assignee column is written when the point states it (null clears it). */
const toAssigneeColumn = (p: { assigneeId?: string | null }): { assignee_id?: string | null } => (p.assigneeId !== undefined ? { assignee_id: p.assigneeId || null } : {});

export type { PointInput }; // defined in src/core/types (screens build it without importing src/data)
/**
 * The columns a point write sends. observed_at is not null in the table but may be left out: the database's
 * check_observed_at trigger sets it (the generator sees no default, so it types it as required).
 */
export type PointWrite = Omit<TablesInsert<'points'>, 'observed_at'> & { observed_at?: string };
/** A point write as the insert the generated types describe (see PointWrite for observed_at). */
export const asPointInsert = (w: PointWrite): TablesInsert<'points'> => w as TablesInsert<'points'>;
export const fromPoint = (p: PointInput): PointWrite => ({
  ...(p.id ? { id: p.id } : {}),
  name: p.name, description: p.description, kilometer: p.kilometer, km_value: p.kmValue,
  position: { x: p.position.x, y: p.position.y }, image_url: p.imageUrl, status: p.status,
  criticality: p.criticality, ticket_number: p.ticketNumber || null, team_id: p.teamId || null, ...toAssigneeColumn(p), ...toLineColumn(p), ...baseVersion(p),
  ...(p.gnss ? { gnss_lat: p.gnss.lat, gnss_lon: p.gnss.lon, gnss_accuracy_m: p.gnss.accuracyM, gnss_fixes: p.gnss.fixes } : {}),
});

export const toZone = (r: ZoneRow): Zone => ({
  id: r.id, name: r.name, color: r.color, track: (r.track ?? null) as Track | null,
  points: Array.isArray(r.points) ? r.points.map((v) => ({ x: Number(fields(v)?.x), y: Number(fields(v)?.y) })) : [],
  kmStart: num(r.km_start), kmEnd: num(r.km_end), createdBy: r.created_by ?? null, createdAt: r.created_at, ...lineOf(r), ...version(r),
});
export type ZoneInput = Omit<Zone, 'id' | 'createdBy' | 'createdAt'> & { id?: string };
export const fromZone = (z: ZoneInput): TablesInsert<'zones'> => ({
  ...(z.id ? { id: z.id } : {}),
  name: z.name, color: z.color, track: z.track, points: z.points.map(({ x, y }) => ({ x, y })), km_start: z.kmStart, km_end: z.kmEnd, ...toLineColumn(z), ...baseVersion(z),
});

export const toLevel = (r: LevelRow): CriticalityLevel => ({
  id: r.id, name: r.name, color: r.color, icon: r.icon as CriticalityIcon, order: Number(r.order ?? 0),
  isDefault: !!r.is_default, createdBy: r.created_by ?? null,
  ...('delay_hours' in r ? { delayHours: num(r.delay_hours) } : {}), ...version(r),
});
export const fromLevel = (l: Omit<CriticalityLevel, 'createdBy'>): TablesInsert<'criticality_levels'> => ({
  id: l.id, name: l.name, color: l.color, icon: l.icon, order: l.order, is_default: l.isDefault,
  ...(l.delayHours !== undefined ? { delay_hours: l.delayHours } : {}), ...baseVersion(l),
});

export const toTeam = (r: TeamRow): Team => ({ id: r.id, name: r.name, description: r.description ?? null, createdBy: r.created_by ?? null, createdAt: r.created_at, ...version(r) });
export const toMarker = (r: MarkerRow): KilometerMarker => ({ id: r.id, position: Number(r.position), value: Number(r.value), createdBy: r.created_by ?? null, ...lineOf(r), ...version(r) });

/** A line's image as stored, or null when absent or unusable (the app then shows its bundled image). */
export const toLineImage = (v: unknown): LineImage | null => {
  const o = fields(v);
  return o && typeof o.url === 'string' && Number(o.width) > 0 && Number(o.height) > 0
    ? { ...o, url: o.url, width: Number(o.width), height: Number(o.height) } : null;
};
export const toLine = (r: LineRow): Line => ({
  id: r.id, code: r.code ?? '', name: r.name ?? '', image: toLineImage(r.image), sort: Number(r.sort ?? 0),
  archived: r.archived === true, createdAt: r.created_at, ...version(r),
});
export type LineInput = Partial<Pick<Line, 'code' | 'name' | 'image' | 'sort' | 'archived'>> & { id?: string; updatedAt?: string };
/** Only the columns given are written (a rename leaves the image, and its extra keys, as they are). */
export const fromLine = (l: LineInput): TablesUpdate<'lines'> => {
  const row: TablesUpdate<'lines'> = {};
  if (l.code !== undefined) row.code = l.code.trim();
  if (l.name !== undefined) row.name = l.name.trim();
  if (l.image !== undefined) row.image = l.image && jsonArg(l.image);
  if (l.sort !== undefined) row.sort = l.sort;
  if (l.archived !== undefined) row.archived = l.archived;
  return { ...row, ...baseVersion(l) };
};
export const toSetting = (r: SettingRow): AppSetting => ({ key: r.key, value: r.value ?? '', createdBy: r.created_by ?? null, ...version(r) });
export const toProfile = (r: ProfileRow): Profile => ({ id: r.id, email: r.email ?? '', role: r.role === 'admin' ? 'admin' : 'user', teamId: r.team_id ?? null, active: r.active !== false });
export const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id, email: r.email, createdBy: r.created_by ?? null, expiresAt: r.expires_at,
  redeemedAt: r.redeemed_at ?? null, redeemedBy: r.redeemed_by ?? null, createdAt: r.created_at, revokedAt: r.revoked_at ?? null,
});
