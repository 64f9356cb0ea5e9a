// False on a component's first render, true once that render has been painted (the next frame, then a task of its
// own, as a transition): what is not visible at first paint (dialogs, menus, the sidebar's lists) mounts in later,
// separate tasks, so the main screen's first commit stays short.
import { startTransition, useEffect, useState } from 'react';

/** ms after which the deferred parts mount even without a frame (a tab in the background paints none). */
const NO_FRAME_FALLBACK_MS = 250;

export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const go = () => { clearTimeout(fallback); cancelAnimationFrame(raf); startTransition(() => setPainted(true)); };
    const raf = requestAnimationFrame(() => { timer = window.setTimeout(go, 0); });
    const fallback = window.setTimeout(go, NO_FRAME_FALLBACK_MS);
    return () => { cancelAnimationFrame(raf); clearTimeout(timer); clearTimeout(fallback); };
  }, []);
  return painted;
}
