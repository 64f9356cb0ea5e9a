// A password field with a show/hide toggle (long passwords typed on a phone).
import { useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Field } from '../../ui';
import { AUTH_TEXT as T } from './strings';

export function PasswordInput({ label, error, ...rest }: { label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="password-wrap">
          <input id={id} className="input" type={shown ? 'text' : 'password'} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...rest} />
          <button type="button" className="btn btn-ghost btn-icon btn-sm password-toggle" aria-label={shown ? T.hidePassword : T.showPassword}
            title={shown ? T.hidePassword : T.showPassword} onClick={() => setShown((s) => !s)}>
            {shown ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
      )}
    </Field>
  );
}
