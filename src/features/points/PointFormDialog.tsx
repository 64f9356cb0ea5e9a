// 'Signalement d'anomalie' (docs/product.md#point-form): create at a map position or edit an existing point. A failed save keeps the
// form open with its content and says so (docs/product.md#point-form).
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Alert, Button, Dialog, Select, Spinner, TextArea, TextInput } from '../../ui';
import { toast } from '../../ui/toast';
import { criticalityLevelsAtom, markersAtom, teamsAtom } from '../../state/tables';
import { useEditedPoint } from './useEditedPoint';
import { levelsLoadErrorAtom, teamsLoadErrorAtom } from '../../state/status';
import { pointFormAtom, type PointFormState } from '../../state/selection';
import { finishEditing } from '../../state/modeActions';
import { removePointImage } from '../../state/actions';
import { storedUrlsOf } from '../../state/pointPhotos';
import { savePointAware as savePoint, waitReason, waitsOnDevice } from '../../state/offline/offlineActions';
import { ConflictCancelledError, RowGoneError } from '../../state/conflicts';
import { interpolateKm } from '../../core/pk';
import { CONFLICT_TEXT } from '../conflicts/strings';
import { useScrollIntoView } from '../conflicts/useScrollIntoView';
import { STATUS_LABELS } from '../../core/constants';
import { formatKm, parseKmInput } from '../../core/format';
import { hasErrors, validatePointForm, type PointFormErrors } from '../../core/validation';
import type { ImagePoint, Point, PointStatus } from '../../core/types';
import { PhotoGalleryField, type FormPhoto } from './PhotoGalleryField';
import { useFormGallery } from './useFormGallery';
import { PhotoPlaceHint } from './PhotoPlaceHint';
import { kmText } from './pointFormModel';
import { gnssSummary } from '../../core/position/fixes';
import { PointPkInput } from './PointPkInput';
import { PointHistory } from './PointHistory';
import { AssigneeSelect } from './AssigneeSelect';
import { PointFollowUp } from './PointFollowUp';
import { FOLLOW_TEXT } from './followUpStrings';
import { addPointEvent } from '../../state/followUp';
import { DueHint } from './DueHint';
import { knownMembersAtom } from '../../state/members';
import { observationLabel } from '../../core/observedAt';
import { toPointInput, valuesForCreate, valuesForEdit, type PointFormValues } from './pointFormModel';
import { POINT_TEXT as T } from './strings';
import { CopyLinkButton } from '../findShare/CopyLinkButton';
import { NearbyAnomalies } from '../findShare/NearbyAnomalies';

export function PointFormDialog() {
  const form = useAtomValue(pointFormAtom);
  const edited = useEditedPoint(form?.mode === 'edit' ? form.pointId : null);
  if (!form) return null;
  if (edited.status === 'loading') return null; // a round trip: the form opens on the point's current version
  const editing = edited.status === 'ready' ? edited.point : null;
  const key = form.mode === 'edit' ? `edit-${form.pointId}` : `create-${form.position.x}-${form.position.y}`;
  return <PointFormBody key={key} form={form} editing={editing} />;
}

