// startServer: one node:http server for the SPA (dist/), /config.json and the Supabase-compatible API
// (/auth/v1, /rest/v1, /storage/v1, /realtime/v1) over PGlite or PostgreSQL; migrates and seeds on first start.
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Database } from './db/types';
import { openDatabase } from './db/open';
import { startPointIndexWarmup } from './db/pointIndexWarmup';
import { startPgliteVacuum } from './db/pgliteVacuum';
import { migrate } from './db/migrate';
import { createAuthHandler, createAuthService, type AuthService } from './auth/index';
import { createStorage } from './storage/index';
import { createApp, DEFAULT_RATE_LIMITS, type RateLimits } from './http/app';
import { BODY_IDLE_TIMEOUT_MS } from './http/body';
import { createLogger, flushLogger, type Logger } from './http/log';
import type { ApiHandler, SsoDeps } from './http/types';
import { clientIp, type TrustProxy } from './http/clientIp';
import type { ConnectionLimits } from './realtime/connectionLimits';
import { createRestHandler } from './rest/index';
import { attachRealtime } from './realtime/index';
import { createKeys, loadSecret, type Keys } from './keys';
import { lockDataDir } from './ops/dataDirLock';
import { loosePermissionsWarnings, makePrivateDir, restrictTree, tightenUmask } from './ops/privateFiles';
import { createOpsRoutes } from './ops/routes';
import { checkPgdata, openFailure } from './ops/damage';
import { checkSinceCleanShutdown, recordCleanShutdown } from './ops/cleanShutdown';
import { optionalModule } from './modules';
import { runSeed, type SeedResult } from './seed';
import type { SsoOptions, SsoProviderConfig } from './sso/index';
import type { MailOptions } from './mail/config';
import { startMailLoop, type MailLoop, type MailLoopOptions } from './mail/loop';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  seed?: 'demo' | 'none';
  seedPoints?: number;
  /** Demo seed: 2 (default) adds a shorter second line with its own image, markers, zones and points; 1: one line. */
  seedLines?: number;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  staticDir?: string;
  memory?: boolean;
  /** One JSON line per request on stdout (pino, server/http/log.ts); `logger` replaces the default one. */
  log?: boolean;
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  logLevel?: string;
  logger?: Logger;
  /** Public URL of the SPA for invitation links (SITE_URL); default: this server's URL. */
  siteUrl?: string;
  /** supabaseUrl served in /config.json (SUPABASE_URL); default "" = same origin. */
  supabaseUrl?: string;
  /** Per-IP limits on /auth/v1/token and /auth/v1/signup (tests lower them). */
  rateLimits?: Partial<RateLimits>;
  /** OpenID Connect providers for single sign-on (SSO_PROVIDERS / SSO_PROVIDERS_FILE); see docs/SSO.md. */
  ssoProviders?: SsoProviderConfig[];
  /** Further allowed SSO redirect_to targets besides SITE_URL and this server (ADDITIONAL_REDIRECT_URLS). */
  additionalRedirectUrls?: string[];
  /** Public URL of this server for browsers and identity providers (API_EXTERNAL_URL); default the listening URL. */
  apiExternalUrl?: string;
  /** TRUST_PROXY: per-IP limits use the address the trusted proxy appended to X-Forwarded-For (last entry, or a hop count). Default false. */
  trustProxy?: TrustProxy;
  /** An already opened database to serve (benchmarks compare adapters); closed with the server. */
  database?: Database;
  /** Realtime sockets per address / per user and the join deadline (server/realtime/connectionLimits.ts). */
  realtimeLimits?: Partial<ConnectionLimits>;
  /** REQUEST_TIMEOUT_S: the longest a request (headers and body) may take to arrive; default 120 s. */
  requestTimeoutMs?: number;
  /** A body with no byte for this long is answered 408 and closed; default 30 s (at most requestTimeoutMs). */
  bodyIdleTimeoutMs?: number;
  /** On close, how long requests in flight may take to finish; default SHUTDOWN_GRACE_MS. */
  shutdownGraceMs?: number;
  /** SMTP_URL and MAIL_FROM: e-mail is off without them (server/mail). */
  mail?: MailOptions;
  /** Periods of the follow-up loop (outbox sending, deadline and digest sweeps); tests shorten them. */
  mailLoop?: Pick<MailLoopOptions, 'sendEveryMs' | 'sweepEveryMs' | 'send'>;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/** On close (SIGTERM), requests in flight get this long to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
const HEADERS_TIMEOUT_MS = 30_000;

export interface RunningServer {
  url: string;
  anonKey: string;
  serviceKey: string;
  db: Database;
  /** What the first start created: admin credentials (demo) or the bootstrap invitation link (none). */
  seeded: SeedResult | null;
  server: Server;
  /** Sessions and PKCE flows (what server/sso uses), for tools and tests. */
  auth: AuthService;
  /** Where object bytes live (DATA_DIR/storage, or a temp dir in memory mode). */
  storageRoot: string;
  /** The follow-up loop: deadline warnings, digests, file removals and, with SMTP, the e-mail outbox. */
  mail: MailLoop;
  close(): Promise<void>;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@rail.local';
