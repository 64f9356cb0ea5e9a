// Statement time limits on PGlite: PGlite runs PostgreSQL's statements synchronously in this thread and
// ignores statement_timeout (its timers are JavaScript setTimeouts, which cannot fire while a statement runs). A
// statement that runs past its deadline is cancelled as PostgreSQL's own timeout handler does it: set
// QueryCancelPending and InterruptPending, which the executor acts on at its next CHECK_FOR_INTERRUPTS (never inside
// a critical section). The only JavaScript that runs during a statement is Emscripten's file system layer (FS.read /
// FS.write: every page read past the 128 MB buffer cache, temp file and WAL write), so the deadline is checked there:
// a statement that only touches cached pages runs to its end. Plain JavaScript (loaded by pgliteWorker.mjs).

const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

/**
 * Wraps the module's FS.read/FS.write with the deadline check; returns `withDeadline(at, run)`, which runs one
 * statement until `at` (a performance.now() time; none when falsy) and reports a cancel with PostgreSQL's
 * statement-timeout message.
 */
export function installStatementDeadline(mod) {
  let deadline = 0;
  let fired = false;
  const setFlag = (name, v) => mod.setValue(mod[name], v, 'i32');
  const check = () => {
    if (deadline === 0 || performance.now() <= deadline) return;
    deadline = 0;
    fired = true;
    setFlag('_QueryCancelPending', 1);
    setFlag('_InterruptPending', 1);
  };
  for (const op of ['read', 'write']) {
    const original = mod.FS[op];
    mod.FS[op] = function (...args) { check(); return original.apply(this, args); };
  }
  return async function withDeadline(at, run) {
    if (!at) return run();
    deadline = at;
    fired = false;
    try {
      return await run();
    } catch (e) {
      if (fired && e?.code === '57014') e.message = TIMEOUT_MESSAGE;
      throw e;
    } finally {
      deadline = 0;
      // A flag set just as the statement ended must not cancel the next one.
      if (fired) setFlag('_QueryCancelPending', 0);
      fired = false;
    }
  };
}