function PointFormBody({ form, editing: live }: { form: NonNullable<PointFormState>; editing: Point | null }) {
  // The point as it was when the form opened: a live change or deletion elsewhere never wipes what is being typed.
  const [editing] = useState(live);
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  const teamsError = useAtomValue(teamsLoadErrorAtom);
  const levelsError = useAtomValue(levelsLoadErrorAtom);
  const setForm = useSetAtom(pointFormAtom);

  const initial = useMemo<PointFormValues | null>(() => {
    if (form.mode === 'create') return valuesForCreate(form.kmValue, levels.some((l) => l.id === 'attention') ? 'attention' : levels[0]?.id);
    return editing ? valuesForEdit(editing) : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initial values are taken once, when the form opens
  }, []);
  const position: ImagePoint | null = form.mode === 'create' ? form.position : editing?.position ?? null;

  const [v, setV] = useState<PointFormValues>(initial ?? valuesForCreate(null));
  const [errors, setErrors] = useState<PointFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** Deleted by someone else while this form was open: the text is kept and can be saved as a new point. */
  const [gone, setGone] = useState(false);
  const alertRef = useScrollIntoView<HTMLDivElement>(saveError ?? (gone ? 'gone' : null));
  const markers = useAtomValue(markersAtom);
  const members = useAtomValue(knownMembersAtom);
  const [uploading, setUploading] = useState(false);
  /** Images uploaded in this form session (removed again if the form is cancelled). */
  const uploaded = useRef(new Set<string>());
  const gallery = useFormGallery(editing);
  const saved = useRef(false);
  const [resolveNote, setResolveNote] = useState('');

  const set = <K extends keyof PointFormValues>(k: K, val: PointFormValues[K]) => {
    setV((cur) => ({ ...cur, [k]: val }));
    if (errors[k as keyof PointFormErrors]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  /** A team change drops an assignee known to be of another team (the database would refuse them). */
  const onTeam = (teamId: string) => {
    const assignee = members.find((m) => m.id === v.assigneeId);
    set('teamId', teamId);
    if (teamId && assignee && assignee.teamId !== teamId) set('assigneeId', '');
  };

  const cleanupUploads = useCallback(() => {
    for (const url of uploaded.current) void removePointImage(url).catch((e) => console.warn(T.imageDeleteError, e));
    uploaded.current.clear();
  }, []);
  useEffect(() => () => { if (!saved.current) cleanupUploads(); }, [cleanupUploads]);

  const close = () => { cleanupUploads(); setForm(null); finishEditing(); };

  /** A photo of this session (and its thumbnail) goes from storage at once; a saved one when nothing points to it any more (the
   * database queues it once the saved point and its gallery no longer hold it). */
  const discardStored = async (url: string): Promise<string | null> => {
    if (!uploaded.current.has(url)) return null;
    try { await removePointImage(url); uploaded.current.delete(url); return null; } catch (err) { console.error(err); return T.imageDeleteError; }
  };
  /** The photo, its drawn copy and its thumbnail, those stored in this session. */
  const onRemovePhoto = async (p: FormPhoto): Promise<string | null> => {
    for (const url of new Set([p.url, ...storedUrlsOf(p)])) {
      const error = await discardStored(url);
      if (error) return error;
    }
    return null;
  };

  /** The save resolves the point: the form asks for an optional intervention note. */
  const resolving = !!editing && !gone && v.status === 'resolu' && editing.status !== 'resolu';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!position || saving || uploading || gallery.status === 'loading') return;
    const values = { ...v, imageUrl: gallery.firstUrl(v.imageUrl) };
    const errs = validatePointForm(values);
    setErrors(errs);
    if (hasErrors(errs)) return;
    setSaving(true);
    setSaveError(null);
    try {
      // An edit states the version it started from (`editing`); a recreation after a deletion is a new point.
      const photos = gone ? gallery.all() : gallery.changed(); // a recreated point gets the whole gallery again
      const result = await savePoint({ ...toPointInput(values, position, gone ? undefined : editing?.id), ...(form.mode === 'create' && form.gnss ? { gnss: form.gnss } : {}) }, gone ? null : editing, photos);
      saved.current = true;
      uploaded.current.clear();
      // Resolving with a note: the intervention goes after the status change, in order, through the outbox.
      if (resolving && resolveNote.trim()) {
        const note = await addPointEvent(result, { eventKind: 'intervention', body: resolveNote.trim(), doneAt: new Date().toISOString(), doneBy: null });
        if (!note.ok) toast(note.message, 'error');
      }
      const waits = waitsOnDevice(result.id) ? waitReason() : null;
      toast(waits === 'network' ? T.savedOnDeviceToast : waits === 'slow' ? T.savedSlowToast : T.savedToast, 'success', 2500);
      setForm(null);
      finishEditing();
    } catch (err) {
      if (err instanceof RowGoneError) { setGone(true); return; }
      if (err instanceof ConflictCancelledError) { setSaveError(CONFLICT_TEXT.cancelled); return; }
      console.error('Enregistrement du signalement impossible', err);
      setSaveError(T.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  if (form.mode === 'edit' && !editing) {
    return (
      <Dialog open onOpenChange={(o) => !o && close()} title={T.formTitle} size="sm"
        footer={<Button onClick={close}>{T.cancel}</Button>}>
        <Alert kind="warning">{T.notFound}</Alert>
      </Dialog>
    );
  }

  // The PK of the point's position on the ruler (from the markers), not the PK typed in the form.
  const gnss = form.mode === 'create' ? form.gnss : editing?.gnss; // the fix it was captured from, read-only
  const km = form.mode === 'create' ? form.kmValue : position ? interpolateKm(markers, position.x) : null;
  return (
    <Dialog
      open onOpenChange={(o) => { if (!o && !saving) close(); }} title={T.formTitle} size="md" className="point-form-dialog"
      footer={
        <>
          <Button onClick={close} disabled={saving}>{T.cancel}</Button>
          <Button type="submit" form="point-form" variant="primary" disabled={saving || uploading || gallery.status === 'loading'} busy={saving}>{saving ? T.saving : gone ? CONFLICT_TEXT.recreate : T.save}</Button>
        </>
      }
    >
      <form id="point-form" onSubmit={submit} noValidate>
        {position && <p className="position-hint">{T.positionHint(km === null ? null : formatKm(km))}</p>}
        {editing && <p className="observed-hint" data-testid="point-observed">{observationLabel(editing.observedAt, editing.creationDate)}</p>}
        {gnss && <p className="observed-hint" data-testid="point-gnss">{gnssSummary(gnss)}</p>}
        {editing && <DueHint point={editing} />}
        {editing ? <CopyLinkButton pointId={editing.id} /> : <NearbyAnomalies km={parseKmInput(v.kilometer) ?? km} position={position} />}
        <TextInput label={T.label} name="name" required placeholder={T.labelPlaceholder} value={v.name} maxLength={200}
          onChange={(e) => set('name', e.target.value)} error={errors.name} autoFocus={form.mode === 'create'} />
        <TextArea label={T.description} name="description" required placeholder={T.descriptionPlaceholder} value={v.description} rows={3}
          onChange={(e) => set('description', e.target.value)} error={errors.description} />
        <div className="field-row">
          <PointPkInput value={v.kilometer} onChange={(val) => set('kilometer', val)} error={errors.kilometer} />
          <TextInput label={T.ticket} name="ticketNumber" placeholder={T.ticketPlaceholder} value={v.ticketNumber} maxLength={60}
            onChange={(e) => set('ticketNumber', e.target.value)} />
        </div>
        <div className="field-row">
          <Select label={T.status} name="status" value={v.status} onChange={(e) => set('status', e.target.value as PointStatus)}>
            {(Object.keys(STATUS_LABELS) as PointStatus[]).map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </Select>
          <Select label={T.criticality} name="criticality" value={v.criticality} error={levelsError}
            onChange={(e) => set('criticality', e.target.value)}>
            {!levels.some((l) => l.id === v.criticality) && <option value={v.criticality}>{v.criticality}</option>}
            {levels.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </Select>
        </div>
        <div className="field-row">
        <Select label={T.team} name="team" value={v.teamId} error={teamsError} onChange={(e) => onTeam(e.target.value)}>
          <option value="">{T.noTeam}</option>
          {v.teamId && !teams.some((t) => t.id === v.teamId) && <option value={v.teamId}>{editing?.teamName ?? v.teamId}</option>}
          {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </Select>
        <AssigneeSelect value={v.assigneeId} teamId={v.teamId} onChange={(id) => set('assigneeId', id)} />
        </div>
        {resolving && (
          <TextArea label={FOLLOW_TEXT.resolveNote} name="resolveNote" rows={2} maxLength={4000} hint={FOLLOW_TEXT.resolveNoteHint}
            value={resolveNote} onChange={(e) => setResolveNote(e.target.value)} />
        )}
        {gallery.status === 'loading' ? <Spinner label={T.photos} /> : (
          <PhotoGalleryField photos={gallery.photos} onChange={gallery.setPhotos} onStored={(url) => uploaded.current.add(url)}
            onRemove={onRemovePhoto} onUploadingChange={setUploading} readOnly={gallery.status === 'unavailable'} error={errors.imageUrl}
            drawable onDiscard={(url) => void discardStored(url)} />
        )}
        <PhotoPlaceHint photos={gallery.photos} pointKm={parseKmInput(v.kilometer)} onUse={(pk) => set('kilometer', kmText(pk))} />
        <div ref={alertRef}>
          {gone && <Alert kind="warning">{CONFLICT_TEXT.pointGone} {CONFLICT_TEXT.pointGoneHelp}</Alert>}
          {saveError && !gone && <Alert kind="error">{saveError}</Alert>}
        </div>
      </form>
      {editing && !gone && <PointFollowUp point={editing} />}
      {editing && <PointHistory pointId={editing.id} />}
    </Dialog>
  );
}
