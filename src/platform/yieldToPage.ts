// Gives the page's thread back between slices of a long piece of work (a 10,000-point batch applied in
// slices of about 1,000, no task over 50 ms): input, rendering and other tasks run before the next slice.
// scheduler.yield() where the browser has it (the slice resumes ahead of other queued tasks), else a macrotask
// through a MessageChannel (setTimeout(0) is clamped to 4 ms after a few nested calls).
type Yielding = { yield?: () => Promise<void> };

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

export function yieldToPage(): Promise<void> {
  const s = (globalThis as { scheduler?: Yielding }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((r) => { waiting.push(r); channel!.port2.postMessage(null); });
}

/**
 * Waits for an idle moment of the page (requestIdleCallback, at most `timeoutMs`): for background work that must not
 * hold up anything else (scheduler.yield's continuation would run ahead of other tasks), like preparing the report's
 * input while its form is shown. Falls back to yieldToPage.
 */
export function yieldToIdle(timeoutMs = 200): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return yieldToPage();
  return new Promise((r) => { requestIdleCallback(() => r(), { timeout: timeoutMs }); });
}

/** Rows of a batch per slice of work between two yields. */
export const SLICE_ROWS = 1_000;
