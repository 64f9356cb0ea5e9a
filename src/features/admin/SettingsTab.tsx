// Paramètres tab ('Paramètres de l'application'): the feedback link (valid URL or empty), saved with a 3 s success message
// and the window event 'feedbackLinkUpdated' (docs/product.md#settings, #constants); who deletes points; the position accuracy threshold; the daily e-mail digest's hour.
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Save } from 'lucide-react';
import { Alert, Button, TextInput } from '../../ui';
import { isValidFeedbackLink } from '../../core/admin/settingsValidation';
import { feedbackLinkAtom, settingsAtom } from '../../state/tables';
import type { AppSetting } from '../../core/types';
import { loadSettings, saveFeedbackLink } from '../../state/adminActions';
import { MailStatusNote } from './MailStatusNote';
import { useSettingSave } from './useSettingSave';
import { A } from './strings';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { PositionAccuracySetting } from './PositionAccuracySetting';
import { PointDeleteSetting } from './PointDeleteSetting';
import { DigestHourSetting } from './DigestHourSetting';

export function SettingsTab() {
  const current = useAtomValue(feedbackLinkAtom) ?? '';
  const { status, reload } = useLoad(loadSettings);
  const row = useAtomValue(settingsAtom).find((s) => s.key === 'feedback_link') ?? null;
  const [value, setValue] = useState(current);
  /** The setting as shown when editing began: its version is stated on save (no silent overwrite). */
  const [base, setBase] = useState<AppSetting | null>(row);
  const { busy, error, success, run } = useSettingSave();
  useEffect(() => { if (status === 'ready') { setValue(current); setBase(row); } }, [status, current]); // eslint-disable-line react-hooks/exhaustive-deps -- reset only when a load completes, not on each row change

  const valid = isValidFeedbackLink(value);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    await run(async () => { await saveFeedbackLink(value, base); });
  };

  return (
    <div className="admin-tab settings-tab">
      <div className="admin-toolbar"><h3 className="admin-heading">{A.settings.heading}</h3></div>
      <MailStatusNote />
      {status !== 'ready' ? <LoadState status={status} error={A.settings.loadError} onRetry={reload} /> : (
        <form onSubmit={submit} noValidate className="settings-form">
          <TextInput
            label={A.settings.feedbackLabel} type="url" inputMode="url" placeholder="https://" value={value}
            hint={A.settings.feedbackHint} error={valid ? null : A.settings.feedbackInvalid}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button type="submit" variant="primary" busy={busy} disabled={!valid} icon={<Save size={16} aria-hidden="true" />}>
            {busy ? A.saving : A.save}
          </Button>
          {success && <Alert kind="success">{success}</Alert>}
          {error && <Alert kind="error">{error}</Alert>}
        </form>
      )}
      {status === 'ready' && <PointDeleteSetting />}
      {status === 'ready' && <PositionAccuracySetting />}
      {status === 'ready' && <DigestHourSetting />}
    </div>
  );
}
