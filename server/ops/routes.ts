// The operator routes mounted by server/http/app.ts: /health and /ready (server/ops/health.ts), and
// POST /ops/v1/database-dump (service key only): PGlite's data directory as a gzip tarball with the exact row
// counts of the same moment in X-Row-Counts, for `npm run backup` while this server runs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types';
import type { Keys } from '../keys';
import { createHealthHandler } from './health';
import { countRows } from './rowCounts';

export interface OpsDeps { db: Database; storageRoot: string; keys: Keys }

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function createOpsRoutes(deps: OpsDeps) {
  const health = createHealthHandler(deps);
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== '/ops/v1/database-dump') return health(req, res, url.pathname);
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const claims = token ? await deps.keys.verifyJwt(token).catch(() => null) : null;
    if (claims?.role !== 'service_role') {
      sendJson(res, 401, { code: 'unauthorized', message: 'The service_role key is required' });
      return true;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { code: 'method_not_allowed', message: 'POST only' });
      return true;
    }
    if (!deps.db.dumpDataDir) {
      sendJson(res, 501, { code: 'not_pglite', message: 'This server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump' });
      return true;
    }
    const { tarball, before } = await deps.db.dumpDataDir((tx) => countRows(tx));
    const bytes = Buffer.from(await tarball.arrayBuffer());
    res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': bytes.length, 'Cache-Control': 'no-store', 'X-Row-Counts': JSON.stringify(before) });
    res.end(bytes);
    return true;
  };
}
