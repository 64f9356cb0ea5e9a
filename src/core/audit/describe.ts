// French sentences for audit-log entries: 'Statut : Signalé → En cours, par x@y.fr le 23/11/2026 à 14:05'.
// Column names become labels, values become what the app shows (status labels, level and team names, PK with a
// comma), dates in Europe/Paris. Pure: the names come in through the context.
import { STATUS_LABELS, TRACK_LABELS } from '../constants';
import { formatDateTimeFr, formatKm, parseKmInput } from '../format';
import { observationLabel, receivedLater } from '../observedAt';
import type { AuditEntry } from './types';

export interface DescribeContext {
  /** Name of a criticality level by id (undefined when unknown: the id is shown). */
  levelName(id: string): string | undefined;
  /** Name of a team by id. */
  teamName(id: string): string | undefined;
  /** Email of a user by id (the actor). */
  email(id: string): string | undefined;
}

export const TABLE_LABELS: Record<string, string> = {
  points: 'Signalements', zones: 'Zones', criticality_levels: 'Niveaux de criticité', teams: 'Équipes',
  kilometer_markers: 'Repères PK', app_settings: 'Paramètres', profiles: 'Utilisateurs', invitations: 'Invitations',
  line_axes: 'Tracés des voies', line_anchors: 'Repères de position',
};

const ENTITY: Record<string, [string, string, string]> = {
  // [noun, created, deleted]
  points: ['Signalement', 'créé', 'supprimé'],
  zones: ['Zone', 'créée', 'supprimée'],
  criticality_levels: ['Niveau de criticité', 'créé', 'supprimé'],
  teams: ['Équipe', 'créée', 'supprimée'],
  kilometer_markers: ['Repère PK', 'créé', 'supprimé'],
  app_settings: ['Paramètre', 'créé', 'supprimé'],
  profiles: ['Profil', 'créé', 'supprimé'],
  invitations: ['Invitation', 'créée', 'supprimée'],
  line_axes: ['Tracé de voie', 'créé', 'supprimé'],
  line_anchors: ['Repère de position', 'créé', 'supprimé'],
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Nom', description: 'Description', kilometer: 'PK', position: 'Position', image_url: 'Photo', status: 'Statut',
  criticality: 'Criticité', ticket_number: 'N° OT/Dépêche', team_id: 'Équipe', color: 'Couleur', icon: 'Icône',
  order: 'Ordre', is_default: 'Par défaut', track: 'Voie', points: 'Contour', km_start: 'PK début', km_end: 'PK fin',
  value: 'Valeur', key: 'Clé', role: 'Rôle', active: 'Accès', email: 'Email', id: 'Identifiant', observed_at: 'Constaté le',
  gnss_lat: 'Latitude signalée', gnss_lon: 'Longitude signalée', gnss_accuracy_m: 'Précision (m)', gnss_fixes: 'Positions moyennées',
  pk: 'PK', lat: 'Latitude', lon: 'Longitude', source: 'Origine', accuracy_m: 'Précision (m)', fixes: 'Positions moyennées',
  coordinates: 'Tracé', band_y_min: 'Bande (haut)', band_y_max: 'Bande (bas)',
  assignee_id: 'Assigné à', due_at: 'Échéance', delay_hours: 'Délai de traitement',
};
/** Free texts: shown old → new, shortened to TEXT_PREVIEW characters, the whole texts on demand (fullTextChanges). */
const FREE_TEXT = new Set(['description']);
const TEXT_PREVIEW = 60;
/** Columns never shown: bookkeeping, or derived from another shown column (km_value from kilometer). */
const HIDDEN = new Set(['id', 'created_by', 'created_at', 'updated_at', 'km_value']);
const ROLE_LABELS: Record<string, string> = { admin: 'Administrateur', user: 'Utilisateur' };
const MAX_TEXT = 80;

export const fieldLabel = (col: string): string => FIELD_LABELS[col] ?? col;

const truncate = (s: string, max = MAX_TEXT) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const quoted = (v: unknown) => (typeof v === 'string' && v !== '' ? `« ${truncate(v, TEXT_PREVIEW)} »` : '(vide)');

/** One value as the app shows it. */
export function formatAuditValue(table: string, col: string, v: unknown, ctx: DescribeContext): string {
  if (v === null || v === undefined || v === '') return '(vide)';
  if (col === 'status' && typeof v === 'string') return STATUS_LABELS[v as keyof typeof STATUS_LABELS] ?? v;
  if (col === 'criticality' && typeof v === 'string') return ctx.levelName(v) ?? v;
  if (col === 'team_id' && typeof v === 'string') return ctx.teamName(v) ?? 'équipe supprimée';
  if (col === 'role' && typeof v === 'string') return ROLE_LABELS[v] ?? v;
  if (col === 'active' && typeof v === 'boolean') return v ? 'actif' : 'désactivé';
  if (col === 'track' && typeof v === 'string') return (TRACK_LABELS as Record<string, string>)[v] ?? v;
  if (col === 'kilometer' && typeof v === 'string') { const km = parseKmInput(v); return km === null ? truncate(v) : formatKm(km); }
  if ((col === 'observed_at' || col === 'due_at') && typeof v === 'string') return formatDateTimeFr(v) || v;
  if (col === 'assignee_id' && typeof v === 'string') return ctx.email(v) ?? 'membre inconnu';
  if ((col === 'km_start' || col === 'km_end' || (table === 'kilometer_markers' && col === 'value')) && typeof v === 'number') return formatKm(v);
  if (col === 'position' && typeof v === 'object') {
    const p = v as { x?: unknown; y?: unknown };
    return typeof p.x === 'number' && typeof p.y === 'number' ? `(${Math.round(p.x)}, ${Math.round(p.y)})` : 'modifiée';
  }
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (typeof v === 'string') return `${truncate(v)}`;
  if (Array.isArray(v)) return `${v.length} sommets`;
  return 'modifié';
}

