// Business constants of SPEC §9, each with its unit and source.
import type { CriticalityIcon, PointStatus, Track } from './types';

export const PASSWORD_MIN_LENGTH = 6; // characters, SPEC §9
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024; // 5MB, SPEC §9
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const; // SPEC §9
export const IMAGE_CACHE_SECONDS = 31_536_000; // one year, SPEC §7
export const IMAGE_BUCKET = 'poi_images'; // SPEC §3
export const IMAGE_FOLDER = 'points'; // SPEC §3

export const KM_MIN = 0; // km, SPEC §9
export const KM_MAX = 999.99; // km, SPEC §9
export const KM_STEP = 0.01; // km, SPEC §9

export const ZOOM_MIN = 0.5; // SPEC §9
export const ZOOM_MAX = 3; // SPEC §9
export const ZOOM_STEP = 0.1; // per wheel notch, SPEC §9
export const CLUSTER_RADIUS_SCREEN_PX = 50; // screen px, divided by zoom, SPEC §9
export const HIT_RADIUS_SCREEN_PX = 15; // screen px, divided by zoom, SPEC §9
export const TOUCH_DRAG_THRESHOLD_PX = 5; // screen px, SPEC §9

export const COPY_CONFIRMATION_MS = 2000; // SPEC §9
export const SETTINGS_SUCCESS_MS = 3000; // SPEC §9
export const SSO_REDIRECT_TIMEOUT_MS = 5000; // SPEC §9
export const SSO_MANUAL_RETRY_MS = 1000; // SPEC §9
export const RESIZE_DEBOUNCE_MS = 150; // SPEC §9
export const ORIENTATION_DEBOUNCE_MS = 300; // SPEC §9
export const REALTIME_EVENTS_PER_SECOND = 10; // SPEC §7

export const MOBILE_MAX_WIDTH = 768; // px, below is mobile, SPEC §9
export const TABLET_MAX_WIDTH = 1366; // px, with touch is tablet, SPEC §9

export const DEFAULT_ZONE_COLOR = '#3B82F6'; // SPEC §9
export const DEFAULT_ZONE_TRACK: Track = 'voie_1'; // SPEC §9
export const DEFAULT_POINT_STATUS: PointStatus = 'signale'; // SPEC §9
export const DEFAULT_CRITICALITY = 'attention'; // SPEC §9
export const DANGER_CRITICALITY = 'danger'; // SPEC §3
export const DEFAULT_LEVEL_COLOR = '#ef4444'; // new criticality level, SPEC §9
export const DEFAULT_LEVEL_ICON: CriticalityIcon = 'AlertTriangle'; // SPEC §9
export const WORD_IMAGE_BOX = { width: 400, height: 300 }; // px, SPEC §9
export const WORD_FONT = 'Calibri'; // SPEC §9
export const SUPABASE_MAX_ROWS = 1000; // rows per response, PROTOCOL.md

export const TRACKS: Track[] = ['voie_1', 'voie_2'];
export const TRACK_LABELS: Record<Track | 'none', string> = { voie_1: 'Voie 1', voie_2: 'Voie 2', none: 'Aucune voie' };
export const STATUS_LABELS: Record<PointStatus, string> = { signale: 'Signalé', pris_en_charge: 'En cours', resolu: 'Résolu' };

/** 12 preset colours: red, orange, yellow, green, blue, violet, pink, grey and darker variants (SPEC §9). */
export const ZONE_PALETTE = [
  '#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6',
  '#ec4899', '#6b7280', '#b91c1c', '#15803d', '#1d4ed8', '#374151',
];
export const CRITICALITY_PALETTE = [
  '#ef4444', '#f97316', '#f59e0b', '#eab308', '#84cc16', '#22c55e',
  '#14b8a6', '#3b82f6', '#6366f1', '#8b5cf6', '#ec4899', '#6b7280',
];

/** Fallback levels when the table cannot be read (SPEC §3, §8). */
export const DEFAULT_CRITICALITY_LEVELS = [
  { id: 'attention', name: 'Attention sur ce risque', color: '#f59e0b', icon: 'AlertTriangle' as CriticalityIcon, order: 0, isDefault: true, createdBy: null },
  { id: 'danger', name: 'Danger sécurité', color: '#ef4444', icon: 'ShieldAlert' as CriticalityIcon, order: 1, isDefault: true, createdBy: null },
];

/** The bundled line image (public/line.png) used until an admin uploads another. */
export const DEFAULT_LINE_IMAGE = { url: '/line.png', width: 12000, height: 1500 };

/** A zone is a polygon of at least this many vertices; fewer draws no zone and contains nothing. */
export const MIN_ZONE_VERTICES = 3;
