// 'Nouvelle équipe' / 'Modifier l'équipe' modal: name (required, trimmed) and optional description (SPEC §5).
import { useState } from 'react';
import { Alert, Dialog, TextArea, TextInput } from '../../ui';
import type { Team } from '../../core/types';
import { A } from './strings';
import { SaveCancelFooter, useNamedFormSave } from './useNamedFormSave';

export interface TeamFormProps {
  team: Team | null; // null = new team
  onSave: (t: { id?: string; name: string; description: string | null; base?: Team | null }) => Promise<void>;
  onClose: () => void;
}

export function TeamFormDialog({ team, onSave, onClose }: TeamFormProps) {
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const { nameError, clearNameError, saveError, busy, submit } = useNamedFormSave({
    name, nameRequired: A.teams.nameRequired, saveError: A.teams.saveError, onClose,
    save: (clean) => onSave({ id: team?.id, name: clean, description: description.trim() || null, base: team }),
  });

  return (
    <Dialog
      open onOpenChange={(o) => { if (!o && !busy) onClose(); }} size="sm"
      title={team ? A.teams.editTitle : A.teams.add}
      footer={<SaveCancelFooter busy={busy} onCancel={onClose} onSave={() => void submit()} />}
    >
      <form onSubmit={submit} noValidate>
        <TextInput label={A.name} required value={name} autoFocus maxLength={120}
          onChange={(e) => { setName(e.target.value); clearNameError(); }} error={nameError} />
        <TextArea label={A.description} value={description} rows={3} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        {saveError && <Alert kind="error">{saveError}</Alert>}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
