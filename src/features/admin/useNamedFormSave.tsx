// The save cycle shared by the admin edit dialogs: a required, trimmed name, then save with a busy state, close on
// success, and the SPEC §8 message (form kept open) on failure. Plus the dialogs' Annuler / Enregistrer footer.
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui';
import { requiredName } from '../../core/admin/settingsValidation';
import { A } from './strings';
import { saveErrorText } from '../conflicts/saveErrorText';

export function useNamedFormSave(opts: {
  name: string;
  nameRequired: string;
  saveError: string;
  save: (cleanName: string) => Promise<void>;
  onClose: () => void;
}) {
  const [nameError, setNameError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const clean = requiredName(opts.name);
    if (!clean) { setNameError(opts.nameRequired); return; }
    setBusy(true);
    setSaveError(null);
    try {
      await opts.save(clean);
      opts.onClose();
    } catch (err) {
      console.error(err);
      setSaveError(saveErrorText(err, opts.saveError));
      setBusy(false);
    }
  };
  return { nameError, clearNameError: () => setNameError(null), saveError, busy, submit };
}

export function SaveCancelFooter({ busy, onCancel, onSave }: { busy: boolean; onCancel: () => void; onSave: () => void }) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>{A.cancel}</Button>
      <Button variant="primary" busy={busy} onClick={onSave}>{busy ? A.saving : A.save}</Button>
    </>
  );
}
