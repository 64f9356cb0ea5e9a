// Request logs with pino: one JSON line per request (time, level, request id echoed in X-Request-Id, method,
// path with secret query values redacted, status, duration, user id), and errors with their stack on one line.
// Bodies and headers are never logged, so passwords, tokens and invitation tokens cannot reach the log.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The server's logger: JSON lines on stdout (or `destination`) at LOG_LEVEL (default info). Stdout is written
 * asynchronously (pino's `sync: false`): a log line never waits for the disk or a slow reader of the pipe on the
 * main thread; pino flushes what is buffered on process exit, and the server flushes it on close (flushLogger).
 */
export function createLogger(opts: { level?: string; destination?: DestinationStream } = {}): Logger {
  const level = opts.level || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${level}"`);
  // minLength 1 writes each line at once, as 0 would, but makes flush(cb) wait for the write in flight: with 0,
  // sonic-boom 4 calls a flush callback at once, and a chunk waiting on a full pipe (EAGAIN) at exit was lost
  // (server/http/logAsync.test.ts lost 1-106 of 4,000 lines under load).
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, opts.destination ?? pino.destination({ dest: 1, sync: false, minLength: 1 }));
}

/** How long a shutdown waits for the log's last lines when nobody reads the output (then pino's exit handler
 * writes what it can). */
export const LOG_FLUSH_TIMEOUT_MS = 10_000;

/** Resolves once every line logged so far is written, or after `timeoutMs` (a destination that cannot flush
 * resolves at once). */
export function flushLogger(logger: Logger, timeoutMs = LOG_FLUSH_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => { clearTimeout(timer); resolve(); };
    try { logger.flush(done); } catch { done(); }
  });
}

/** Query parameters whose values are secrets (tokens, keys, codes, passwords) whatever their exact name. */
const SECRET_PARAM = /token|apikey|api_key|key$|secret|password|passwd|^code$|jwt|signature|^sig$|ticket/i;

/** The request path with every secret query value replaced by "[redacted]". */
export function loggablePath(url: URL): string {
  if (!url.search) return url.pathname;
  const parts = url.search.slice(1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try { decoded = decodeURIComponent(name); } catch { /* keep the raw name */ }
    return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${url.pathname}?${parts.join('&')}`;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const users = new WeakMap<ServerResponse, string>();

/** Records who the request runs as (a verified user id), for its log line. */
export function noteRequestUser(res: ServerResponse, userId: string | null | undefined): void {
  if (userId) users.set(res, userId);
}

/**
 * Gives the request its id (the caller's X-Request-Id when well formed, else a new UUID), echoes it in the
 * answer's X-Request-Id and logs one line when the answer is finished or the client went away.
 */
export function startRequestLog(logger: Logger, req: IncomingMessage, res: ServerResponse, url: URL | null): Logger {
  const given = req.headers['x-request-id'];
  const reqId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', reqId);
  const child = logger.child({ reqId });
  const started = performance.now();
  let done = false;
  const line = () => {
    if (done) return;
    done = true;
    const status = res.writableFinished ? res.statusCode : res.headersSent ? res.statusCode : 499;
    const fields = {
      method: req.method, path: url ? loggablePath(url) : '[malformed]', status,
      ms: Math.round((performance.now() - started) * 10) / 10, userId: users.get(res) ?? null,
    };
    if (status >= 500) child.error(fields, 'request');
    else child.info(fields, 'request');
  };
  res.once('finish', line);
  res.once('close', line);
  return child;
}
