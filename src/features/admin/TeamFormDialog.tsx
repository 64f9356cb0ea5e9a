// 'Nouvelle équipe' / 'Modifier l'équipe' modal: name (required, trimmed) and optional description (SPEC §5).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, TextArea, TextInput } from '../../ui';
import type { Team } from '../../core/types';
import { requiredName } from '../../core/admin/settingsValidation';
import { A } from './strings';

export interface TeamFormProps {
  team: Team | null; // null = new team
  onSave: (t: { id?: string; name: string; description: string | null }) => Promise<void>;
  onClose: () => void;
}

export function TeamFormDialog({ team, onSave, onClose }: TeamFormProps) {
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const clean = requiredName(name);
    if (!clean) { setNameError(A.teams.nameRequired); return; }
    setBusy(true);
    setSaveError(null);
    try {
      await onSave({ id: team?.id, name: clean, description: description.trim() || null });
      onClose();
    } catch (err) {
      console.error(err);
      setSaveError(A.teams.saveError);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open onOpenChange={(o) => { if (!o && !busy) onClose(); }} size="sm"
      title={team ? A.teams.editTitle : A.teams.add}
      footer={<>
        <Button onClick={onClose} disabled={busy}>{A.cancel}</Button>
        <Button variant="primary" busy={busy} onClick={() => void submit()}>{busy ? A.saving : A.save}</Button>
      </>}
    >
      <form onSubmit={submit} noValidate>
        <TextInput label={A.name} required value={name} autoFocus maxLength={120}
          onChange={(e) => { setName(e.target.value); setNameError(null); }} error={nameError} />
        <TextArea label={A.description} value={description} rows={3} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        {saveError && <Alert kind="error">{saveError}</Alert>}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
