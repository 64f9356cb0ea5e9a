// Sign-in with email and password (docs/product.md#sign-in, #sign-in-rules), with the provider-error messages of docs/product.md#sign-in-messages.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, TextInput } from '../../ui';
import { validateSignin, type SigninErrors } from '../../core/validation';
import { signIn } from '../../state/auth';
import { ACCESS_REVOKED_TEXT, accessRevokedAtom } from '../../state/accessRevoked';
import { PasswordInput } from './PasswordInput';
import { AUTH_TEXT as T } from './strings';

export function SigninForm({ notice }: { notice?: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SigninErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The deactivation notice is already above the form (AccessRevokedNotice): a refused sign-in does not repeat it.
  const revokedShown = useAtomValue(accessRevokedAtom);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validateSignin(email, password);
    setErrors(v);
    setError(null);
    if (v.email || v.password) return;
    setBusy(true);
    try {
      const res = await signIn(email, password);
      if (!res.ok) setError(res.message);
    } catch (err) {
      console.error(err);
      setError(T.errGeneric);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      {notice && <Alert kind="success">{notice}</Alert>}
      <TextInput label={T.email} type="email" name="email" autoComplete="username" inputMode="email" placeholder={T.emailPlaceholder}
        value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <PasswordInput label={T.password} name="password" autoComplete="current-password" value={password}
        onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      {error && !(revokedShown && error === ACCESS_REVOKED_TEXT) && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="primary" className="btn-block" busy={busy}>{busy ? T.signingIn : T.signin}</Button>
    </form>
  );
}
