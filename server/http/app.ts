// The request router of the single node:http server: CORS, /config.json, the API mounts
// (/auth/v1, /auth/v1/sso*, /rest/v1, /storage/v1), the SPA, and error shaping (never a crash).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JwtError, authJwtError, restJwtError, storageJwtError, type Keys } from '../keys';
import { ANON_CONTEXT, resolveAuth } from './authContext';
import { bodyReader, JSON_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from './body';
import { clientIp, type TrustProxy } from './clientIp';
import { applyCors, handlePreflight } from './cors';
import { flavorOf, HttpError, sendHttpError, sendJson, shapedError } from './errors';
import { dbInputError } from './dbErrors';
import { createLimiter, type RateLimit } from './rateLimit';
import { noteRequestUser, startRequestLog, type Logger } from './log';
import { serveStatic } from './static';
import { spaSecurityHeaders } from './securityHeaders';
import type { ApiContext, ApiHandler, AuthContext } from './types';
import type { Queryable } from '../db/types';

export interface RateLimits { token: RateLimit; signup: RateLimit }

/** Supabase Auth: /token 150 requests per 5 minutes per IP with bursts of 30; /signup 30 per 5 minutes. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  token: { perWindow: 150, windowS: 300, burst: 30 },
  signup: { perWindow: 30, windowS: 300, burst: 10 },
};

export interface AppDeps {
  keys: Keys;
  auth: (req: IncomingMessage, res: ServerResponse, ctx: ApiContext, subpath: string) => Promise<void>;
  sso: () => ApiHandler | null;
  rest: () => ApiHandler | null;
  storage: ApiHandler;
  staticDir: string | null;
  config: () => { supabaseUrl: string; supabaseAnonKey: string };
  rateLimits: RateLimits;
  /** Where the rate-limit buckets live (shared by every instance on the same database). */
  db: { admin: Queryable };
  /** Request and error log (server/http/log.ts); none = silent. */
  logger?: Logger | null;
  /** TRUST_PROXY: rate limits key on the address the trusted proxy appended to X-Forwarded-For (server/http/clientIp.ts). */
  trustProxy?: TrustProxy;
  /** A request body with no byte for this long is answered 408 and its connection closed. */
  bodyIdleTimeoutMs?: number;
  /** Operator routes (server/ops: /health, /ready, /ops/v1/*): true when answered. */
  ops?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
}

export function createApp(deps: AppDeps) {
  const tokenLimiter = createLimiter(deps.db, 'auth_token', deps.rateLimits.token);
  const signupLimiter = createLimiter(deps.db, 'auth_signup', deps.rateLimits.signup);

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    const flavor = flavorOf(path);
    const isApi = flavor !== 'plain' || path.startsWith('/realtime/v1');
    if (isApi) {
      applyCors(req, res);
      if (handlePreflight(req, res)) return;
    }
    if (deps.ops && (await deps.ops(req, res, url))) return;
    if (path === '/config.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, deps.config(), { 'Cache-Control': 'no-store' });
    }
    const limit = flavor === 'storage' ? UPLOAD_BODY_LIMIT_BYTES : JSON_BODY_LIMIT_BYTES;
    const body = bodyReader(req, limit, flavor, deps.bodyIdleTimeoutMs);

    if (flavor === 'auth') {
      res.setHeader('X-Supabase-Api-Version', '2024-01-01');
      const sub = path.slice('/auth/v1'.length) || '/';
      if (req.method === 'POST' && (sub === '/token' || sub === '/signup')) {
        const ip = clientIp(req, deps.trustProxy ?? false);
        if (!(await (sub === '/token' ? tokenLimiter : signupLimiter).take(ip))) {
          throw shapedError('auth', 429, 'over_request_rate_limit', 'Request rate limit reached');
        }
      }
      // Auth endpoints check the bearer token themselves (/user, /logout); others run as anon.
      const auth = await resolveAuth(req, deps.keys).catch(() => ANON_CONTEXT);
      noteRequestUser(res, auth.userId);
      const ctx: ApiContext = { url, auth, body };
      // /sso* and GoTrue's identity-provider return path /callback belong to server/sso when it exists.
      if (sub === '/sso' || sub.startsWith('/sso/') || sub === '/callback') {
        const sso = deps.sso();
        if (!sso) throw shapedError('auth', 404, 'sso_provider_not_found', 'No SSO provider is configured on this server');
        return sso(req, res, ctx);
      }
      return deps.auth(req, res, ctx, sub);
    }
    if (flavor === 'rest') {
      const rest = deps.rest();
      if (!rest) throw shapedError('rest', 501, 'PGRST000', 'The REST API is not available in this build');
      return rest(req, res, { url, auth: await authOr(req, res, restJwtError), body });
    }
    if (flavor === 'storage') {
      // Public object reads need no key (an <img> sends none); everything else is checked.
      const isPublicRead = /^\/storage\/v1\/object\/public\//.test(path) && (req.method === 'GET' || req.method === 'HEAD');
      const auth = isPublicRead ? ANON_CONTEXT : await authOr(req, res, storageJwtError);
      return deps.storage(req, res, { url, auth, body });
    }
    if (path.startsWith('/realtime/v1')) {
      return sendJson(res, 426, { message: 'Upgrade to a websocket at /realtime/v1/websocket' });
    }
    const spaHeaders = spaSecurityHeaders(deps.config().supabaseUrl, req.headers.host);
    if ((req.method === 'GET' || req.method === 'HEAD') && deps.staticDir && (await serveStatic(req, res, url, deps.staticDir, spaHeaders))) return;
    if (req.method === 'GET' || req.method === 'HEAD') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(deps.staticDir ? 'Not found' : 'The SPA is not built (run `npm run build`, or `npm start` which builds it).');
      return;
    }
    throw new HttpError(404, { code: 'not_found', message: 'Not found' });
  }

  async function authOr(req: IncomingMessage, res: ServerResponse, shape: (e: JwtError) => HttpError): Promise<AuthContext> {
    try {
      const auth = await resolveAuth(req, deps.keys);
      noteRequestUser(res, auth.userId);
      return auth;
    } catch (e) {
      throw e instanceof JwtError ? shape(e) : e;
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    let log: Logger | null = null;
    try {
      // Origin-form paths are appended verbatim, so "//host/x" stays a path instead of becoming a host.
      const raw = req.url ?? '/';
      url = raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(raw);
    } catch {
      if (deps.logger) startRequestLog(deps.logger, req, res, null);
      return sendJson(res, 400, { code: 'bad_request', message: 'Malformed URL' });
    }
    if (deps.logger) log = startRequestLog(deps.logger, req, res, url);
    try {
      await route(req, res, url);
    } catch (e) {
      if (e instanceof JwtError) {
        sendHttpError(res, authJwtError(e));
      } else if (e instanceof HttpError) {
        sendHttpError(res, e);
      } else if (dbInputError(e, flavorOf(url.pathname))) {
        sendHttpError(res, dbInputError(e, flavorOf(url.pathname))!);
      } else {
        if (log) log.error({ err: e }, 'request crashed');
        else console.error(`[server] ${req.method} ${url.pathname} crashed:`, e);
        sendHttpError(res, shapedError(flavorOf(url.pathname), 500, 'internal_error', 'Internal server error'));
      }
    }
  };
}
