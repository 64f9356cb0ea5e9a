// node-postgres adapter of the Database interface. Owner work goes through `admin` (the DATABASE_URL login);
// requests go through a second pool that logs in as `authenticator` (LOGIN NOINHERIT, no superuser, no
// bypassrls) and switches role per transaction exactly as PostgREST does; that pool runs in a worker thread
// (postgresThread.ts) so big results are parsed off the main thread.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, QueryOptions, QueryResult, Queryable, RequestContext, Row } from './types';
import { bytesFromBase64 } from './workerReplies.mjs';
import { REQUEST_SETUP_SQL, requestSetupParams } from './request';
import { AUTHENTICATOR_LOCK } from './locks';
import { openRequestThread, type RequestThread } from './postgresThread';
import { readRoleTimeouts } from './roleTimeouts';

/** Same JS types as PGlite: int8 as number (when safe), date as Date, numeric as string. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === 20) return (v: string) => { const n = Number(v); return Number.isSafeInteger(n) ? n : BigInt(v); };
    if (oid === 1082) return (v: string) => new Date(v);
    return pg.types.getTypeParser(oid, format);
  },
};

type Client = pg.PoolClient | pg.Client | pg.Pool;
function wrap(c: Client): Queryable {
  return {
    async query<T = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>> {
      const r = await c.query(sql, params);
      if (opts?.base64Bytes) bytesFromBase64(r.rows, opts.base64Bytes);
      return { rows: r.rows as T[], fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? 0 };
    },
  };
}

/** The authenticator password: AUTHENTICATOR_PASSWORD, else derived from the owner URL (stable across processes). */
export function authenticatorPassword(databaseUrl: string): string {
  if (process.env.AUTHENTICATOR_PASSWORD) return process.env.AUTHENTICATOR_PASSWORD;
  const u = new URL(databaseUrl);
  return createHash('sha256').update(`authenticator:${u.username}:${u.password}:${u.host}`).digest('hex').slice(0, 40);
}

export function withCredentials(databaseUrl: string, user: string, password: string): string {
  const u = new URL(databaseUrl);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

async function inTransaction<T>(client: pg.PoolClient, begin: string, fn: () => Promise<T>): Promise<T> {
  await client.query(begin);
  try {
    const out = await fn();
    await client.query('commit');
    return out;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

export async function openPostgres(databaseUrl: string, opts: { max?: number } = {}): Promise<Database> {
  const admin = new pg.Pool({ connectionString: databaseUrl, types, max: opts.max ?? 5 });
  admin.on('error', () => undefined); // idle client errors (server restart) must not crash the process
  await admin.query('select 1');
  let requestThread: Promise<RequestThread> | null = null;
  let roleTimeouts = new Map<string, string>();

  /** Holds a session advisory lock on a connection of its own (not from the pool, so fn can use all of the pool). */
  async function withLock<T>(key: number, fn: () => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: databaseUrl });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [key]);
      return await fn();
    } finally {
      // Ending the session releases the lock even if the unlock fails.
      await holder.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      await holder.end().catch(() => undefined);
    }
  }
  const listeners = new Set<pg.PoolClient>();

  /**
   * The authenticator pool, in a worker thread (server/db/postgresThread.ts), started on first request (the role
   * exists only after migrate).
   */
  async function makeRequestThread(): Promise<RequestThread> {
    const password = authenticatorPassword(databaseUrl);
    const url = withCredentials(databaseUrl, 'authenticator', password);
    const max = opts.max ?? 10;
    let thread: RequestThread;
    try {
      thread = await openRequestThread(url, max);
    } catch (e) {
      const code = (e as { code?: string } | null)?.code;
      if (code !== '28P01' && code !== '28000') throw e;
      // Wrong or missing password: set it (the password is hex, safe to inline), one instance at a time.
      await withLock(AUTHENTICATOR_LOCK, () => admin.query(`alter role authenticator with login password '${password}'`));
      thread = await openRequestThread(url, max);
    }
    roleTimeouts = await readRoleTimeouts(admin);
    return thread;
  }
  function requests(): Promise<RequestThread> {
    if (!requestThread) requestThread = makeRequestThread().catch((e) => { requestThread = null; throw e; });
    return requestThread;
  }

  return {
    kind: 'postgres',
    admin: {
      ...wrap(admin),
      async exec(sql: string) { await admin.query(sql); },
      async transaction(fn) {
        const client = await admin.connect();
        try { return await inTransaction(client, 'begin', () => fn(wrap(client))); } finally { client.release(); }
      },
    },
    async asRequest<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const params = requestSetupParams(ctx);
      const thread = await requests();
      const setup = [{ sql: REQUEST_SETUP_SQL, params }];
      const timeout = roleTimeouts.get(ctx.role);
      if (timeout) setup.push({ sql: "select set_config('statement_timeout', $1, true)", params: [timeout] });
      return thread.transaction(ctx.readOnly, setup, fn);
    },
    withLock,
    async listen(channel, onPayload) {
      const client = await admin.connect();
      listeners.add(client);
      const onNote = (n: pg.Notification) => { if (n.channel === channel) onPayload(n.payload ?? ''); };
      client.on('notification', onNote);
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      return async () => {
        if (!listeners.delete(client)) return;
        client.off('notification', onNote);
        await client.query(`unlisten "${channel.replace(/"/g, '""')}"`).catch(() => undefined);
        client.release();
      };
    },
    async close() {
      for (const c of listeners) c.release();
      listeners.clear();
      if (requestThread) await (await requestThread.catch(() => null))?.close();
      await admin.end();
    },
  };
}