export const DEFAULT_ADMIN_PASSWORD = 'rail-admin-2026';
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const memory = opts.memory ?? false;
  const dataDir = memory ? null : resolve(opts.dataDir ?? './.data');
  if (dataDir) {
    // Only this user may read DATA_DIR (server/ops/privateFiles.ts); an existing folder open to others is fixed.
    tightenUmask();
    makePrivateDir(dataDir);
    const refused: string[] = [];
    const loosened = restrictTree(dataDir, refused);
    for (const w of loosePermissionsWarnings(dataDir, loosened, refused)) console.warn(w);
  }
  // One server per PGlite DATA_DIR (server/ops): refused here, before anything is opened.
  const lock = dataDir && !opts.databaseUrl ? lockDataDir(dataDir, { command: process.argv.slice(1).join(' ') }) : null;
  const storageRoot = dataDir ? join(dataDir, 'storage') : mkdtempSync(join(tmpdir(), 'rail-storage-'));

  const logger = opts.logger ?? (opts.log ? createLogger({ level: opts.logLevel }) : null);
  let db: Database;
  let keys: Keys;
  try {
    keys = await createKeys(loadSecret({ jwtSecret: opts.jwtSecret, dataDir: dataDir ?? undefined, memory }));
    // Visible damage of an existing PGlite folder is refused before opening, in one readable line (server/ops).
    const pgdata = lock && !opts.database ? join(dataDir!, 'pgdata') : null;
    if (pgdata) checkPgdata(pgdata);
    const existing = pgdata !== null && existsSync(join(pgdata, 'PG_VERSION'));
    db = opts.database ?? await openDatabase({ dataDir: dataDir ?? undefined, databaseUrl: opts.databaseUrl, memory: memory && !opts.databaseUrl })
      .catch((e: unknown) => { throw existing ? openFailure(pgdata!, e) : e; });
  } catch (e) {
    lock?.release();
    throw e;
  }

  let publicUrl = '';
  const cleanups: (() => Promise<void> | void)[] = [];
  const siteUrl = () => (opts.siteUrl ?? publicUrl).replace(/\/$/, '');
  try {
    await migrate(db);
    // A new PGlite folder is written by PGlite with its own modes: taken back to 0700/0600.
    if (lock) restrictTree(dataDir!);
    if (lock) {
      const lost = await checkSinceCleanShutdown(db, dataDir!);
      if (lost) {
        if (logger) logger.error(lost);
        else console.error(lost);
      }
    }
    const storage = createStorage(db, storageRoot);
    const service = createAuthService(db, keys, () => `${publicUrl}/auth/v1`);

    const restHandler = createRestHandler({ db });
    const ssoDeps: SsoDeps = { db, keys, auth: service, publicUrl: () => publicUrl, siteUrl };
    const sso = await optionalModule<{ createSsoHandler(deps: SsoDeps, options?: SsoOptions): ApiHandler | Promise<ApiHandler> }>('./sso/index.ts');
    // Without providers there is no SSO: /settings says saml_enabled false and /sso answers sso_provider_not_found.
    const ssoHandler = sso && opts.ssoProviders?.length
      ? await sso.createSsoHandler(ssoDeps, { providers: opts.ssoProviders, additionalRedirectUrls: opts.additionalRedirectUrls, apiExternalUrl: opts.apiExternalUrl })
      : null;

    const staticDir = opts.staticDir ?? join(REPO_ROOT, 'dist');
    const requestTimeout = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const app = createApp({
      keys,
      auth: createAuthHandler({ db, keys, service, ssoEnabled: () => ssoHandler !== null }),
      sso: () => ssoHandler,
      rest: () => restHandler,
      storage: storage.handler,
      staticDir: existsSync(join(staticDir, 'index.html')) ? staticDir : null,
      config: () => ({ supabaseUrl: opts.supabaseUrl ?? '', supabaseAnonKey: keys.anonKey }),
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
      db,
      logger,
      trustProxy: opts.trustProxy ?? false,
      bodyIdleTimeoutMs: Math.min(opts.bodyIdleTimeoutMs ?? BODY_IDLE_TIMEOUT_MS, requestTimeout),
      ops: createOpsRoutes({ db, storageRoot, keys }),
    });
    // Requests wait until the first-start seed is done, so nobody sees a half-seeded database (the seed needs the
    // listening URL for invitation links, hence listen first).
    let openGate!: () => void;
    const gate = new Promise<void>((ok) => { openGate = ok; });
    // Slow or stalled clients hold no socket for long: headers within 30 s, the whole request within
    // requestTimeout (Node answers 408 and closes), checked every quarter of that (at most 30 s).
    const server = createServer({
      requestTimeout, headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
    }, (req, res) => void gate.then(() => app(req, res)));
    server.keepAliveTimeout = 65_000;

    cleanups.push(() => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }));
    const realtime = attachRealtime(server, {
      db,
      clientAddress: (req) => clientIp(req, opts.trustProxy ?? false),
      limits: opts.realtimeLimits,
      verifyJwt: async (token) => {
        const claims = await keys.verifyJwt(token).catch(() => null);
        return claims ? { role: claims.role, claims } : null;
      },
    });
    cleanups.unshift(() => realtime.close());

    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(opts.port ?? 3000, opts.host ?? '127.0.0.1', () => ok());
    });
    const addr = server.address() as AddressInfo;
    const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    publicUrl = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${addr.port}`;
    lock?.setUrl(publicUrl);

    // Both seeds are no-ops on a database that already has users or data.
    const seeded = await runSeed(db, {
      seed: opts.seed ?? 'demo', seedPoints: opts.seedPoints ?? 0, seedLines: opts.seedLines ?? 2, siteUrl: siteUrl(),
      adminEmail: opts.adminEmail ?? DEFAULT_ADMIN_EMAIL, adminPassword: opts.adminPassword ?? DEFAULT_ADMIN_PASSWORD,
      putObject: storage.putObject,
    }).finally(() => openGate());
    const warmup = startPointIndexWarmup(db);
    const vacuum = startPgliteVacuum(db);
    const mail = await startMailLoop({ db, mail: opts.mail, siteUrl: siteUrl(), storageRoot, ...opts.mailLoop });
    cleanups.unshift(() => mail.stop());

    let closed = false;
    return {
      url: publicUrl, anonKey: keys.anonKey, serviceKey: keys.serviceKey, db, seeded, server, auth: service, storageRoot, mail,
      async close() {
        if (closed) return;
        closed = true;
        await warmup.stop();
        await vacuum.stop();
        await mail.stop();
        // Graceful (SIGTERM): stop accepting, let requests in flight finish (at most SHUTDOWN_GRACE_MS), close the
        // websockets with 1012 so clients reconnect elsewhere, then the database.
        const stopped = new Promise<void>((ok) => server.close(() => ok()));
        server.closeIdleConnections();
        await realtime.close({ code: 1012, reason: 'server restarting' });
        const grace = setTimeout(() => server.closeAllConnections(), opts.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
        await stopped;
        clearTimeout(grace);
        if (lock) await recordCleanShutdown(db, dataDir!).catch((e) => console.error('clean-shutdown record:', e));
        await db.close();
        lock?.release();
        if (!dataDir) rmSync(storageRoot, { recursive: true, force: true });
        // The last request lines, buffered by the asynchronous log, are written before close resolves.
        if (logger) await flushLogger(logger);
      },
    };
  } catch (e) {
    for (const c of cleanups) await Promise.resolve(c()).catch(() => {});
    await db.close().catch(() => {});
    lock?.release();
    if (!dataDir) rmSync(storageRoot, { recursive: true, force: true });
    throw e;
  }
}
