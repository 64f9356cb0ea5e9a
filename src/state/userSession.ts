// The life of a signed-in user's session, in one place. Sign-in claims for that user the session scope
// (src/core/session/scope.ts) opened since the last sign-out; sign-out, an access revoked by an admin, or another
// user signing in on the same page disposes it, which ends everything the user's session owns. The parts it owns
// (each declared beside its code with `definePart`, created on first use):
//   - 'pointDetails'   src/state/pointDetails.ts   details cache, batch queue and its timer
//   - 'replicaStatus'  src/state/replicaStatus.ts  whether the local replica is in use
//   - 'replicaDb'      src/data/replica/db.ts      the replica's IndexedDB connection (closed at the end)
//   - 'live'           src/state/live.ts           realtime channels, the line follower, reload and sync timers
//   - 'auth'           src/state/auth.ts           the sign-in in progress and a revocation under way
//   - 'loads'          src/state/actions.ts        the latest loadAll
//   - 'collections'    src/state/collections.ts    which small tables this session has loaded
//   - 'outbox'         src/state/offline/queue.ts  whose outbox is loaded, the serialised queue writes
//   - 'replay'         src/state/offline/replay.ts the outbox replay run
//   - 'offline'        src/state/offline/index.ts  the user whose outbox and snapshot are wired, its timer; its
//                                                  end empties the outbox list, the items sent, the last sync
//   - 'outboxDb'       src/state/offline/db.ts     the outbox's IndexedDB connection (closed at the end)
//   - 'photoPreviews'  src/state/offline/photos.ts object URLs of waiting photos (revoked at the end)
//   - 'dashboard'      src/state/dashboard.ts      the latest dashboard request
//   - 'archivedHere'   src/state/lineActions.ts    lines this user archived in this session
//   - 'points'         src/state/points/session.ts the collection's sync cursor, line, load/sync/restore, timers
//   - 'pointIndexWorker' src/data/pointIndexSource.ts the point-index worker, which holds the user's token (ended)
//   - 'report'         src/state/reportActions.ts  the report's copy of the index and its worker (ended)
//   - 'requests'       src/data/sessionRequests.ts the signal of every request of the session (aborted at the end)
// Loads and saves capture the scope they started in and write nothing once it is no longer active.
// Still module-level (listed with reasons in tools/lint/eslint.config.js, SESSION_STATE_EXCEPTIONS): the page's
// supabase client and the once-per-page bootstrap and window wiring. At sign-out src/state/auth.ts also empties the
// replica and the service worker's photo cache (src/platform/photoCache.ts).
import { currentSession, replaceSession } from '../data/currentSession';
import type { SessionScope } from '../core/session/scope';

export { currentSession };

/**
 * Sign-in: the session of `userId`: the current one if it is that user's or nobody's yet (opened by the last
 * sign-out, or at page start), else a new one (the other user's session is disposed).
 */
export function beginUserSession(userId: string): SessionScope {
  const cur = currentSession();
  return cur.claim(userId) ? cur : replaceSession(userId);
}

/** Sign-out or revoked access: disposes the user's session; what was still in flight for it is ignored. */
export function endUserSession(): SessionScope {
  return replaceSession(null);
}
