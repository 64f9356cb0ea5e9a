// Supabase Realtime subset on /realtime/v1/websocket (Phoenix vsn 2.0.0, `ws` noServer): channel join with
// postgres_changes bindings, heartbeats, access_token refresh, leave; each change sent only to subscribers whose
// role and claims can select the row (feed.ts). Broadcast from the database (realtime.send): private channels are
// authorised once at join and at each token refresh by the RLS of realtime.messages (broadcast.ts), then every
// broadcast row of their topic is sent as is; access that ends meanwhile closes them (revocation.ts). Presence and
// client broadcasts are acknowledged, not relayed.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import type { Database } from '../db/types';
import { ChangeFeed, type Change, type Viewer } from './feed';
import { authorizeChannel, broadcastFrameEncoder, broadcastRowOf, subTopic, type BroadcastRow } from './broadcast';
import { decodeFrame, encodeFrame, parseSubscription, subscriptionMatches, type Frame, type Subscription } from './protocol';
import { DEFAULT_CONNECTION_LIMITS, KeyedCounter, type ConnectionLimits } from './connectionLimits';
import { closeUserSockets, linesChanged, recheckLineChannels, revokedUser } from './revocation';

export const REALTIME_PATH = '/realtime/v1/websocket';
const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_CONNECTIONS = 2000;
const MAX_CHANNELS_PER_SOCKET = 100;
const MAX_BINDINGS_PER_CHANNEL = 100;
/** A socket whose unsent data exceeds this is closed (bounded memory; the client reconnects and reloads). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** No heartbeat (or any message) for this long closes the socket; realtime-js beats every 25 s. */
const IDLE_TIMEOUT_MS = 90_000;
/** Messages waiting to be handled (they are handled in order, one at a time). */
const MAX_PENDING_MESSAGES = 100;

export interface RealtimeOptions {
  db: Database;
  verifyJwt(token: string): Promise<{ role: string; claims: Record<string, unknown> } | null>;
  /** The client address of an upgrade request (TRUST_PROXY-aware, server/http/clientIp.ts). */
  clientAddress?(req: http.IncomingMessage): string;
  limits?: Partial<ConnectionLimits>;
}

interface Channel { topic: string; joinRef: string | null; subs: Subscription[]; viewer: Viewer; private: boolean }
interface Conn {
  ws: WebSocket; viewer: Viewer; channels: Map<string, Channel>; lastSeen: number; queue: Promise<void>; pending: number;
  address: string;
  /** The signed-in user this socket counts against (set by the first join with a user's token). */
  user: string | null;
  /** Joined a channel (any valid token); counted among the anon-only sockets when that join was anonymous. */
  joined: boolean;
  anonCounted: boolean;
}

