// The exported form of a point: a database row (PostgREST shape) resolved against the lookups the
// export carries (level and team names, zones, creators' emails) into display values.
import { STATUS_LABELS, TRACK_LABELS } from '../constants';
import { bboxOf, type ImageBBox } from '../geometry';
import { zoneContains } from '../zoneContains';
import { rowPhotoUrls } from './photos';
import type { ImagePoint, LineImage, PointStatus, Track } from '../types';

/** A points row as PostgREST returns it (snake_case; numeric as number or string). */
export interface PointRowRaw {
  id: string; name: string; description: string | null; kilometer: string | null; km_value: number | string | null;
  position: { x: number; y: number } | null; image_url: string | null; status: string; criticality: string;
  ticket_number: string | null; team_id: string | null; created_at: string; created_by: string | null;
  /** When it was observed (docs/product.md#observation-time); absent from older rows, then created_at. */
  observed_at?: string | null;
  line_id?: string | null;
  /** The assignee and the due time (docs/product.md#assignee, #deadlines); absent from older rows. */
  assignee_id?: string | null;
  due_at?: string | null;
  /** The URLs of its photos' images shown, in order (added by withPhotoUrls); absent: its image_url alone. */
  photos?: string[];
}

/** `lineId`: the zone's line (a point is matched against the zones of its own line only). */
export interface ExportZone { id: string; name: string; track: Track | null; points: ImagePoint[]; lineId?: string }

/** What the main thread hands the exporter besides the rows. */
export interface ExportLookups {
  levels: { id: string; name: string }[];
  teams: { id: string; name: string }[];
  zones: ExportZone[];
  /** profile id → email ('Créé par', 'Assigné à'); missing ids are left blank. */
  emails: Record<string, string>;
  /** The lines (id → 'code · name', and its image: a network GeoJSON gives each point its line's image size) for
   * the 'Ligne' column; absent: no such column. */
  lines?: { id: string; label: string; image?: LineImage | null }[];
}

export interface ExportRecord {
  id: string; km: number | null; kilometer: string; name: string; description: string;
  status: PointStatus | string; statusLabel: string; criticality: string; criticalityLabel: string;
  teamId: string | null; teamName: string; zoneIds: string[]; zoneNames: string[]; tracks: Track[]; trackLabel: string;
  ticketNumber: string; imageUrl: string;
  /** Every photo's URL (image shown), in order; the first is normally imageUrl. */
  photoUrls: string[];
  observedAt: string; createdAt: string; createdBy: string | null; createdByEmail: string;
  assigneeId: string | null; assigneeEmail: string; dueAt: string | null;
  x: number; y: number;
  /** 'code · name' of the point's line ('' when the export has no 'Ligne' column). */
  lineLabel: string;
  /** The image of the point's line, whose pixels x and y are (only in a network export, when known). */
  lineImage?: LineImage | null;
}

export interface Resolver {
  resolve(row: PointRowRaw): ExportRecord;
  /** Whether a row's position lies in the zone (zone filter of the export). */
  inZone(row: PointRowRaw, zoneId: string): boolean;
}

/** Builds the lookups once (maps, zone boxes) for a whole export. */
export function createResolver(l: ExportLookups): Resolver {
  const levels = new Map(l.levels.map((x) => [x.id, x.name]));
  const teams = new Map(l.teams.map((x) => [x.id, x.name]));
  const zones = l.zones.map((z) => ({ zone: z, box: bboxOf(z.points) as ImageBBox | null }));
  const lines = new Map((l.lines ?? []).map((x) => [x.id, x.label]));
  const images = new Map((l.lines ?? []).map((x) => [x.id, x.image ?? null]));
  const containing = (x: number, y: number, lineId: string | null | undefined) => zones.filter(({ zone, box }) =>
    (!lineId || !zone.lineId || zone.lineId === lineId) && box && x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY && zoneContains(zone.points, x, y)).map((z) => z.zone);
  return {
    resolve(r) {
      const x = Number(r.position?.x ?? NaN);
      const y = Number(r.position?.y ?? NaN);
      const inside = containing(x, y, r.line_id);
      const tracks = [...new Set(inside.map((z) => z.track).filter((t): t is Track => t !== null))].sort();
      const km = r.km_value === null || r.km_value === '' ? null : Number(r.km_value);
      return {
        id: r.id, km: km !== null && Number.isFinite(km) ? km : null, kilometer: r.kilometer ?? '',
        name: r.name ?? '', description: r.description ?? '',
        status: r.status, statusLabel: STATUS_LABELS[r.status as PointStatus] ?? r.status,
        criticality: r.criticality, criticalityLabel: levels.get(r.criticality) ?? r.criticality,
        teamId: r.team_id, teamName: r.team_id ? teams.get(r.team_id) ?? '' : '',
        zoneIds: inside.map((z) => z.id), zoneNames: inside.map((z) => z.name),
        tracks, trackLabel: tracks.map((t) => TRACK_LABELS[t]).join(', '),
        ticketNumber: r.ticket_number ?? '', imageUrl: r.image_url ?? '', photoUrls: rowPhotoUrls(r), observedAt: r.observed_at ?? r.created_at, createdAt: r.created_at,
        createdBy: r.created_by, createdByEmail: r.created_by ? l.emails[r.created_by] ?? '' : '',
        assigneeId: r.assignee_id ?? null, assigneeEmail: r.assignee_id ? l.emails[r.assignee_id] ?? '' : '', dueAt: r.due_at ?? null,
        x, y, lineLabel: r.line_id ? lines.get(r.line_id) ?? '' : '', lineImage: r.line_id ? images.get(r.line_id) ?? null : null,
      };
    },
    inZone(r, zoneId) {
      const z = zones.find((q) => q.zone.id === zoneId);
      const x = Number(r.position?.x ?? NaN);
      const y = Number(r.position?.y ?? NaN);
      return !!z && !!z.box && x >= z.box.minX && x <= z.box.maxX && y >= z.box.minY && y <= z.box.maxY && zoneContains(z.zone.points, x, y);
    },
  };
}
