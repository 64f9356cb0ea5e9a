// Paramètres tab: 'Suppression des signalements' — every member or administrators only (docs/product.md#point-delete-setting).
// In the second case the database lets a member delete nothing (row-level security); the lists then hide the members' delete buttons.
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Save } from 'lucide-react';
import { Alert, Button } from '../../ui';
import { POINT_DELETE_KEY, type PointDeleteMode } from '../../core/admin/pointDelete';
import { pointDeleteModeAtom, settingsAtom } from '../../state/tables';
import { savePointDeleteMode } from '../../state/adminActions';
import type { AppSetting } from '../../core/types';
import { useSettingSave } from './useSettingSave';
import { A } from './strings';

const MODES: PointDeleteMode[] = ['membres', 'admins'];

export function PointDeleteSetting() {
  const current = useAtomValue(pointDeleteModeAtom);
  const row = useAtomValue(settingsAtom).find((s) => s.key === POINT_DELETE_KEY) ?? null;
  const [value, setValue] = useState<PointDeleteMode>(current);
  const [base, setBase] = useState<AppSetting | null>(row);
  const { busy, error, success, run } = useSettingSave();
  useEffect(() => { setValue(current); setBase(row); }, [current]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the saved value, not each row change

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => { await savePointDeleteMode(value, base); });
  };

  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-labelledby="point-delete-title">
      <fieldset className="field">
        <legend id="point-delete-title" className="admin-subheading">{A.settings.deleteTitle}</legend>
        {MODES.map((m) => (
          <label key={m} className="check-row">
            <input type="radio" name="point-delete" value={m} checked={value === m} onChange={() => setValue(m)} />
            {A.settings.deleteModes[m]}
          </label>
        ))}
        <p className="field-hint">{A.settings.deleteHint}</p>
      </fieldset>
      <Button type="submit" variant="primary" busy={busy} icon={<Save size={16} aria-hidden="true" />}>
        {busy ? A.saving : A.settings.deleteSave}
      </Button>
      {success && <Alert kind="success">{success}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
    </form>
  );
}
