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
 * The buffers of a result's byte values (bytea) that own the whole of their ArrayBuffer, for a transfer: at 1M points
 * a cold open's pages are ~50 MB, which a structured clone copied once more (issue 19). Small values (Node's shared
 * pool) are left to the clone.
 */
export function ownedByteBuffers(rows) {
  const out = new Set();
  for (const row of rows) {
    for (const k in row) {
      const v = row[k];
      if (v instanceof Uint8Array && v.byteLength >= 65536 && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
    }
  }
  return [...out];
}

/** Tells the main thread the worker is ready (or why it is not). */
export function ready(error) {
  parentPort.postMessage(error ? { ready: false, error: errorOf(error) } : { ready: true });
}
