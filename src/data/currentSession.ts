// The current session scope of the page (see src/core/session/scope.ts): the one pointer to what lives for the
// signed-in user. Sign-in and sign-out move it (src/state/userSession.ts); every per-user state of src/data and
// src/state is a part of the scope it points to, never a module variable.
import { SessionScope } from '../core/session/scope';

// The only module-level mutable state of src/data and src/state besides the listed page-lifetime exceptions
// (tools/lint/eslint.config.js, SESSION_STATE_EXCEPTIONS).
let current = new SessionScope(null, 0);

export function currentSession(): SessionScope { return current; }

/** Disposes the current scope and opens a new one for `userId` (null: nobody signed in). */
export function replaceSession(userId: string | null): SessionScope {
  const old = current;
  current = new SessionScope(userId, old.serial + 1);
  old.dispose();
  return current;
}
