// First screen while the client starts and the session is restored, and while the main screen mounts after sign-in
// ('Chargement...', docs/product.md#routes).
import { Logo } from './Logo';
import { Alert, Spinner } from '../../ui';
import { LAYOUT_TEXT as T } from './strings';

export function LoadingScreen({ error }: { error?: string | null }) {
  return (
    <div className="loading-screen">
      <Logo size={64} />
      <p className="loading-title">{T.appTitle}</p>
      {error ? <Alert kind="error">{error}</Alert> : <Spinner size="lg" label={T.loading} />}
    </div>
  );
}
