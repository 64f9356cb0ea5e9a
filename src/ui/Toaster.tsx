// Renders the toasts of ./toast.ts at the bottom of the screen (at the top while a dialog is open).
import { useSyncExternalStore } from 'react';
import { X } from 'lucide-react';
import { dismissToast, getToasts, subscribeToasts } from './toast';
import { UI_TEXT } from './strings';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast alert alert-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="alert-text">{t.message}</span>
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={UI_TEXT.close} onClick={() => dismissToast(t.id)}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
