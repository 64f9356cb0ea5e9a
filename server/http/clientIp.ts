// The client address used for per-IP rate limits: the socket's peer, or with TRUST_PROXY (behind a reverse proxy
// that sets X-Forwarded-For) the first address of that header. Off by default: a client could otherwise pick its
// own bucket by sending the header.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (first && isIP(first)) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
