// A session scope: the owner of everything that lives for one signed-in user. Each module declares its
// per-session state as a part (`definePart`); the scope creates a part the first time it is asked for and disposes
// every part (newest first) when the session ends. Pure: no DOM, no supabase; the app's current scope is in
// src/data/currentSession.ts and its life (sign-in, sign-out) in src/state/userSession.ts.

export interface SessionPart<T> {
  readonly name: string;
  create(scope: SessionScope): T;
  dispose?(state: T): void;
}

/** Declares a per-session part: `create` builds its state for a new session, `dispose` ends it (timers, channels...). */
export function definePart<T>(name: string, create: (scope: SessionScope) => T, dispose?: (state: T) => void): SessionPart<T> {
  return { name, create, dispose };
}

export class SessionScope {
  private readonly parts = new Map<SessionPart<unknown>, unknown>();
  private readonly order: SessionPart<unknown>[] = [];
  private ended = false;

  /** `userId` null: nobody signed in yet (the scope opened at page start or by a sign-out; the next sign-in claims it). */
  constructor(private owner: string | null, readonly serial: number) {}

  get userId(): string | null { return this.owner; }

  /**
   * A sign-in takes the scope opened since the last sign-out (what ran meanwhile, e.g. the stored session seen by
   * supabase-js before the sign-in finished, already belongs to this user). A scope owned by someone else is never taken.
   */
  claim(userId: string): boolean {
    if (this.ended || (this.owner !== null && this.owner !== userId)) return false;
    this.owner = userId;
    return true;
  }

  /** False once the session ended: answers still in flight for it must not touch the current state. */
  get active(): boolean { return !this.ended; }

  /** This session's state of a part (created on first use; a disposed scope gives a throwaway state). */
  part<T>(p: SessionPart<T>): T {
    const key = p as SessionPart<unknown>;
    if (this.parts.has(key)) return this.parts.get(key) as T;
    const state = p.create(this);
    if (this.ended) return state; // late caller of an ended session: nothing is kept
    this.parts.set(key, state);
    this.order.push(key);
    return state;
  }

  /** Whether the part was created in this session. */
  has(p: SessionPart<unknown>): boolean { return this.parts.has(p); }

  /** Names of the parts this session holds (tests, debug). */
  partNames(): string[] { return this.order.map((p) => p.name); }

  /** Ends the session: disposes every part, newest first; a failing dispose does not stop the others. */
  dispose(): void {
    if (this.ended) return;
    this.ended = true;
    for (const p of [...this.order].reverse()) {
      try { p.dispose?.(this.parts.get(p)); } catch (e) { console.error(`Fin de session : ${p.name}`, e); }
    }
    this.parts.clear();
    this.order.length = 0;
  }
}
