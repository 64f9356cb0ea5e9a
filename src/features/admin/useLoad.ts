// Runs a tab's loader on mount and on demand: 'loading' | 'ready' | 'error' of the latest load, with retry ('Réessayer').
import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadStatus = 'loading' | 'ready' | 'error';

export function useLoad(loader: () => Promise<unknown>): { status: LoadStatus; reload: () => Promise<void> } {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const ref = useRef(loader);
  ref.current = loader;
  const alive = useRef(true);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const run = ++latest.current;
    const current = () => alive.current && run === latest.current; // an earlier load ending later is not shown
    setStatus('loading');
    try {
      await ref.current();
      if (current()) setStatus('ready');
    } catch (e) {
      console.error('admin load failed', e);
      if (current()) setStatus('error');
    }
  }, []);
  useEffect(() => {
    alive.current = true;
    void reload();
    return () => { alive.current = false; };
  }, [reload]);
  return { status, reload };
}

/** A message that disappears after `ms` (copy confirmation 2 s, settings success 3 s, docs/product.md#constants). */
export function useFlash(ms: number): [string | null, (msg: string) => void] {
  const [msg, setMsg] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback((m: string) => {
    clearTimeout(timer.current);
    setMsg(m);
    timer.current = setTimeout(() => setMsg(null), ms);
  }, [ms]);
  return [msg, flash];
}
