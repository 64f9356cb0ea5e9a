// Shared contract between the HTTP core (server/main.ts) and the API handlers (auth, rest, storage, sso).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Who is calling, resolved once per request from `apikey` / `Authorization: Bearer` (HS256, jose). */
export interface AuthContext {
  role: 'anon' | 'authenticated' | 'service_role';
  /** The verified JWT claims, exactly what goes into request.jwt.claims. */
  claims: Record<string, unknown>;
  /** `sub` of the claims when it is a user token, else null. */
  userId: string | null;
}

export interface ApiContext {
  url: URL;
  auth: AuthContext;
  /** The request body, read once (size-limited: an oversized body rejects with an HttpError 413). */
  body: () => Promise<Buffer>;
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse, ctx: ApiContext) => Promise<void>;

/** What server/sso's `createSsoHandler(deps)` receives; it answers every /auth/v1/sso* request and /auth/v1/callback. */
export interface SsoDeps {
  db: import('../db/types').Database;
  keys: import('../keys').Keys;
  /** createSessionForUser, createPkceFlow, completePkceFlow, exchangePkce. */
  auth: import('../auth/service').AuthService;
  /** Public base URL of this server (http://host:port), known once it listens. */
  publicUrl: () => string;
  /** Where the SPA lives (SITE_URL, default publicUrl), for redirect_to checks. */
  siteUrl: () => string;
}