/** 'le 23/11/2026 à 14:05' (Europe/Paris). */
export function formatAuditDate(at: string): string {
  const s = formatDateTimeFr(at);
  const [day, time] = s.split(' ');
  return time ? `le ${day} à ${time}` : s;
}

/** Who made the change: the email, 'un utilisateur supprimé' when unknown, 'le système' for a null actor. */
export function actorLabel(actor: string | null, ctx: DescribeContext): string {
  if (!actor) return 'le système';
  return ctx.email(actor) ?? 'un utilisateur inconnu';
}

/** The change sentences of one entry, without author and date ('Statut : Signalé → En cours'). */
export function describeChanges(e: AuditEntry, ctx: DescribeContext): string[] {
  const [noun, created, deleted] = ENTITY[e.tableName] ?? ['Élément', 'créé', 'supprimé'];
  if (e.tableName === 'invitations') return describeInvitation(e);
  if (e.action === 'insert') {
    // A point sent late (saved offline) says when it was observed and when it arrived.
    const observed = e.changes.observed_at?.new;
    const late = e.tableName === 'points' && typeof observed === 'string' && receivedLater(observed, e.at);
    return [`${noun} ${created}${late ? ` (${observationLabel(observed, e.at)})` : ''}`];
  }
  if (e.action === 'delete') {
    const name = e.changes.name?.old ?? e.changes.key?.old;
    return [`${noun} ${deleted}${typeof name === 'string' ? ` : ${truncate(name)}` : ''}`];
  }
  const out: string[] = [];
  for (const [col, c] of Object.entries(e.changes)) {
    if (HIDDEN.has(col)) continue;
    const label = fieldLabel(col);
    if (col === 'image_url') {
      out.push(`${label} : ${!c.old ? 'ajoutée' : !c.new ? 'retirée' : 'remplacée'}`);
    } else if (FREE_TEXT.has(col)) {
      out.push(`${label} : ${quoted(c.old)} → ${quoted(c.new)}`);
    } else if (col === 'points') {
      out.push(`${label} modifié`);
    } else if (col === 'position') {
      out.push('Position déplacée');
    } else {
      out.push(`${label} : ${formatAuditValue(e.tableName, col, c.old, ctx)} → ${formatAuditValue(e.tableName, col, c.new, ctx)}`);
    }
  }
  return out;
}

/** Invitations: 'Invitation créée : x@y.fr', '… révoquée : …', '… utilisée : …'. */
function describeInvitation(e: AuditEntry): string[] {
  const email = e.changes.email?.new ?? e.changes.email?.old;
  const who = typeof email === 'string' ? ` : ${email}` : '';
  if (e.action === 'insert') return [`Invitation créée${who}`];
  if (e.action === 'delete') return [`Invitation supprimée${who}`];
  if (e.changes.revoked_at?.new) return [`Invitation révoquée${who}`];
  if (e.changes.redeemed_at?.new) return [`Invitation utilisée${who}`];
  return [`Invitation modifiée${who}`];
}

/** The whole old and new texts of the free-text fields an update shortened (to show on demand). */
export function fullTextChanges(e: AuditEntry): { label: string; old: string; new: string }[] {
  if (e.action !== 'update') return [];
  return Object.entries(e.changes)
    .filter(([col, c]) => FREE_TEXT.has(col) && [c.old, c.new].some((v) => typeof v === 'string' && v.length > TEXT_PREVIEW))
    .map(([col, c]) => ({ label: fieldLabel(col), old: typeof c.old === 'string' ? c.old : '', new: typeof c.new === 'string' ? c.new : '' }));
}

/** Full lines of one entry for a point's history, e.g. 'Statut : Signalé → En cours, par x@y.fr le 23/11/2026 à 14:05'. */
export function describeEntry(e: AuditEntry, ctx: DescribeContext): string[] {
  const tail = `, par ${actorLabel(e.actor, ctx)} ${formatAuditDate(e.at)}`;
  return describeChanges(e, ctx).map((l) => l + tail);
}

/** The lines of one entry for a point's history, each with the whole texts of its own field when shortened
 *  (the 'Description' line carries the description's full texts, whatever other fields the entry changed). */
export function describeEntryLines(e: AuditEntry, ctx: DescribeContext): { text: string; full: ReturnType<typeof fullTextChanges> }[] {
  const full = fullTextChanges(e);
  return describeEntry(e, ctx).map((text) => ({ text, full: full.filter((f) => text.startsWith(`${f.label} : `)) }));
}

/** The name of the changed row when the entry carries it (insert/delete, or a rename). */
export function entryObjectName(e: AuditEntry): string | null {
  const n = e.changes.name ?? e.changes.key ?? e.changes.email;
  const v = n?.new ?? n?.old;
  return typeof v === 'string' ? truncate(v) : null;
}
