// Brings an element (a form's alert) into view when `trigger` becomes non-null, so a message is never left below
// the fold of a phone's dialog.
import { useEffect, useRef } from 'react';

export function useScrollIntoView<E extends HTMLElement>(trigger: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (trigger === null || trigger === undefined || trigger === false) return;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [trigger]);
  return ref;
}
