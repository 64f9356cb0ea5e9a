// One admin setting's save, as every form of the Paramètres tab runs it: busy while it runs, the French error of a
// refusal (conflict, rights, network), and 'Paramètres sauvegardés avec succès' for a moment once saved.
import { useState } from 'react';
import { SETTINGS_SUCCESS_MS } from '../../core/constants';
import { saveErrorText } from '../conflicts/saveErrorText';
import { useFlash } from './useLoad';
import { A } from './strings';

export function useSettingSave(): { busy: boolean; error: string | null; success: string | null; run: (save: () => Promise<unknown>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, flash] = useFlash(SETTINGS_SUCCESS_MS);
  const run = async (save: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await save();
      flash(A.settings.saved);
    } catch (err) {
      console.error(err);
      setError(saveErrorText(err, A.settings.saveError));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, success, run };
}
