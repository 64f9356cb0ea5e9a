// A member's notification settings (docs/product.md#notifications): which events, and e-mail 'Immédiat' /
// 'Résumé quotidien' / 'Jamais'; says when the server sends no e-mail. Collapsed under the list.
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, toast } from '../../ui';
import { EMAIL_MODE_LABELS, KIND_LABELS, NOTIFICATION_KINDS, type EmailMode, type NotificationSettings } from '../../core/followUp/notifications';
import { loadNotificationSettings, mailEnabled, saveNotificationSettings } from '../../state/notifications';
import { profileAtom } from '../../state/session';
import { NOTIF_TEXT as T } from './strings';

export function NotificationSettingsForm() {
  const me = useAtomValue(profileAtom);
  const [s, setS] = useState<NotificationSettings | null>(null);
  const [mail, setMail] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!me) return;
    let alive = true;
    loadNotificationSettings(me.id).then((v) => { if (alive) setS(v); }).catch((e) => { console.warn(e); if (alive) setError(T.settingsLoadError); });
    mailEnabled().then((v) => { if (alive) setMail(v); }).catch(() => { if (alive) setMail(null); });
    return () => { alive = false; };
  }, [me]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!me || !s) return;
    setBusy(true);
    setError(null);
    const r = await saveNotificationSettings(me.id, s);
    setBusy(false);
    if (r.ok) toast(T.saved, 'success', 2500);
    else setError(r.message);
  };

  return (
    <details className="notif-settings">
      <summary>{T.settings}</summary>
      {error && <Alert kind="error">{error}</Alert>}
      {s && (
        <form onSubmit={submit} noValidate>
          <fieldset className="field">
            <legend className="field-label">{T.kindsLegend}</legend>
            {NOTIFICATION_KINDS.map((k) => (
              <label key={k} className="check-row">
                <input type="checkbox" checked={s.kinds.includes(k)}
                  onChange={(e) => setS({ ...s, kinds: e.target.checked ? [...s.kinds, k] : s.kinds.filter((x) => x !== k) })} />
                {KIND_LABELS[k]}
              </label>
            ))}
          </fieldset>
          <fieldset className="field">
            <legend className="field-label">{T.emailLegend}</legend>
            {mail === false && <p className="muted small" data-testid="mail-off">{T.emailOff}</p>}
            {(Object.keys(EMAIL_MODE_LABELS) as EmailMode[]).map((m) => (
              <label key={m} className="check-row">
                <input type="radio" name="email-mode" value={m} checked={s.emailMode === m} onChange={() => setS({ ...s, emailMode: m })} />
                {EMAIL_MODE_LABELS[m]}
              </label>
            ))}
          </fieldset>
          <Button type="submit" variant="primary" size="sm" busy={busy} disabled={busy}>{T.save}</Button>
        </form>
      )}
    </details>
  );
}
