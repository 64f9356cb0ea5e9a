// Says plainly that a feature needs the network (administration, invitation, Word photos) when offline.
import { useAtomValue } from 'jotai';
import { CloudOff } from 'lucide-react';
import { offlineAtom } from '../../state/offline/atoms';
import { OFFLINE_UI as T } from './strings';
import './offline.css';

export function OnlineOnlyNotice({ what }: { what: string }) {
  const offline = useAtomValue(offlineAtom);
  if (!offline) return null;
  return (
    <div className="online-only-notice" role="alert">
      <CloudOff size={18} aria-hidden="true" />
      <span>{T.onlineOnly(what)}</span>
    </div>
  );
}
