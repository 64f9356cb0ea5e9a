// Registers the service worker (./registerServiceWorker) once the first points load is over and the map drawn (at the
// next idle moment: its install fetches the whole app, which would compete with the points' pages), or, with nothing
// to draw, at the first quiet moment (./useQuietMoment), and
// announces a new version: it waits for the next opening (registerType 'prompt': never swapped mid-edit); the user
// may apply it at once.
import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui';
import { whenMarked } from '../../platform/loadMarks';
import { OFFLINE_UI as T } from './strings';
import { useQuietMoment } from './useQuietMoment';
import { applyUpdate, noteControllerAtStart, registerServiceWorker } from './registerServiceWorker';
import './offline.css';

noteControllerAtStart();

const idle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 0));

export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const quiet = useQuietMoment();
  useEffect(() => {
    let cancelled = false;
    void Promise.all([whenMarked('points-loaded'), whenMarked('map-frame')]).then(() => idle(() => { if (!cancelled) setDrawn(true); }));
    return () => { cancelled = true; };
  }, []);
  useEffect(() => {
    if (quiet || drawn) registerServiceWorker(() => setReady(true));
  }, [quiet, drawn]);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{T.updateReady}</span>
      <div className="update-prompt-actions">
        <Button size="sm" onClick={() => setReady(false)}>{T.later}</Button>
        <Button size="sm" variant="primary" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={applyUpdate}>{T.updateNow}</Button>
      </div>
    </div>
  );
}
