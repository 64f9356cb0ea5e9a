// The operator routes mounted by server/http/app.ts: /health and /ready (server/ops/health.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types';
import type { Keys } from '../keys';
import { createHealthHandler } from './health';

export interface OpsDeps { db: Database; storageRoot: string; keys: Keys }

export function createOpsRoutes(deps: OpsDeps) {
  const health = createHealthHandler(deps);
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => health(req, res, url.pathname);
}
