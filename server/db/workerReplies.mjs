// The worker side of a database worker thread (pgliteWorker.mjs, postgresRequestWorker.mjs; main side:
// workerCalls.ts): each message `{op, id, …}` is run and answered `{id, ok, value}` or `{id, ok: false, error}` with
// the error's PostgreSQL fields. Plain JavaScript so it loads the same under node, tsx and vitest.
import { parentPort } from 'node:worker_threads';

const ERROR_FIELDS = ['code', 'detail', 'hint', 'severity', 'position', 'where', 'schema', 'table', 'column', 'constraint', 'routine', 'dataType', 'file', 'line'];

/** An error as a plain object: its message and whichever of PostgreSQL's fields it carries. */
export function errorOf(e) {
  const out = { message: String(e?.message ?? e) };
  for (const k of ERROR_FIELDS) if (e && typeof e[k] === 'string') out[k] = e[k];
  return out;
}

/**
 * Answers every message with `run(m)`. When `run` resolves to a `Transferred` (see `transferred`), its buffers
 * are moved to the main thread instead of copied.
 */
export function answerCalls(run) {
  parentPort.on('message', (m) => {
    run(m).then(
      (out) => out instanceof Transferred
        ? parentPort.postMessage({ id: m.id, ok: true, value: out.value }, out.buffers)
        : parentPort.postMessage({ id: m.id, ok: true, value: out }),
      (e) => parentPort.postMessage({ id: m.id, ok: false, error: errorOf(e) }),
    );
  });
}

class Transferred {
  constructor(value, buffers) { this.value = value; this.buffers = buffers; }
}
/** A reply whose ArrayBuffers are transferred (the worker loses them). */
export const transferred = (value, buffers) => new Transferred(value, buffers);

/**
 * Turns the base64 text of `columns` (PostgreSQL's encode(…, 'base64')) into bytes, in place, and returns the
 * buffers the large ones own, for a transfer. Base64 rather than bytea's hex text: at 1M points a cold open's pages
 * are 50 MB, and base64 parses in about half the time of hex; moved rather than cloned,
 * they are not copied once more. Small values (slices of Node's shared pool) are left to the structured clone.
 */
export function bytesFromBase64(rows, columns) {
  const owned = [];
  for (const row of rows) {
    for (const k of columns) {
      const v = row[k];
      if (typeof v !== 'string') continue;
      const b = Buffer.from(v, 'base64');
      row[k] = b;
      if (b.buffer.byteLength > Buffer.poolSize) owned.push(b.buffer); // its own buffer, not a slab of the pool
    }
  }
  return owned;
}

/** Tells the main thread the worker is ready (or why it is not). */
export function ready(error) {
  parentPort.postMessage(error ? { ready: false, error: errorOf(error) } : { ready: true });
}
