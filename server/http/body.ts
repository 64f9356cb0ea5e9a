// Reads a request body once, with a byte limit (413 in the caller's API shape) and an idle timeout (408, then the
// connection closes: a body that never completes holds no socket), and parses JSON bodies.
import type { IncomingMessage } from 'node:http';
import { HttpError, shapedError, type ApiFlavor } from './errors';

/** Default body limits (bytes). JSON APIs: 1 MB; uploads: 21 MB (the largest bucket limit, 20 MB for line images, plus
 * multipart overhead; each bucket's own file_size_limit — 5 MB for photos — is checked after). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const UPLOAD_BODY_LIMIT_BYTES = 21 * 1024 * 1024;
/** A body with no byte for this long is given up (BODY_TIMEOUT_S; the whole request is also bounded, main.ts). */
export const BODY_IDLE_TIMEOUT_MS = 30_000;

export function bodyTimeout(flavor: ApiFlavor): HttpError {
  const e = flavor === 'rest' ? shapedError('rest', 408, 'PGRST000', 'Request body timed out') : shapedError(flavor, 408, 'request_timeout', 'Request body timed out');
  return new HttpError(e.status, e.body, { ...e.headers, Connection: 'close' });
}

export function tooLarge(flavor: ApiFlavor): HttpError {
  if (flavor === 'storage') return shapedError('storage', 413, 'Payload too large', 'The object exceeded the maximum allowed size');
  if (flavor === 'rest') return shapedError('rest', 413, 'PGRST413', 'Request body too large');
  return shapedError(flavor, 413, 'request_too_large', 'Request body too large');
}

/** Returns a memoised reader: the body is consumed on first call, later calls get the same Buffer. */
export function bodyReader(req: IncomingMessage, limit: number, flavor: ApiFlavor, idleMs = BODY_IDLE_TIMEOUT_MS): () => Promise<Buffer> {
  let pending: Promise<Buffer> | null = null;
  return () => {
    pending ??= new Promise<Buffer>((resolve, reject) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        req.resume();
        reject(tooLarge(flavor));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => { if (!failed) { failed = true; chunks.length = 0; reject(bodyTimeout(flavor)); } }, idleMs);
        timer.unref();
      };
      arm();
      req.on('close', () => clearTimeout(timer));
      req.on('data', (c: Buffer) => {
        if (failed) return;
        arm();
        size += c.length;
        if (size > limit) {
          failed = true;
          chunks.length = 0;
          reject(tooLarge(flavor));
          return; // keep draining so the 413 can be written on a healthy socket
        }
        chunks.push(c);
      });
      req.on('end', () => { clearTimeout(timer); if (!failed) resolve(Buffer.concat(chunks)); });
      // The client went away (or Node cut the request at requestTimeout): nobody reads the answer; no crash report.
      req.on('error', () => { clearTimeout(timer); if (!failed) { failed = true; reject(shapedError(flavor, 400, 'request_aborted', 'Request aborted')); } });
    });
    return pending;
  };
}

/** Parses a JSON object body; empty body → {}. Invalid JSON → 400 in the API's shape. */
export async function readJsonObject(body: () => Promise<Buffer>, flavor: ApiFlavor): Promise<Record<string, unknown>> {
  const buf = await body();
  if (buf.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(buf.toString('utf8'));
  } catch {
    throw flavor === 'rest'
      ? shapedError('rest', 400, 'PGRST102', 'Empty or invalid json')
      : shapedError(flavor, 400, flavor === 'auth' ? 'bad_json' : 'InvalidRequest', 'Could not parse request body as JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw shapedError(flavor, 400, flavor === 'auth' ? 'bad_json' : 'InvalidRequest', 'Request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
