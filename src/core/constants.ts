// Business constants of docs/product.md#constants, each with its unit and source.
import type { CriticalityIcon, PointStatus, Track } from './types';
import { storedTilesFor } from './imageTiles';

export const PASSWORD_MIN_LENGTH = 6; // characters, docs/product.md#constants
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024; // 5 Mo, docs/product.md#constants
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const; // docs/product.md#constants
export const IMAGE_CACHE_SECONDS = 31_536_000; // one year, docs/product.md#photos
export const IMAGE_BUCKET = 'poi_images'; // docs/product.md#photos
export const IMAGE_FOLDER = 'points'; // docs/product.md#photos
export const PHOTO_MAX_SIDE_PX = 2048; // longest side of a photo once shrunk on the device, docs/product.md#photos
export const PHOTO_QUALITY = 0.85; // JPEG/WEBP quality of a shrunk photo (0–1)
export const PHOTO_THUMB_SIDE_PX = 320; // longest side of a stored thumbnail (lists, report, Word)
export const PHOTO_THUMB_QUALITY = 0.7; // JPEG quality of a stored thumbnail
export const PHOTOS_PER_POINT = 8; // also the database's limit (point_photos)
export const REPORT_PHOTOS_PER_ROW = 4; // photos of an anomaly in the report and Word (the first full, the others as thumbnails)
export const PHOTOS_PER_INTERVENTION = 4; // 'après' photos of one intervention, also the database's limit

export const KM_MIN = 0; // km, docs/product.md#constants
export const KM_MAX = 999.99; // km, docs/product.md#constants
export const KM_STEP = 0.01; // km, docs/product.md#constants

export const ZOOM_MIN = 0.5; // docs/product.md#constants
export const ZOOM_MAX = 3; // docs/product.md#constants
export const ZOOM_STEP = 0.1; // per wheel notch, docs/product.md#constants
export const CLUSTER_RADIUS_SCREEN_PX = 50; // screen px, divided by zoom, docs/product.md#constants
export const HIT_RADIUS_SCREEN_PX = 15; // screen px, divided by zoom, docs/product.md#constants
export const TOUCH_DRAG_THRESHOLD_PX = 5; // screen px, docs/product.md#constants

export const COPY_CONFIRMATION_MS = 2000; // docs/product.md#constants
export const SETTINGS_SUCCESS_MS = 3000; // docs/product.md#constants
export const SSO_REDIRECT_TIMEOUT_MS = 5000; // docs/product.md#constants
export const SSO_MANUAL_RETRY_MS = 1000; // docs/product.md#constants
export const RESIZE_DEBOUNCE_MS = 150; // docs/product.md#constants
export const ORIENTATION_DEBOUNCE_MS = 300; // docs/product.md#constants
export const REALTIME_EVENTS_PER_SECOND = 10; // docs/product.md#realtime

export const MOBILE_MAX_WIDTH = 768; // px, below is mobile, docs/product.md#constants
export const TABLET_MAX_WIDTH = 1366; // px, with touch is tablet, docs/product.md#constants

export const DEFAULT_ZONE_COLOR = '#3B82F6'; // docs/product.md#constants
export const DEFAULT_ZONE_TRACK: Track = 'voie_1'; // docs/product.md#constants
export const DEFAULT_POINT_STATUS: PointStatus = 'signale'; // docs/product.md#constants
export const DEFAULT_CRITICALITY = 'attention'; // docs/product.md#constants
export const DANGER_CRITICALITY = 'danger'; // docs/product.md#criticality-levels
export const DEFAULT_LEVEL_COLOR = '#ef4444'; // new criticality level, docs/product.md#constants
export const DEFAULT_LEVEL_ICON: CriticalityIcon = 'AlertTriangle'; // docs/product.md#constants
export const WORD_IMAGE_BOX = { width: 400, height: 300 }; // px, docs/product.md#constants
export const WORD_THUMB_BOX = { width: 160, height: 120 }; // px: an anomaly's next photos in Word, beside one another
export const WORD_FONT = 'Calibri'; // docs/product.md#constants
export const SUPABASE_MAX_ROWS = 1000; // rows per response, docs/supabase-protocol.md#tables
/** Late points the map marks at most (read 1,000 a request); beyond, none (docs/product.md#map-marks). */
export const LATE_MARKS_MAX = 20_000;

export const TRACKS: Track[] = ['voie_1', 'voie_2'];
export const TRACK_LABELS: Record<Track | 'none', string> = { voie_1: 'Voie 1', voie_2: 'Voie 2', none: 'Aucune voie' };
export const STATUS_LABELS: Record<PointStatus, string> = { signale: 'Signalé', pris_en_charge: 'En cours', resolu: 'Résolu' };

/** 12 preset colours: red, orange, yellow, green, blue, violet, pink, grey and darker variants (docs/product.md#constants). */
export const ZONE_PALETTE = [
  '#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6',
  '#ec4899', '#6b7280', '#b91c1c', '#15803d', '#1d4ed8', '#374151',
];
export const CRITICALITY_PALETTE = [
  '#ef4444', '#f97316', '#f59e0b', '#eab308', '#84cc16', '#22c55e',
  '#14b8a6', '#3b82f6', '#6366f1', '#8b5cf6', '#ec4899', '#6b7280',
];

/** Fallback levels when the table cannot be read (docs/product.md#criticality-levels). */
export const DEFAULT_CRITICALITY_LEVELS = [
  { id: 'attention', name: 'Attention sur ce risque', color: '#f59e0b', icon: 'AlertTriangle' as CriticalityIcon, order: 0, isDefault: true, createdBy: null },
  { id: 'danger', name: 'Danger sécurité', color: '#ef4444', icon: 'ShieldAlert' as CriticalityIcon, order: 1, isDefault: true, createdBy: null },
];

/** The bundled line image (public/line.png) used until an admin uploads another, with its tiles cut once at build
 * time (public/line-tiles, scripts/makeLineTiles.mjs): the map fetches only the tiles in view. */
export const DEFAULT_LINE_IMAGE = { url: '/line.png', width: 12000, height: 1500, tiles: storedTilesFor('/line-tiles', 12000, 1500) };

/** A zone is a polygon of at least this many vertices; fewer draws no zone and contains nothing. */
export const MIN_ZONE_VERTICES = 3;
/** Deletion tombstones are kept this long; an older local replica reloads every point (docs/product.md#constants). */
export const REPLICA_MAX_AGE_DAYS = 30;

export const POSITION_MAX_ACCURACY_M = 50; // m, fixes worse are dropped (admin setting), docs/product.md#position
export const POSITION_FAR_M = 100; // m, beyond it a fix is off the line, docs/product.md#position
export const POSITION_AVERAGE_MS = 5000; // ms of fixes averaged by 'Moyenner', docs/product.md#position
export const POSITION_NEARBY_LINE_M = 200; // m, another line this close is offered, docs/product.md#position

/** The service worker's cache of the point photos viewed (workers/sw.ts; emptied at sign-out: src/platform/photoCache.ts). */
export const PHOTO_CACHE = 'rail-photos';
