// A confirmation for a reversible but consequential action (deactivate a member, revoke an invitation).
import { Dialog } from './Dialog';
import { Button } from './Button';
import { UI_TEXT } from './strings';

export interface ActionConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ActionConfirmDialog({ open, title, message, confirmLabel, danger, busy, error, onConfirm, onCancel }: ActionConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => { if (!o && !busy) onCancel(); }}
      title={title}
      size="sm"
      className="confirm-dialog"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>{UI_TEXT.cancel}</Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      <p className="confirm-question">{message}</p>
      {error && <p className="field-error" role="alert">{error}</p>}
    </Dialog>
  );
}
