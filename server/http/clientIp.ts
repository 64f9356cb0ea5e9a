// The client address used for per-IP limits: the socket's peer, or with TRUST_PROXY (behind reverse proxies that
// append to X-Forwarded-For) the address the nearest trusted proxy appended: the last entry, or with a hop count
// N the N-th entry from the end. Earlier entries are written by the client and never used. Off by default.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** TRUST_PROXY: false (off), true (one proxy: the last entry) or the number of trusted proxies in front. */
export type TrustProxy = boolean | number;

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === 'true') return true;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? (n === 1 ? true : n) : false;
}

export function clientIp(req: IncomingMessage, trustProxy: TrustProxy): string {
  const hops = trustProxy === true ? 1 : typeof trustProxy === 'number' ? trustProxy : 0;
  if (hops > 0) {
    const header = req.headers['x-forwarded-for'];
    const entries = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((x) => x.trim()).filter(Boolean);
    const picked = entries[entries.length - hops];
    if (picked && isIP(picked)) return picked;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
