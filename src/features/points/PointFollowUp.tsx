// 'Suivi' of a point (docs/product.md#follow-up): one chronological list of its comments, interventions (what was
// done, when, by whom, 'après' photos), status, assignee, team, criticality and due time changes; and a form to add
// a comment or an intervention, saved on the device first (offline too) and sent once, in order.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Spinner, TextArea, TextInput, toast } from '../../ui';
import { criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { addPointEvent, loadTimeline, removeFormPhoto, pendingEventsAtom, timelineVersionAtom, type TimelineData } from '../../state/followUp';
import { photoUrlOf } from '../../state/followUpPhotos';
import { previewSrc } from '../../state/offline/photos';
import { removePointImage } from '../../state/actions';
import { storedUrlsOf } from '../../state/pointPhotos';
import { PHOTOS_PER_INTERVENTION } from '../../core/constants';
import { PhotoGalleryField, type FormPhoto } from './PhotoGalleryField';
import { profileAtom } from '../../state/session';
import { buildTimeline, eventBodyError, fromLocalInput, toLocalInput, type TimelineEntry } from '../../core/followUp/timeline';
import { formatDateTimeFr } from '../../core/format';
import type { DescribeContext } from '../../core/audit/describe';
import type { Point } from '../../core/types';
import { FOLLOW_TEXT as T } from './followUpStrings';
import './followUp.css';

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: TimelineData };

export function PointFollowUp({ point }: { point: Point }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const version = useAtomValue(timelineVersionAtom);
  const pending = useAtomValue(pendingEventsAtom).get(point.id);
  const pendingCount = pending?.length ?? 0;
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  const me = useAtomValue(profileAtom);

  // Read again when a comment of this device has been sent (its waiting copy is gone from the outbox).
  useEffect(() => {
    let alive = true;
    loadTimeline(point.id)
      .then((data) => { if (alive) setLoad({ kind: 'ready', data }); })
      .catch((e) => { console.warn('Suivi : lecture impossible', e); if (alive) setLoad((l) => (l.kind === 'ready' ? l : { kind: 'error' })); });
    return () => { alive = false; };
  }, [point.id, version, pendingCount, reloads]);

  const entries = useMemo(() => {
    const emails = load.kind === 'ready' ? load.data.emails : new Map<string, string>();
    const ctx: DescribeContext = {
      levelName: (id) => levels.find((l) => l.id === id)?.name,
      teamName: (id) => teams.find((t) => t.id === id)?.name,
      email: (id) => (id === me?.id ? me.email : emails.get(id)),
    };
    return { list: buildTimeline(load.kind === 'ready' ? load.data.rows : [], pending ?? [], me?.id ?? null, ctx), ctx };
  }, [load, pending, levels, teams, me]);

  return (
    <section className="point-follow" aria-labelledby="point-follow-title">
      <h3 id="point-follow-title" className="point-follow-title">{T.title}</h3>
      {load.kind === 'loading' && <Spinner size="sm" label={T.loading} />}
      {load.kind === 'error' && (
        <Alert kind="warning">{T.error} <Button type="button" size="sm" onClick={() => setReloads((n) => n + 1)}>{T.retry}</Button></Alert>
      )}
      {load.kind === 'ready' && entries.list.length === 0 && <p className="muted">{T.empty}</p>}
      {entries.list.length > 0 && (
        <ol className="point-follow-list" aria-label={T.title}>
          {entries.list.map((e) => <EntryView key={e.id} e={e} who={(id) => (id ? entries.ctx.email(id) ?? T.unknownAuthor : T.unknownAuthor)} />)}
        </ol>
      )}
      <AddEventForm point={point} />
    </section>
  );
}

function EntryView({ e, who }: { e: TimelineEntry; who: (id: string | null) => string }) {
  const label = e.type === 'change' ? T.change : e.kind === 'intervention' ? T.intervention : T.comment;
  return (
    <li className={`follow-entry follow-${e.type === 'change' ? 'change' : e.kind}`} data-testid="follow-entry" data-pending={e.type === 'event' && e.pending ? 'true' : undefined}>
      <p className="follow-head">
        <strong>{label}</strong> <span className="muted">{T.by(who(e.actor))}, {formatDateTimeFr(e.at)}</span>
        {e.type === 'event' && e.pending && <span className="badge follow-pending">{T.pending}</span>}
      </p>
      {e.type === 'change' ? e.lines.map((l) => <p key={l} className="follow-line">{l}</p>) : (
        <>
          <p className="follow-body">{e.body}</p>
          {e.kind === 'intervention' && e.doneAt && <p className="follow-line muted">{T.done(formatDateTimeFr(e.doneAt), e.doneBy)}</p>}
          {e.photos.length > 0 && (
            <ul className="follow-photos">
              {e.photos.map((p, i) => <li key={p.shown}><a href={photoUrlOf(p.shown)} target="_blank" rel="noreferrer"><img src={previewSrc(photoUrlOf(p.thumb))} alt={T.photoAlt(i + 1)} loading="lazy" /></a></li>)}
            </ul>
          )}
        </>
      )}
    </li>
  );
}

