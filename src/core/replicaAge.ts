// How old a local replica may be and still catch up through the sync cursor: deletions are known through
// tombstones, which the database keeps REPLICA_MAX_AGE_DAYS (migration 20261124121000_tombstone_purge.sql).
import { REPLICA_MAX_AGE_DAYS } from './constants';

const DAY_MS = 86_400_000;
/** A day of margin for the device clock against the server's. */
const CLOCK_MARGIN_MS = DAY_MS;

/** True when a replica synced at `cursorMs` (server time) may have missed deletions and must reload everything. */
export function replicaTooOld(cursorMs: number, nowMs: number): boolean {
  return !(cursorMs > 0) || nowMs - cursorMs > REPLICA_MAX_AGE_DAYS * DAY_MS - CLOCK_MARGIN_MS;
}
