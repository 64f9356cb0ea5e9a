// Asked before signing out while changes still wait in the outbox.
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button, Dialog } from '../../ui';
import { pendingCountAtom, signOutWarningAtom } from '../../state/offline/atoms';
import { confirmSignOut } from '../../state/offline/signOut';
import { OFFLINE_UI as T } from './strings';

export function SignOutWarning() {
  const [open, setOpen] = useAtom(signOutWarningAtom);
  const n = useAtomValue(pendingCountAtom);
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  return (
    <Dialog open onOpenChange={(o) => !busy && setOpen(o)} title={T.signOutTitle} size="sm"
      footer={
        <>
          <Button onClick={() => setOpen(false)} disabled={busy}>{T.cancel}</Button>
          <Button variant="danger" busy={busy} onClick={async () => { setBusy(true); try { await confirmSignOut(); } finally { setBusy(false); } }}>{T.signOutAnyway}</Button>
        </>
      }>
      <p>{T.signOutBody(n)}</p>
    </Dialog>
  );
}
