// An admin's 'Supprimer la tournée du {date}' in the 'Tournées' list (docs/product.md#inspection-records): the delete
// confirmation of docs/product.md#delete-confirmation, then the deletion (the database decides: admins delete any
// record with its annotations, audited).
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { deleteInspection } from '../../state/inspectionActions';
import { ConfirmDialog, IconButton, toast } from '../../ui';
import { INSPECTION_TEXT as T } from './strings';

export function DeleteInspectionButton({ id, date, onDeleted }: { id: string; date: string; onDeleted: (id: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const r = await deleteInspection(id);
    setBusy(false);
    if (!r.ok) { setError(r.message); return; }
    setAsking(false);
    toast(T.removed, 'success');
    onDeleted(id);
  };

  return (
    <>
      <IconButton label={T.remove(date)} icon={<Trash2 size={16} />} onClick={() => { setError(null); setAsking(true); }} />
      <ConfirmDialog open={asking} name={T.removeName(date)} what={T.removeWhat} busy={busy} error={error}
        onConfirm={() => { void confirm(); }} onCancel={() => setAsking(false)} />
    </>
  );
}
