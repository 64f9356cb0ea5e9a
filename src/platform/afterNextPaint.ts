// Runs work once the next frame is painted (a line switch's own frame first; the address bar, the
// remembered line and the realtime channel follow it). A page without frames (hidden tab) still runs it, soon.
const HIDDEN_PAGE_MS = 500;

export function afterNextPaint(fn: () => void): void {
  let done = false;
  const run = () => { if (!done) { done = true; fn(); } };
  requestAnimationFrame(() => setTimeout(run, 0)); // a task after the frame's rendering
  setTimeout(run, HIDDEN_PAGE_MS);
}
