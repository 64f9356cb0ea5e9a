// Access that ends while sockets are open: private channels are authorised at join, so the server acts on the
// database's own notices. 'access_revoked' on 'user:<id>' (an admin deactivated or deleted the profile): every socket
// of that user is closed with a reason, right after the notice itself (the page signs out on it). A change of
// 'changes:lines' (a line archived, for instance): every private 'line:<id>' channel is authorised again under its
// viewer's claims, and closed with Supabase's 'Unauthorized' system message when the viewer may no longer read it.
import type { WebSocket } from 'ws';
import type { Database } from '../db/types';
import type { Viewer } from './feed';
import { authorizeChannel, subTopic, type BroadcastRow } from './broadcast';

/** WebSocket close code of a socket whose user lost access (policy violation). */
export const ACCESS_REVOKED_CLOSE = 1008;

export interface RevocableChannel { topic: string; private: boolean; viewer: Viewer }
export interface RevocableConn { ws: WebSocket; user: string | null; channels: Map<string, RevocableChannel> }

/** The user whose access ended, when `m` is the database's access notice. */
export function revokedUser(m: BroadcastRow): { id: string; reason: string } | null {
  if (m.event !== 'access_revoked' || !m.private || !m.topic.startsWith('user:')) return null;
  const p = (m.payload && typeof m.payload === 'object' ? m.payload : {}) as { reason?: unknown };
  return { id: m.topic.slice('user:'.length), reason: typeof p.reason === 'string' ? p.reason : 'revoked' };
}

const subOf = (v: Viewer): unknown => v.claims.sub;

/** Closes every socket of `userId` (its first user join, or any channel joined with that user's token). */
export function closeUserSockets(conns: Iterable<RevocableConn>, userId: string, reason: string): number {
  let closed = 0;
  for (const c of conns) {
    if (c.user !== userId && ![...c.channels.values()].some((ch) => subOf(ch.viewer) === userId)) continue;
    if (c.ws.readyState !== c.ws.OPEN) continue;
    c.ws.close(ACCESS_REVOKED_CLOSE, `access revoked: ${reason}`.slice(0, 120));
    closed++;
  }
  return closed;
}

/** True when a change of this broadcast topic may take a line away from members. */
export const linesChanged = (m: BroadcastRow): boolean => m.topic === 'changes:lines';

/**
 * Authorises every private line channel again (once per user and topic) and calls `refuse` for each channel whose
 * viewer may no longer read it.
 */
export async function recheckLineChannels<C extends RevocableConn>(db: Database, conns: Iterable<C>, refuse: (conn: C, ch: RevocableChannel) => void): Promise<void> {
  const verdicts = new Map<string, Promise<boolean>>();
  const jobs: Promise<void>[] = [];
  for (const conn of conns) {
    for (const ch of conn.channels.values()) {
      if (!ch.private || !subTopic(ch.topic).startsWith('line:') || ch.viewer.role === 'service_role') continue;
      const key = `${String(subOf(ch.viewer))}\u0000${ch.topic}`;
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = authorizeChannel(db, ch.viewer, subTopic(ch.topic)).then((p) => p.read, () => true);
        verdicts.set(key, verdict);
      }
      jobs.push(verdict.then((read) => {
        if (!read && conn.channels.get(ch.topic) === ch) refuse(conn, ch);
      }));
    }
  }
  await Promise.all(jobs);
}
