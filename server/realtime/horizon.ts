// Which realtime.changes ids are final: on PostgreSQL concurrent transactions commit out of id order, so a
// reader that advanced past id N could miss a lower id committed later. A horizon (M, X) says "every id <= M was
// drawn by a transaction whose xid < X" (X: an xid assigned after M was read; every writer has its xid before it
// draws an id). Once the oldest running transaction is >= X (snapshot xmin), all of them have ended and ids <= M
// are final: visible now, or rolled back for good. (A snapshot's own xmax is not enough: it is the latest completed
// xid + 1, and running transactions may hold higher xids.) On PGlite nothing runs concurrently: final at once.
import type { Database } from '../db/types';

interface Horizon { maxId: number; xid: bigint }

export class CommitHorizon {
  private pending: Horizon[] = [];
  private safe = 0;

  /** The highest id below which no change can still appear; advances as running transactions end. */
  async safeId(db: Database): Promise<number> {
    // Order matters: the drawn maximum first, then a new xid (any transaction holding an id <= maxId got its xid
    // before, so a lower one).
    const seq = await db.admin.query<{ last_value: string | number; is_called: boolean }>('select last_value, is_called from realtime.changes_id_seq');
    const maxId = seq.rows[0]?.is_called ? Number(seq.rows[0].last_value) : 0;
    if (db.kind === 'pglite') return (this.safe = Math.max(this.safe, maxId)); // one connection: commits in id order
    const fresh = maxId > Math.max(this.safe, this.pending.at(-1)?.maxId ?? 0);
    if (!fresh && this.pending.length === 0) return this.safe; // nothing new: no xid spent on an idle poll
    const snap = await db.admin.query<{ xmin: string; x: string | null }>(
      `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, ${fresh ? 'pg_current_xact_id()::text' : 'null'} as x`);
    const xmin = BigInt(snap.rows[0].xmin);
    if (fresh) this.pending.push({ maxId, xid: BigInt(snap.rows[0].x!) });
    this.pending = this.pending.filter((h) => {
      if (h.xid > xmin) return true;
      this.safe = Math.max(this.safe, h.maxId);
      return false;
    });
    // Bounded memory behind one long transaction: a newer horizon covers an older one (later, never wrongly), so
    // keep the oldest (earliest to become final) and the newest ones.
    if (this.pending.length > 100) this.pending.splice(1, this.pending.length - 50);
    return this.safe;
  }

  /** True while some change may still become final (the feed then polls again soon). */
  get waiting(): boolean { return this.pending.length > 0; }
}
