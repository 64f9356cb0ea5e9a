// The PostgreSQL request pool (the `authenticator` login) in a worker thread: reading a multi-MB
// result (pg's protocol parsing, the UTF-8 decoding of one big json text value, the garbage it leaves) happened on
// the server's main thread and delayed every other answer (static files, /config.json, health). Here it delays
// only this thread. Plain JavaScript so it starts the same under node, tsx and vitest. Protocol: postgresThread.ts;
// the message loop is workerReplies.mjs.
import { workerData } from 'node:worker_threads';
import { answerCalls, bytesFromBase64, ready, transferred } from './workerReplies.mjs';
import pg from 'pg';

/** Same JS types as PGlite and the admin pool (postgres.ts): int8 as number when safe, date as Date. */
const types = {
  getTypeParser(oid, format) {
    if (oid === 20) return (v) => { const n = Number(v); return Number.isSafeInteger(n) ? n : BigInt(v); };
    if (oid === 1082) return (v) => new Date(v);
    return pg.types.getTypeParser(oid, format);
  },
};

const pool = new pg.Pool({ connectionString: workerData.url, types, max: workerData.max });
pool.on('error', () => undefined); // idle client errors (server restart) must not end the thread
/** Open transactions by id: their pooled client. */
const txs = new Map();
let nextTx = 1;

async function run(m) {
  switch (m.op) {
    case 'begin': {
      const client = await pool.connect();
      try {
        await client.query(m.readOnly ? 'begin read only' : 'begin');
        for (const s of m.setup) await client.query(s.sql, s.params);
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        client.release();
        throw e;
      }
      const id = nextTx++;
      txs.set(id, client);
      return id;
    }
    case 'query': {
      const client = txs.get(m.tx);
      if (!client) throw new Error(`transaction ${m.tx} is not open`);
      const r = await client.query(m.sql, m.params);
      const transfer = [];
      // Columns asked as bytes: UTF-8 encoded here, in a buffer of their own (never Node's shared pool), transferred.
      if (m.bytes) {
        for (const row of r.rows) {
          for (const k of m.bytes) {
            const v = row[k];
            if (typeof v !== 'string') continue;
            const b = Buffer.allocUnsafeSlow(Buffer.byteLength(v));
            b.write(v);
            row[k] = b;
            transfer.push(b.buffer);
          }
        }
      }
      if (m.base64Bytes) transfer.push(...bytesFromBase64(r.rows, m.base64Bytes)); // decoded here, moved, not copied
      return transferred({ rows: r.rows, fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? 0 }, transfer);
    }
    case 'end': {
      const client = txs.get(m.tx);
      if (!client) return null;
      txs.delete(m.tx);
      try {
        await client.query(m.commit ? 'commit' : 'rollback');
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally { client.release(); }
      return null;
    }
    case 'close': {
      for (const c of txs.values()) c.release();
      txs.clear();
      await pool.end();
      return null;
    }
    default: throw new Error(`unknown op ${m.op}`);
  }
}

answerCalls(run);
try {
  await pool.query('select 1');
  ready();
} catch (e) {
  ready(e);
}
