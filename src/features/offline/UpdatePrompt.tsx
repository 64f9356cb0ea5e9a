/// <reference types="vite-plugin-pwa/vanillajs" />
// Registers the service worker (production builds) once the app is quiet (./useQuietMoment: not during a sign-in or
// the first points load) and announces a new version: it waits for the next opening (registerType 'prompt': never
// swapped mid-edit); the user may apply it at once.
import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui';
import { OFFLINE_UI as T } from './strings';
import { useQuietMoment } from './useQuietMoment';
import './offline.css';

let update: ((reload?: boolean) => Promise<void>) | null = null;

export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  const quiet = useQuietMoment();
  useEffect(() => {
    if (!quiet || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled || update) return;
      update = registerSW({ immediate: true, onNeedRefresh: () => setReady(true) });
    }).catch((e) => console.warn('Service worker non enregistré', e));
    return () => { cancelled = true; };
  }, [quiet]);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{T.updateReady}</span>
      <div className="update-prompt-actions">
        <Button size="sm" onClick={() => setReady(false)}>{T.later}</Button>
        <Button size="sm" variant="primary" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void update?.(true)}>{T.updateNow}</Button>
      </div>
    </div>
  );
}
