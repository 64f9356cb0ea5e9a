// The time of a point (docs/product.md#observation-time): when the agent observed it
// (observed_at, the device's time of the save, offline or not) and, when it reached the server noticeably later
// (a point saved offline), when it was received: 'Constaté le 24/11/2026 14:47 · reçu le 24/11/2026 14:50'.
import { formatDateTimeFr } from './format';

/** Above this gap between the observation and the arrival, both are shown. */
export const OBSERVED_RECEIVED_GAP_MS = 60_000;
/** How far ahead of the server's clock a device's observation time may be (the database refuses beyond). */
export const OBSERVED_AT_MAX_SKEW_MS = 5 * 60_000;

/** True when the arrival is more than a minute after (or before) the observation. */
export function receivedLater(observedAt: string | null | undefined, createdAt: string | null | undefined): boolean {
  const o = Date.parse(observedAt ?? ''), c = Date.parse(createdAt ?? '');
  return Number.isFinite(o) && Number.isFinite(c) && Math.abs(c - o) > OBSERVED_RECEIVED_GAP_MS;
}

/** 'Constaté le … · reçu le …' (or just 'Constaté le …'); the arrival alone when the observation is unknown. */
export function observationLabel(observedAt: string | null | undefined, createdAt: string | null | undefined): string {
  const observed = formatDateTimeFr(observedAt ?? '') || formatDateTimeFr(createdAt ?? '');
  if (!observed) return '';
  return receivedLater(observedAt, createdAt)
    ? `Constaté le ${observed} · reçu le ${formatDateTimeFr(createdAt!)}`
    : `Constaté le ${observed}`;
}
