// The time shown as 'Dernière synchronisation' (docs/architecture.md#offline-installable-app-outbox): the newest of what is known, never an older
// one. At sign-in the device's last snapshot time is read from IndexedDB while the first load may finish and set a
// newer time; the read, arriving last, must not take it back (a fresh device would then show 'Jamais synchronisé'
// right after a good load).

/** The newer of two sync times (ms since the epoch), null when neither is known. */
export function newestSync(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
