// The delete confirmation of docs/product.md#delete-confirmation for points and zones (deleteRequestAtom). A point's deletion goes through the outbox (its image removed after the row); the toast says when it waits on the device.
import { useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { ConfirmDialog } from '../../ui';
import { toast } from '../../ui/toast';
import { deleteRequestAtom, selectionAtom } from '../../state/selection';
import { deleteZone } from '../../state/actions';
import { deletePointAware as deletePoint, waitReason } from '../../state/offline/offlineActions';
import { POINT_TEXT as T } from './strings';

export function DeleteConfirm() {
  const [req, setReq] = useAtom(deleteRequestAtom);
  const setSelection = useSetAtom(selectionAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = () => { if (!busy) { setReq(null); setError(null); } };
  const confirm = async () => {
    if (!req) return;
    setBusy(true);
    setError(null);
    let waits: 'network' | 'slow' | null = null;
    let failure: string | null = null;
    if (req.kind === 'point') {
      // through the outbox; its image (from the details) is removed after the row
      const r = await deletePoint({ id: req.id });
      if (!r.ok) failure = r.message;
      else if (r.value.queued) waits = waitReason();
    } else {
      const r = await deleteZone(req.id);
      if (!r.ok) failure = r.message;
    }
    setBusy(false);
    if (failure) { setError(failure); return; }
    setSelection((s) => (s && s.id === req.id ? null : s));
    toast(waits === 'network' ? T.deletedOnDeviceToast : waits === 'slow' ? T.deletedSlowToast : T.deletedToast, 'success', 2500);
    setReq(null);
  };

  return (
    <ConfirmDialog open={!!req} name={req?.name ? `« ${req.name} »` : '—'} what={req?.kind === 'zone' ? T.zoneWhat : T.pointWhat}
      busy={busy} error={error} onConfirm={() => void confirm()} onCancel={cancel} />
  );
}
