// Paramètres tab: the accuracy threshold of 'Me localiser' and of the 'ici' search (whole metres, 5 to 500, 50 by
// default; the database checks the same bounds), saved with the setting's version stated (docs/product.md#position).
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Save } from 'lucide-react';
import { Alert, Button, TextInput } from '../../ui';
import { parseAccuracyThreshold } from '../../core/admin/settingsValidation';
import { settingsAtom } from '../../state/tables';
import { positionMaxAccuracyAtom } from '../../state/position/atoms';
import { savePositionAccuracy } from '../../state/adminActions';
import type { AppSetting } from '../../core/types';
import { useSettingSave } from './useSettingSave';
import { A } from './strings';

export function PositionAccuracySetting() {
  const current = useAtomValue(positionMaxAccuracyAtom);
  const row = useAtomValue(settingsAtom).find((s) => s.key === 'position_max_accuracy_m') ?? null;
  const [value, setValue] = useState(String(current));
  const [base, setBase] = useState<AppSetting | null>(row);
  const { busy, error, success, run } = useSettingSave();
  useEffect(() => { setValue(String(current)); setBase(row); }, [current]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the saved value, not each row change

  const metres = parseAccuracyThreshold(value);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (metres === null) return;
    await run(async () => { await savePositionAccuracy(metres, base); });
  };

  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-labelledby="position-accuracy-title">
      <h4 id="position-accuracy-title" className="admin-subheading">{A.settings.accuracyTitle}</h4>
      <TextInput
        label={A.settings.accuracyLabel} type="text" inputMode="numeric" value={value} hint={A.settings.accuracyHint}
        error={metres === null ? A.settings.accuracyInvalid : null} onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" variant="primary" busy={busy} disabled={metres === null} icon={<Save size={16} aria-hidden="true" />}>
        {busy ? A.saving : A.settings.accuracySave}
      </Button>
      {success && <Alert kind="success">{success}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
    </form>
  );
}
