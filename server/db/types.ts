// The database seen by the embedded server: PGlite or PostgreSQL behind one small interface.

export type Row = Record<string, unknown>;
export interface QueryResult<T = Row> { rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows: number }
/**
 * `bytes`: columns whose text the caller takes as UTF-8 bytes (a Buffer) when the adapter has them off the main
 * thread (PostgreSQL's request thread: a multi-MB answer is then neither decoded nor re-encoded here); other
 * adapters give strings, so the caller handles both.
 */
export interface QueryOptions {
  bytes?: string[];
  /**
   * Columns holding base64 text (PostgreSQL's encode(…, 'base64')), given back as bytes (Buffer/Uint8Array), decoded
   * in the database thread and moved from it (server/db/workerReplies.mjs: bytesFromBase64). Half the parsing of
   * bytea's hex text.
   */
  base64Bytes?: string[];
}
export interface Queryable { query<T = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>> }

/** The claims a request runs under, exactly what PostgREST puts in request.jwt.claims. */
export interface RequestContext {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
  method: string;
  path: string;
  /** GET/HEAD run in a read-only transaction. */
  readOnly: boolean;
  /** Optional request headers (lower-case names), exposed like PostgREST as request.headers (JSON). */
  headers?: Record<string, string>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Owner access (migrations, seed, auth tables). Never used to serve a REST/storage request. */
  admin: Queryable & {
    exec(sql: string): Promise<void>;
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  };
  /**
   * One transaction as PostgREST runs it: first
   * `select set_config('role', $role, true), set_config('request.jwt.claims', $claims, true), ...`,
   * then `fn`. Rolled back when fn throws.
   */
  asRequest<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding the PostgreSQL session advisory lock `key` (server/db/locks.ts) on a connection of its own,
   * so one instance at a time runs it however many start at once; fn may use any connection. PGlite has one
   * process: calls are only serialized in it.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite only (backups, server/ops): its data directory as a gzip tarball, taken inside one transaction that
   * first runs `before` (e.g. row counts), so nothing commits between `before` and the copy.
   */
  dumpDataDir?<T>(before: (tx: Queryable) => Promise<T>): Promise<{ tarball: Blob; before: T }>;
}