function AddEventForm({ point }: { point: Point }) {
  const [kind, setKind] = useState<'comment' | 'intervention'>('comment');
  const [body, setBody] = useState('');
  const [doneAt, setDoneAt] = useState(() => toLocalInput(Date.now()));
  const [doneBy, setDoneBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<FormPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  /** 'Après' photos stored while this form is open and not sent with an intervention: removed when it closes. */
  const stored = useRef(new Set<string>());
  useEffect(() => () => { for (const url of stored.current) void removePointImage(url).catch((e) => console.warn('Photo non supprimée', e)); }, []);
  const onRemovePhoto = useCallback(async (photo: FormPhoto) => {
    const r = await removeFormPhoto([photo.url, ...storedUrlsOf(photo)], (url) => stored.current.delete(url));
    return r.ok ? null : r.message;
  }, []);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const err = eventBodyError(body);
    if (err) { setError(err); return; }
    if (uploading) return;
    const withPhotos = kind === 'intervention' && photos.length > 0;
    setBusy(true);
    setError(null);
    const r = await addPointEvent(point, {
      eventKind: kind, body: body.trim(),
      doneAt: kind === 'intervention' ? fromLocalInput(doneAt) : null, doneBy: kind === 'intervention' ? doneBy.trim() || null : null,
      ...(withPhotos ? { photos: photos.map(({ url: _url, ...p }) => ({ ...p, caption: p.caption?.trim() || null, id: crypto.randomUUID() })) } : {}),
    });
    setBusy(false);
    if (!r.ok) { setError(r.message); return; }
    if (withPhotos) for (const p of photos) for (const url of [p.url, ...storedUrlsOf(p)]) stored.current.delete(url);
    // Only what was sent is cleared: what the user wrote or added while it was sent stays.
    if (withPhotos) setPhotos((now) => now.filter((p) => !photos.includes(p)));
    setBody((now) => (now === body ? '' : now));
    setDoneBy((now) => (now === doneBy ? '' : now));
    toast(r.value.waits ? T.sentOnDevice : T.sent, 'success', 2500);
  };

  return (
    <form className="follow-form" onSubmit={submit} noValidate aria-label={T.title}>
      <div className="follow-kinds" role="radiogroup" aria-label={T.kindLabel}>
        {(['comment', 'intervention'] as const).map((k) => (
          <label key={k} className={`follow-kind${kind === k ? ' follow-kind-active' : ''}`}>
            <input type="radio" name="follow-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k === 'comment' ? T.comment : T.intervention}
          </label>
        ))}
      </div>
      <TextArea label={kind === 'comment' ? T.commentLabel : T.interventionLabel} name="follow-body" rows={2} value={body} maxLength={4000}
        error={error ?? undefined} onChange={(e) => { setBody(e.target.value); setError(null); }} />
      {kind === 'intervention' && (
        <div className="field-row">
          <TextInput label={T.doneAt} type="datetime-local" name="follow-done-at" value={doneAt} onChange={(e) => setDoneAt(e.target.value)} />
          <TextInput label={T.doneBy} name="follow-done-by" value={doneBy} maxLength={200} placeholder={T.doneByPlaceholder} onChange={(e) => setDoneBy(e.target.value)} />
        </div>
      )}
      {kind === 'intervention' && (
        <PhotoGalleryField photos={photos} onChange={setPhotos} onStored={(url) => stored.current.add(url)} onRemove={onRemovePhoto}
          onUploadingChange={setUploading} max={PHOTOS_PER_INTERVENTION} limitText={T.photoLimit} label={T.photos} testId="apres-image-input" />
      )}
      <Button type="submit" size="sm" variant="primary" busy={busy} disabled={busy || uploading}>{busy ? T.adding : T.add}</Button>
    </form>
  );
}
