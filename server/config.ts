// Environment → startServer options for the CLI (PORT, HOST, DATA_DIR, DATABASE_URL, SEED, SEED_POINTS, SEED_LINES,
// ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, SITE_URL, SUPABASE_URL, LOG, LOG_LEVEL; single sign-on: SSO_PROVIDERS or
// SSO_PROVIDERS_FILE, ADDITIONAL_REDIRECT_URLS, API_EXTERNAL_URL — see docs/SSO.md; TRUST_PROXY, REQUEST_TIMEOUT_S,
// SWEEP_EVERY_S; e-mail: SMTP_URL, MAIL_FROM).
// SEED=demo (the default) is refused when HOST is reachable from the network, unless SEED_DEMO_ON_NETWORK=1: a
// production start never creates the demo admin by accident.
import { isIP } from 'node:net';
import type { StartOptions } from './main';
import { providersFromEnv, redirectAllowListFromEnv } from './sso/config';
import { parseTrustProxy } from './http/clientIp';
import { mailOptionsFromEnv } from './mail/config';

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): StartOptions {
  const seed = (env.SEED ?? 'demo').toLowerCase();
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", not "${env.SEED}"`);
  const host = env.HOST || '127.0.0.1';
  if (seed === 'demo' && !isLoopbackHost(host) && env.SEED_DEMO_ON_NETWORK !== '1') {
    throw new Error(`SEED=demo refusé : HOST=${host} n'est pas une adresse locale (127.0.0.1, ::1, localhost), et le jeu de démonstration ` +
      `crée un administrateur au mot de passe connu. En production, démarrez avec SEED=none (lien d'invitation de l'administrateur) ; ` +
      `pour une démonstration sur le réseau, ajoutez SEED_DEMO_ON_NETWORK=1.`);
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const requestTimeoutS = Number(env.REQUEST_TIMEOUT_S ?? 120);
  if (!Number.isFinite(requestTimeoutS) || requestTimeoutS < 1) throw new Error(`REQUEST_TIMEOUT_S must be a number of seconds >= 1, not "${env.REQUEST_TIMEOUT_S}"`);
  const sweepEveryS = Number(env.SWEEP_EVERY_S ?? 60);
  if (!Number.isFinite(sweepEveryS) || sweepEveryS < 1 || sweepEveryS > 3600) throw new Error(`SWEEP_EVERY_S must be a number of seconds from 1 to 3600, not "${env.SWEEP_EVERY_S}"`);
  const seedPoints = Number(env.SEED_POINTS ?? 0);
  if (!Number.isInteger(seedPoints) || seedPoints < 0) throw new Error(`SEED_POINTS must be a non-negative integer, not "${env.SEED_POINTS}"`);
  const seedLines = Number(env.SEED_LINES ?? 2);
  if (!Number.isInteger(seedLines) || seedLines < 1 || seedLines > 500) throw new Error(`SEED_LINES must be an integer from 1 to 500, not "${env.SEED_LINES}"`);
  return {
    port,
    host,
    dataDir: env.DATA_DIR || './.data',
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    seedPoints,
    seedLines,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    siteUrl: env.SITE_URL || undefined,
    supabaseUrl: env.SUPABASE_URL || undefined,
    // Request logs are on by default (JSON lines on stdout); LOG=0 turns them off, LOG_LEVEL picks the level.
    log: env.LOG !== '0' && env.LOG !== 'false',
    logLevel: env.LOG_LEVEL || undefined,
    ssoProviders: providersFromEnv(env),
    additionalRedirectUrls: redirectAllowListFromEnv(env),
    apiExternalUrl: env.API_EXTERNAL_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: Math.round(requestTimeoutS * 1000),
    mail: mailOptionsFromEnv(env),
    mailLoop: { sweepEveryMs: Math.round(sweepEveryS * 1000) },
  };
}

/** 127.0.0.0/8, ::1 (also as ::ffff:127.x.y.z) and localhost: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}
