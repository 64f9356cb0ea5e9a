// The requests a user's session has in flight: every supabase-js call of the page runs with the signal of
// the session it started in, and the session's end (sign-out, revoked access, another user) aborts them, so no
// answer, closure or URL of the signed-out user stays alive in the page waiting on a slow server.
import { definePart } from '../core/session/scope';
import { currentSession } from './currentSession';

const requestsPart = definePart('requests', () => new AbortController(), (c) => c.abort(new DOMException('Session terminée', 'AbortError')));

/** `init` with the current session's signal added (the caller's own signal still aborts too). */
export function withSessionSignal(init: RequestInit | undefined): RequestInit {
  const session = currentSession().part(requestsPart).signal;
  const own = init?.signal;
  return { ...init, signal: own ? eitherSignal(own, session) : session };
}

/** Aborted when either is (AbortSignal.any, or by hand on browsers without it: Safari before 17.4). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) { both.abort(s.reason); break; }
    s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}
