// Screens whose module is not in the first download (the route report, the administration panel, the dashboard),
// rendered without lazy(): a lazy component suspends on its first render even when its module is already loaded, and
// React then holds the revealed screen back by its Suspense fallback throttle (300 ms). A deferred
// screen shows a progress bar while its module loads, renders in the same task once it is there (prefetched, or
// opened before), and if it cannot be loaded says so in French and closes.
import { useEffect, useState, type ReactNode } from 'react';
import { ProgressBar, toast } from '../../ui';
import { LAYOUT_TEXT as T } from './strings';

export interface DeferredModule<M> {
  /** Loads the module once (a failed load is tried again on the next call). */
  load(): Promise<M>;
  /** The module if it has been loaded. */
  loaded(): M | null;
}

export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    load: () => (loading ??= importer().then((m) => (module = m), (err: unknown) => { loading = null; throw err; })),
    loaded: () => module,
  };
}

/** Renders `render(module)` once `module` is loaded; `failed` (a French sentence) and `onFailed` if it cannot be. */
export function DeferredScreen<M>({ module, render, failed, onFailed }: { module: DeferredModule<M>; render: (m: M) => ReactNode; failed: string; onFailed: () => void }) {
  const [loaded, setLoaded] = useState(module.loaded);
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    module.load().then((m) => { if (alive) setLoaded(() => m); }, (err) => {
      console.error('screen module failed to load', err);
      if (!alive) return;
      toast(failed, 'error');
      onFailed();
    });
    return () => { alive = false; };
  }, [loaded, module]); // eslint-disable-line react-hooks/exhaustive-deps -- failed and onFailed are read when it fails
  return loaded ? <>{render(loaded)}</> : <div className="load-progress" role="status"><ProgressBar label={T.loading} /></div>;
}
