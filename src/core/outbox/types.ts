// Types of the offline outbox: one item per pending change of a point, replayed in order.
import type { ImagePoint, Point, PointStatus } from '../types';
import type { BulkGroup, BulkRow } from '../bulk/plan';
import type { GalleryPhoto } from '../photos/gallery';

/** The editable fields of a point, as the form saves them (PointInput without the id). */
export interface PointFields {
  name: string; description: string; kilometer: string; kmValue: number | null; position: ImagePoint;
  imageUrl: string | null; status: PointStatus; criticality: string; ticketNumber: string | null; teamId: string | null;
  /** The assignee (absent: not part of the change). */
  assigneeId?: string | null;
  /** A new point's line (absent: the database's default line); an update never moves a point to another line. */
  lineId?: string;
  /** A new point's position fix (docs/product.md#position), sent once with the point. */
  gnss?: { lat: number; lon: number; accuracyM: number; fixes: number };
}

/** A comment or an intervention written on a point (public.point_events), sent once with the device's id. */
export interface EventFields {
  eventId: string; eventKind: 'comment' | 'intervention'; body: string;
  /** An intervention: when the work was done (ISO) and who did it, as written; null for a comment. */
  doneAt: string | null; doneBy: string | null;
  /** The device's time of writing (ISO), kept however late it is sent. */
  observedAt: string;
  /** An intervention's 'après' photos (at most 4), inserted with the device's ids after the event. */
  photos?: EventPhoto[];
}

/** An 'après' photo of an intervention, with the id the device gave it (a repeat inserts nothing). */
export type EventPhoto = GalleryPhoto & { id: string };

export type OutboxOp =
  /** `observedAt`: the device's time when the agent saved it (ISO), sent as observed_at; absent in older queues. */
  /** `gallery`: the point's photos in order, set once the row has landed (absent: unchanged). */
  | { kind: 'create'; pointId: string; fields: PointFields; observedAt?: string; gallery?: GalleryPhoto[] }
  /** `baseVersion`: the point's updated_at as the device last saw it (null for a point created on the device). */
  | { kind: 'update'; pointId: string; patch: Partial<PointFields>; baseVersion: string | null; gallery?: GalleryPhoto[] }
  | { kind: 'delete'; pointId: string; baseVersion: string | null; imageUrl: string | null }
  /**
   * A bulk change as ONE item, replayed once through bulk_update_points: `groups` state each row's
   * version as the device held it; `before` keeps the rows' former values (to put back on discard). `pointId` is the
   * item's own key ('bulk:<uuid>'), never a point: the points are in `groups` (see ./bulk.ts pointIdsOf).
   */
  | { kind: 'bulk'; pointId: string; groups: BulkGroup[]; before: BulkRow[] }
  /** A comment or intervention on the point, in order with the point's other changes; `view` is the point as shown. */
  | { kind: 'event'; pointId: string; event: EventFields };

/**
 * pending: waits for the network; sending: being replayed (a crash leaves it so: replayed again, idempotently);
 * failed: refused by the server for another reason than a conflict (retry or discard);
 * conflict: the point changed (or was deleted) on the server since the device saw it; the user chooses.
 */
export type OutboxState = 'pending' | 'sending' | 'failed' | 'conflict';

export interface OutboxItem {
  id: string;
  /** Replay order (FIFO). */
  seq: number;
  userId: string;
  /** ms since epoch, when first queued. */
  queuedAt: number;
  op: OutboxOp;
  /** The point as the device shows it after this change (null after a delete): the map and lists overlay. */
  view: Point | null;
  /** The point before the first change of this item (to put back when the item is discarded); null for a create. */
  before: Point | null;
  /** Storage paths of photos taken offline that this row may reference (blobs kept in IndexedDB). */
  photos: string[];
  /** Photos already uploaded (a replay resumes after them). */
  photosDone: string[];
  state: OutboxState;
  /** French reason of a failure or conflict. */
  error: string | null;
  /** For a conflict: the server's current point, or null when the point was deleted on the server. */
  server: Point | null;
  conflict: 'changed' | 'deleted' | null;
  attempts: number;
}
