// The loading spinner or the docs/product.md#administration-messages load-failure message with 'Réessayer', shown in place of a tab's content.
import { RefreshCw } from 'lucide-react';
import { Alert, Button, Spinner } from '../../ui';
import { A } from './strings';
import type { LoadStatus } from './useLoad';

export function LoadState({ status, error, onRetry }: { status: LoadStatus; error: string; onRetry: () => void }) {
  if (status === 'loading') return <div className="admin-loading"><Spinner label={A.loading} /></div>;
  if (status === 'error') {
    return (
      <Alert kind="error" action={<Button size="sm" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={onRetry}>{A.retry}</Button>}>
        {error}
      </Alert>
    );
  }
  return null;
}
