// The PGlite database in a worker thread: PGlite is single-threaded WebAssembly, so a long statement
// run on the main thread blocked every other answer (static files, /config.json, health). Here it blocks only
// this thread. Plain JavaScript so it starts the same under node, tsx and vitest. Protocol: see pgliteThread.ts;
// the message loop is workerReplies.mjs.
import { parentPort, workerData } from 'node:worker_threads';
import { answerCalls, bytesFromBase64, ready, transferred } from './workerReplies.mjs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { installStatementDeadline } from './pgliteDeadline.mjs';

const extensions = { pg_trgm, unaccent };
// A tarball of dumpDataDir, when given, fills the new database instead of initdb's empty cluster.
const loadDataDir = workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined;
const pg = workerData.dir ? await PGlite.create(workerData.dir, { extensions, loadDataDir }) : await PGlite.create({ extensions, loadDataDir });
/**
 * Runs one statement until its transaction's deadline: a request's whole transaction gets its role's
 * statement_timeout (given at 'begin'), from the moment it holds PGlite, as PostgREST runs a read and its count in
 * one statement.
 */
const withDeadline = installStatementDeadline(pg.mod);
/** Open transactions by id: their queryable and the function that ends them. */
const txs = new Map();
const listeners = new Map();
let nextTx = 1;
const ROLLBACK = new Error('rollback requested');

const resultOf = (r) => ({ rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.affectedRows ?? 0 });

async function run(m) {
  switch (m.op) {
    case 'query': {
      const t = m.tx ? txs.get(m.tx) : null;
      const q = m.tx ? t?.tx : pg;
      if (!q) throw new Error(`transaction ${m.tx} is not open`);
      const out = resultOf(await withDeadline(t?.deadline, () => q.query(m.sql, m.params)));
      return m.base64Bytes ? transferred(out, bytesFromBase64(out.rows, m.base64Bytes)) : out; // the bytes moved, not copied
    }
    case 'exec': await pg.exec(m.sql); return null;
    case 'begin': {
      // PGlite's transaction() holds its lock until the callback settles: the callback waits for 'end'.
      const id = nextTx++;
      return new Promise((opened, failed) => {
        const done = pg.transaction((tx) => new Promise((commit, rollback) => {
          txs.set(id, {
            tx,
            deadline: m.timeoutMs ? performance.now() + m.timeoutMs : 0,
            end: (ok) => {
              txs.delete(id);
              if (ok) commit(); else rollback(ROLLBACK);
              // Resolves after COMMIT (where a deferred constraint may still fail) or the rollback.
              return done.then(() => null, (e) => { if (e === ROLLBACK) return null; throw e; });
            },
          });
          opened(id);
        }));
        done.catch((e) => { if (e !== ROLLBACK) failed(e); }); // BEGIN itself failed (opened never ran)
      });
    }
    case 'end': {
      const t = txs.get(m.tx);
      return t ? t.end(m.commit) : null;
    }
    case 'listen': {
      const unsub = await pg.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.listenId, payload }));
      listeners.set(m.listenId, unsub);
      return null;
    }
    case 'unlisten': {
      const unsub = listeners.get(m.listenId);
      listeners.delete(m.listenId);
      if (unsub) await unsub();
      return null;
    }
    // Backups (server/ops): the data directory as a gzip tarball; the caller holds a transaction around it.
    case 'dumpDataDir': {
      const bytes = await (await pg.dumpDataDir('gzip')).arrayBuffer();
      return transferred(new Uint8Array(bytes), [bytes]);
    }
    case 'close': if (!pg.closed) await pg.close(); return null;
    default: throw new Error(`unknown op ${m.op}`);
  }
}

answerCalls(run);
ready();
