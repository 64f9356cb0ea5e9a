// Domain types of docs/product.md#data-model, shared by the app, the workers and the tests. Coordinates are image pixels.

export type Role = 'admin' | 'user';
export type PointStatus = 'signale' | 'pris_en_charge' | 'resolu';
/** A zone's track; `null` means no track ('Aucune voie'). */
export type Track = 'voie_1' | 'voie_2';

export const CRITICALITY_ICONS = [
  'AlertTriangle', 'ShieldAlert', 'AlertCircle', 'Zap', 'Flame', 'Skull',
  'Info', 'Warning', 'Ban', 'XCircle', 'AlertOctagon', 'Eye',
] as const;
export type CriticalityIcon = (typeof CRITICALITY_ICONS)[number];

/** A position in image pixels (the line image's own pixel grid). */
export interface ImagePoint { x: number; y: number }

export interface Profile { id: string; email: string; role: Role; teamId: string | null; active?: boolean }

export interface Invitation {
  id: string; email: string; createdBy: string | null; expiresAt: string;
  redeemedAt: string | null; redeemedBy: string | null; createdAt: string;
  /** Set when an admin revoked the unused invitation ('Révoquer'). */
  revokedAt?: string | null;
}

export interface CriticalityLevel {
  id: string; name: string; color: string; icon: CriticalityIcon;
  order: number; isDefault: boolean; createdBy: string | null;
  /** 'Délai de traitement' in hours (null: none; absent on rows read before the follow-up columns). */
  delayHours?: number | null;
  updatedAt?: string;
}

export interface Zone {
  id: string; name: string; color: string; track: Track | null;
  /** The line the zone is drawn on (absent: the database's default line). */
  lineId?: string;
  points: ImagePoint[]; kmStart: number | null; kmEnd: number | null;
  createdBy: string | null; createdAt: string;
  /** Row version (updated_at exactly as the server sent it); stated on update so a stale one is refused. */
  updatedAt?: string;
}

export interface Point {
  id: string; name: string; description: string;
  /** The line the point is on (absent: the database's default line). */
  lineId?: string;
  /** The PK as typed by the user, e.g. "12.50". */
  kilometer: string;
  kmValue: number | null;
  position: ImagePoint;
  imageUrl: string | null;
  status: PointStatus;
  /** Id of a criticality level ('attention', 'danger', ...). */
  criticality: string;
  ticketNumber: string | null;
  teamId: string | null;
  teamName: string | null;
  /** The member responsible for the point (points.assignee_id); null: nobody; absent on older rows. */
  assigneeId?: string | null;
  /** When it must be treated (points.due_at, set by the database from the criticality's delay); null: no deadline. */
  dueAt?: string | null;
  /** When the row reached the server (created_at). */
  creationDate: string;
  /** When the anomaly was observed (observed_at: the device's time of the save, offline or not); creationDate when unknown. */
  observedAt?: string;
  createdBy: string | null;
  /** Row version (updated_at exactly as the server sent it); stated on update so a stale one is refused. */
  updatedAt?: string;
  /** The position fix the point was captured from (points.gnss_*, docs/product.md#position); absent: none. */
  gnss?: { lat: number; lon: number; accuracyM: number; fixes: number };
}

/** A point as the app saves it: the columns the user edits (and its id when it exists). */
export type PointInput = Omit<Point, 'id' | 'teamName' | 'creationDate' | 'observedAt' | 'createdBy' | 'dueAt'> & { id?: string };

export interface Team { id: string; name: string; description: string | null; createdBy: string | null; createdAt: string; updatedAt?: string }

export interface KilometerMarker { id: string; position: number; value: number; createdBy: string | null; updatedAt?: string; lineId?: string }

export interface AppSetting { key: string; value: string; createdBy: string | null; updatedAt?: string }

/** A line's image (public.lines.image) or the bundled default. Extra keys (e.g. tile info) are kept as they are. */
export interface LineImage { url: string; width: number; height: number; [extra: string]: unknown }

/** A railway line of the network (public.lines): its points, zones and markers carry its id. */
export interface Line {
  id: string; code: string; name: string;
  /** null: the bundled image. */
  image: LineImage | null;
  sort: number; archived: boolean; createdAt: string; updatedAt?: string;
}

export interface ReportRequest {
  startPoint: number; endPoint: number;
  displayStartPoint: number; displayEndPoint: number;
  selectedZones: string[];
  selectedTracks: Track[];
}

export interface ZoneReportSection { zone: Zone; points: Point[] }
export interface ReportResult {
  request: ReportRequest;
  /** Tracks actually used (falls back to both when none selected). */
  tracks: Track[];
  pointsInZones: ZoneReportSection[];
  pointsOutsideZones: Point[];
}
