// The delete confirmation of SPEC §2: 'Confirmer la suppression' with the irreversible-action warning.
import { Trash2 } from 'lucide-react';
import { Dialog } from './Dialog';
import { Button } from './Button';
import { UI_TEXT } from './strings';

export interface ConfirmDialogProps {
  open: boolean;
  /** The name shown in 'Êtes-vous sûr de vouloir supprimer {name} ?'. */
  name: string;
  /** What gets deleted, ending the warning: '… supprimera définitivement {what}'. */
  what?: string;
  busy?: boolean;
  error?: string | null;
  /** The deletion is refused (e.g. a team still in use): the refusal is shown and the delete button disabled. */
  blocked?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, name, what = 'cet élément.', busy, error, blocked = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => { if (!o && !busy) onCancel(); }}
      title={UI_TEXT.confirmTitle}
      size="sm"
      className="confirm-dialog"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>{UI_TEXT.cancel}</Button>
          <Button variant="danger" icon={<Trash2 size={16} aria-hidden="true" />} busy={busy} disabled={blocked} onClick={onConfirm}>
            {busy ? UI_TEXT.deleting : UI_TEXT.confirmYes}
          </Button>
        </>
      }
    >
      <p className="confirm-question">{UI_TEXT.confirmQuestion(name)}</p>
      <p className="confirm-warning">{UI_TEXT.confirmIrreversible} {what}</p>
      {error && <p className="field-error" role="alert">{error}</p>}
    </Dialog>
  );
}