export function attachRealtime(server: http.Server, opts: RealtimeOptions): { close(how?: { code: number; reason: string }): Promise<void>; flush(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const conns = new Set<Conn>();
  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...opts.limits };
  const byAddress = new KeyedCounter(limits.perAddress);
  const byUser = new KeyedCounter(limits.perUser);
  let anonSockets = 0;
  let nextId = 1;
  let closing: Promise<void> | null = null;
  const hasSubscribers = () => [...conns].some((c) => c.channels.size > 0);
  const feed = new ChangeFeed(opts.db, deliver, hasSubscribers);
  const started = feed.start().catch((e) => { console.error('[realtime] could not start the change feed', e); });

  const verify = async (token: unknown): Promise<Viewer | null> => {
    if (typeof token !== 'string' || token === '') return null;
    try {
      const v = await opts.verifyJwt(token);
      if (!v || !['anon', 'authenticated', 'service_role'].includes(v.role)) return null;
      return { role: v.role, claims: v.claims };
    } catch { return null; }
  };

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try { url = new URL(req.url ?? '/', 'http://localhost'); } catch { url = new URL('http://localhost/'); }
    // This server has no other upgrade: anything else is answered and closed, never left holding a socket.
    if (url.pathname !== REALTIME_PATH) {
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message: 'No websocket here: use /realtime/v1/websocket' })}`);
      return;
    }
    void (async () => {
      const vsn = url.searchParams.get('vsn') ?? '2.0.0';
      const key = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined);
      const viewer = await verify(key);
      if (conns.size >= MAX_CONNECTIONS) {
        socket.end(`HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message: 'too many connections' })}`);
        return;
      }
      if (!viewer || vsn !== '2.0.0') {
        const status = vsn !== '2.0.0' ? '400 Bad Request' : '401 Unauthorized';
        socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message: vsn !== '2.0.0' ? 'unsupported vsn' : 'Invalid API key' })}`);
        return;
      }
      const address = opts.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown';
      if (!byAddress.take(address)) {
        socket.end(`HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message: `too many realtime connections from this address (at most ${limits.perAddress})` })}`);
        return;
      }
      if (socket.destroyed) { byAddress.release(address); return; }
      wss.handleUpgrade(req, socket, head, (ws) => open(ws, viewer, address));
    })();
  };
  server.on('upgrade', onUpgrade);

  const idleTimer = setInterval(() => {
    const now = Date.now();
    for (const c of conns) if (now - c.lastSeen > IDLE_TIMEOUT_MS) c.ws.terminate();
  }, 15_000);
  idleTimer.unref();

  function open(ws: WebSocket, viewer: Viewer, address: string) {
    const conn: Conn = { ws, viewer, channels: new Map(), lastSeen: Date.now(), queue: Promise.resolve(), pending: 0, address, user: null, joined: false, anonCounted: false };
    conns.add(conn);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(deadline);
      byAddress.release(conn.address);
      if (conn.user) byUser.release(conn.user);
      if (conn.anonCounted) anonSockets--;
    };
    // A socket that joins nothing in time is closed: opening sockets alone cannot hold the server's slots.
    const deadline = setTimeout(() => { if (!conn.joined) ws.close(1008, 'join a channel first'); }, limits.joinDeadlineMs);
    deadline.unref();
    ws.on('close', release);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.lastSeen = Date.now();
      if (isBinary) return; // binary user broadcasts are not supported
      const frame = decodeFrame(data.toString());
      if (!frame) return;
      if (++conn.pending > MAX_PENDING_MESSAGES) { ws.terminate(); conns.delete(conn); return; }
      conn.queue = conn.queue.then(() => handle(conn, frame))
        .catch((e) => console.error('[realtime] message handling failed', e))
        .finally(() => { conn.pending--; });
    });
    ws.on('close', () => conns.delete(conn));
    ws.on('error', () => conns.delete(conn));
  }

  function send(conn: Conn, f: Frame) { sendText(conn, encodeFrame(f)); }
  function sendText(conn: Conn, text: string) {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) { conn.ws.terminate(); conns.delete(conn); return; }
    conn.ws.send(text);
  }
  const reply = (conn: Conn, f: Frame, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(conn, [f[0], f[1], f[2], 'phx_reply', { status, response }]);

  async function handle(conn: Conn, f: Frame) {
    const [joinRef, , topic, event, payload] = f;
    const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
    if (topic === 'phoenix') {
      if (event === 'heartbeat') reply(conn, f, 'ok', {});
      return;
    }
    if (event === 'phx_join') return join(conn, f, p);
    const ch = conn.channels.get(topic);
    if (!ch || (joinRef !== null && ch.joinRef !== null && joinRef !== ch.joinRef)) {
      return reply(conn, f, 'error', { reason: 'unmatched topic' });
    }
    switch (event) {
      case 'phx_leave':
        conn.channels.delete(topic);
        reply(conn, f, 'ok', {});
        send(conn, [ch.joinRef, null, topic, 'phx_close', {}]);
        return;
      case 'access_token': {
        const v = await verify(p.access_token);
        if (!v) {
          send(conn, [ch.joinRef, null, topic, 'system', { channel: topic.replace(/^realtime:/, ''), extension: 'system', message: 'Invalid token', status: 'error' }]);
          conn.channels.delete(topic);
          send(conn, [ch.joinRef, null, topic, 'phx_close', {}]);
          return;
        }
        if (ch.private) {
          const policies = await authorizeChannel(opts.db, v, subTopic(topic)).catch(() => ({ read: false, write: false }));
          if (!policies.read) return refuse(conn, ch, topic);
        }
        ch.viewer = v;
        return;
      }
      default:
        // presence/broadcast pushes: acknowledged so the client's push resolves, nothing is relayed.
        if (f[1] !== null) reply(conn, f, 'ok', {});
    }
  }

  /** Like Supabase when a refreshed token no longer passes the channel's policies: a system error, then phx_close. */
  function refuse(conn: Conn, ch: Channel, topic: string) {
    send(conn, [ch.joinRef, null, topic, 'system', { channel: subTopic(topic), extension: 'system', message: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}`, status: 'error' }]);
    conn.channels.delete(topic);
    send(conn, [ch.joinRef, null, topic, 'phx_close', {}]);
  }

  async function join(conn: Conn, f: Frame, p: Record<string, unknown>) {
    const topic = f[2];
    if (!conn.channels.has(topic) && conn.channels.size >= MAX_CHANNELS_PER_SOCKET) return reply(conn, f, 'error', { reason: 'too many channels' });
    const viewer = p.access_token !== undefined ? await verify(p.access_token) : conn.viewer;
    if (!viewer) return reply(conn, f, 'error', { reason: 'Invalid token' });
    const sub = viewer.role === 'anon' ? null : typeof viewer.claims.sub === 'string' ? viewer.claims.sub : viewer.role === 'service_role' ? 'service_role' : null;
    if (sub && !conn.user) {
      if (!byUser.take(sub)) {
        reply(conn, f, 'error', { reason: `too many realtime connections for this user (at most ${limits.perUser})` });
        conn.ws.close(1008, 'too many connections for this user');
        return;
      }
      conn.user = sub;
    }
    if (!sub && !conn.user && !conn.anonCounted) {
      if (anonSockets >= limits.anonSockets) {
        reply(conn, f, 'error', { reason: `too many anonymous realtime connections (at most ${limits.anonSockets})` });
        conn.ws.close(1008, 'too many anonymous connections');
        return;
      }
      anonSockets++;
      conn.anonCounted = true;
    }
    const config = (p.config && typeof p.config === 'object' ? p.config : {}) as Record<string, unknown>;
    const rawSubs = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    if (rawSubs.length > MAX_BINDINGS_PER_CHANNEL) return reply(conn, f, 'error', { reason: 'too many postgres_changes bindings' });
    let subs: Subscription[];
    try { subs = rawSubs.map((r) => parseSubscription(r, nextId++)); } catch (e) {
      return reply(conn, f, 'error', { reason: `Unable to subscribe to changes with given parameters: ${(e as Error).message}` });
    }
    const isPrivate = config.private === true;
    if (isPrivate) {
      const policies = await authorizeChannel(opts.db, viewer, subTopic(topic)).catch((e) => {
        console.error('[realtime] channel authorisation failed', e);
        return { read: false, write: false };
      });
      if (!policies.read) {
        return reply(conn, f, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}` });
      }
    }
    conn.channels.set(topic, { topic, joinRef: f[0], subs, viewer, private: isPrivate });
    conn.joined = true;
    reply(conn, f, 'ok', { postgres_changes: subs.map((s) => ({ ...s.raw, id: s.id })) });
    const name = topic.replace(/^realtime:/, '');
    if (subs.length) send(conn, [f[0], null, topic, 'system', { channel: name, extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' }]);
    const presence = config.presence as { enabled?: boolean } | undefined;
    if (presence?.enabled) send(conn, [f[0], null, topic, 'presence_state', {}]);
  }

  /** A database broadcast goes to every channel joined on its topic with the same privacy (authorised at join). */
  function deliverBroadcast(m: BroadcastRow) {
    const topic = `realtime:${m.topic}`;
    const encode = broadcastFrameEncoder(topic, m);
    const now = Date.now() / 1000;
    for (const conn of conns) {
      const ch = conn.channels.get(topic);
      if (!ch || ch.private !== m.private) continue;
      const exp = ch.viewer.claims.exp;
      if (typeof exp === 'number' && exp < now) continue; // expired token: silent until refreshed
      sendText(conn, encode(ch.joinRef));
    }
    const revoked = revokedUser(m);
    if (revoked) closeUserSockets(conns, revoked.id, revoked.reason);
    if (linesChanged(m)) {
      void recheckLineChannels(opts.db, conns, (conn, ch) => refuse(conn, ch as Channel, ch.topic))
        .catch((e) => console.error('[realtime] line channels re-check failed', e));
    }
  }

  async function deliver(c: Change, canSee: (v: Viewer) => Promise<boolean>) {
    const message = broadcastRowOf(c);
    if (message) return deliverBroadcast(message);
    if (c.schema === 'realtime') return;
    const now = Date.now() / 1000;
    const jobs: Promise<void>[] = [];
    for (const conn of conns) {
      for (const ch of conn.channels.values()) {
        const ids = ch.subs.filter((s) => subscriptionMatches(s, c)).map((s) => s.id);
        if (!ids.length) continue;
        const exp = ch.viewer.claims.exp;
        if (typeof exp === 'number' && exp < now) continue; // expired token: silent until refreshed
        jobs.push(canSee(ch.viewer).then((ok) => {
          if (!ok) return;
          const pk = Object.fromEntries(c.info.pk.map((k) => [k, (c.old_record ?? c.record ?? {})[k]]));
          send(conn, [ch.joinRef, null, ch.topic, 'postgres_changes', {
            ids,
            data: {
              schema: c.schema, table: c.table, commit_timestamp: c.commit_timestamp, type: c.type, columns: c.info.columns,
              record: c.type === 'DELETE' ? {} : c.record ?? {},
              old_record: c.type === 'INSERT' ? {} : pk,
              errors: null,
            },
          }]);
        }));
      }
    }
    await Promise.all(jobs);
  }

  return {
    /** Processes every change queued so far (tests; the feed otherwise runs on NOTIFY and a 2 s poll). */
    async flush() {
      await started;
      await feed.kick();
      // On PostgreSQL, changes of transactions that were still running wait for them (at most a few seconds here).
      for (let t0 = Date.now(); feed.waiting && Date.now() - t0 < 5000;) {
        await new Promise((r) => setTimeout(r, 20));
        await feed.kick();
      }
    },
    /**
     * Stops the feed and closes every socket. With a code (graceful shutdown: 1012 'service restart'), each socket
     * gets a close frame with that code and reason, which realtime-js answers by reconnecting (to another instance
     * behind the load balancer); sockets that do not answer within a second are cut.
     */
    async close(how?: { code: number; reason: string }) {
      if (closing) return closing;
      closing = (async () => {
        server.off('upgrade', onUpgrade);
        clearInterval(idleTimer);
        if (how) {
          await Promise.all([...conns].map((c) => new Promise<void>((done) => {
            if (c.ws.readyState !== c.ws.OPEN) { c.ws.terminate(); done(); return; }
            const cut = setTimeout(() => { c.ws.terminate(); done(); }, 1000);
            c.ws.once('close', () => { clearTimeout(cut); done(); });
            c.ws.close(how.code, how.reason);
          })));
        }
        for (const c of conns) c.ws.terminate();
        conns.clear();
        await started;
        await feed.close();
        await new Promise<void>((r) => wss.close(() => r()));
      })();
      return closing;
    },
  };
}
