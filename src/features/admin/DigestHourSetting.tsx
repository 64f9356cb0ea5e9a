// Paramètres tab: the hour of the daily e-mail digest (0 to 23 h, Europe/Paris; docs/product.md#settings), read with
// whether the server sends e-mail; the database lets only administrators change it and checks the bounds.
import { useEffect, useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import { Alert, Button, Select } from '../../ui';
import { mailStatus, saveDigestHour } from '../../state/notifications';
import { useSettingSave } from './useSettingSave';
import { A } from './strings';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function DigestHourSetting() {
  const [status, setStatus] = useState<{ enabled: boolean; digestHour: number } | 'error' | null>(null);
  const [hour, setHour] = useState(7);
  const { busy, error, success, run } = useSettingSave();
  useEffect(() => {
    let alive = true;
    mailStatus().then((s) => { if (alive) { setStatus(s); setHour(s.digestHour); } })
      .catch((e) => { console.warn('mail_status indisponible', e); if (alive) setStatus('error'); });
    return () => { alive = false; };
  }, []);

  if (status === null) return null;
  if (status === 'error') return <Alert kind="error">{A.mail.digestLoadError}</Alert>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const saved = await saveDigestHour(hour);
      setStatus({ ...status, digestHour: saved });
    });
  };

  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-labelledby="digest-hour-title">
      <h4 id="digest-hour-title" className="admin-subheading">{A.mail.digestTitle}</h4>
      <Select label={A.mail.digestLabel} value={hour} onChange={(e) => setHour(Number(e.target.value))}
        hint={status.enabled ? A.mail.digestHint : `${A.mail.digestHint} ${A.mail.digestOff}`}>
        {HOURS.map((h) => <option key={h} value={h}>{A.mail.hour(h)}</option>)}
      </Select>
      <Button type="submit" variant="primary" busy={busy} icon={<Save size={16} aria-hidden="true" />}>
        {busy ? A.saving : A.mail.digestSave}
      </Button>
      {success && <Alert kind="success">{success}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
    </form>
  );
}
