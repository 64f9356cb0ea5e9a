// The point form's photos (docs/product.md#photos): up to 8 in order, taken in a row with the camera on a phone,
// picked (several at once) or dropped on a desktop; each shrunk on the device with its EXIF read first ('Prise le …');
// a caption each, moved by buttons or by dragging its handle (usePhotoDrag), deleted with the spec's confirmation, opened in the viewer (PhotoViewer). A tile
// shows the photo's thumbnail (made and stored with it), the viewer the photo itself.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ArrowLeft, ArrowRight, Camera, GripVertical, ImagePlus, Maximize2, Trash2 } from 'lucide-react';
import { Button, IconButton, Spinner } from '../../ui';
import { PHOTOS_PER_POINT } from '../../core/constants';
import { formatDateTimeFr } from '../../core/format';
import { movePhoto, moveTo, roomLeft, type GalleryPhoto } from '../../core/photos/gallery';
import { takePhoto, thumbUrlOf } from '../../state/pointPhotos';
import { previewSrc } from '../../state/offline/photos';
import { useDeviceClass } from '../../ui/useDeviceClass';
import { PhotoViewer } from './PhotoViewer';
import { DrawnPhotoActions, shownUrl } from './drawing/DrawnPhotoActions';
import { DRAW_TEXT } from './drawing/strings';
import { usePhotoDrag } from './usePhotoDrag';
import { POINT_TEXT as T } from './strings';

export type FormPhoto = GalleryPhoto & { url: string };

export interface PhotoGalleryFieldProps {
  photos: FormPhoto[];
  onChange: (photos: FormPhoto[]) => void;
  /** A file stored during this form session, a photo or its thumbnail (removed again if the form is cancelled). */
  onStored: (url: string) => void;
  /** Asked before a photo leaves the list: resolves to an error message to show, or null. */
  onRemove: (photo: FormPhoto) => Promise<string | null>;
  onUploadingChange: (uploading: boolean) => void;
  /** The gallery could not be read (offline): its first photo is shown, nothing is changed. */
  readOnly?: boolean;
  /** At most this many photos (8 for a point, 4 'après' photos for an intervention), with its message. */
  max?: number;
  limitText?: string;
  label?: string;
  /** 'Dessiner' on each photo (a point's gallery); `onDiscard` gets a file stored in this session and replaced. */
  drawable?: boolean;
  onDiscard?: (url: string) => void;
  /** The file input's test id. */
  testId?: string;
  error?: string | null;
}

export function PhotoGalleryField({ photos, onChange, onStored, onRemove, onUploadingChange, readOnly, error, drawable = false, onDiscard = () => {}, max = PHOTOS_PER_POINT, limitText = T.photoLimit, label = T.photos, testId = 'image-input' }: PhotoGalleryFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const device = useDeviceClass();
  const latest = useRef(photos);
  latest.current = photos;
  const { drag, handleProps } = usePhotoDrag((from, to) => onChange(moveTo(latest.current, from, to)));

  useEffect(() => onUploadingChange(uploading > 0), [uploading, onUploadingChange]);
  // Emptied by the form (its photos were sent): the last message goes with them.
  useEffect(() => { if (photos.length === 0) setMessage(null); }, [photos.length]);

  /** Takes the files one after the other (each shrunk then stored), as many as there is room for. */
  const take = async (files: File[]) => {
    if (!files.length) return;
    const room = roomLeft(latest.current.length, max);
    setMessage(files.length > room ? limitText : null);
    for (const file of files.slice(0, room)) {
      setUploading((n) => n + 1);
      try {
        const r = await takePhoto(file);
        if ('error' in r) { setMessage(r.error); continue; }
        onStored(r.url);
        onStored(r.thumbUrl);
        const next = [...latest.current, { ...r.photo, url: r.url }];
        latest.current = next;
        onChange(next);
      } catch (err) {
        console.error(T.uploadError, err);
        setMessage(T.uploadError);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileRef.current) fileRef.current.value = '';
    if (cameraRef.current) cameraRef.current.value = '';
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (!readOnly) void take([...(e.dataTransfer.files ?? [])]);
  };

  const remove = async (p: FormPhoto) => {
    setRemoving(true);
    const err = await onRemove(p);
    setRemoving(false);
    setConfirming(null);
    if (err) { setMessage(err); return; }
    setMessage(null);
    onChange(latest.current.filter((x) => x.path !== p.path));
  };

  const setCaption = (i: number, caption: string) => onChange(photos.map((p, k) => (k === i ? { ...p, caption } : p)));
  const full = photos.length >= max;
  const busy = uploading > 0;

  return (
    <div className="field image-field photo-gallery">
      <span className="field-label">{label} <span className="field-hint">{T.photoCount(photos.length, max)}</span></span>
      {photos.length > 0 && (
        <ol className="photo-grid" aria-label={label}>
          {photos.map((p, i) => (
            <li key={p.path} data-testid="photo-tile" data-photo-index={i}
              className={`photo-tile${drag?.from === i ? ' photo-tile-dragged' : ''}${drag && drag.over === i && drag.from !== i ? ' photo-tile-drop' : ''}`}>
              <div className="photo-thumb">
                <img src={previewSrc(p.thumbPath ? thumbUrlOf(p) : shownUrl(p))} alt={p.caption || T.photoAlt(i + 1)} onClick={() => setViewing(i)} />
                {i === 0 && <span className="photo-badge">{T.photoFirst}</span>}
                {p.drawnPath && <span className="photo-badge photo-badge-drawn">{DRAW_TEXT.badge}</span>}
                {!readOnly && photos.length > 1 && (
                  <span className="photo-drag" role="button" tabIndex={0} aria-label={T.photoDrag(i + 1)} title={T.photoDrag(i + 1)} {...handleProps(i, photos.length)}>
                    <GripVertical size={18} aria-hidden="true" />
                  </span>
                )}
              </div>
              {p.takenAt && <span className="field-hint photo-taken">{T.photoTakenAt(formatDateTimeFr(p.takenAt))}</span>}
              <input className="input photo-caption" aria-label={T.photoCaption(i + 1)} placeholder={T.photoCaptionPlaceholder}
                value={p.caption ?? ''} maxLength={500} disabled={readOnly} onChange={(e) => setCaption(i, e.target.value)} />
              {confirming === p.path ? (
                <div className="image-confirm-inline" role="alertdialog" aria-label={T.photoDelete(i + 1)}>
                  <p>{T.imageDeleteConfirm}</p>
                  <div className="image-confirm-actions">
                    <Button size="sm" onClick={() => setConfirming(null)} disabled={removing}>{T.cancel}</Button>
                    <Button size="sm" variant="danger" busy={removing} onClick={() => void remove(p)}>{T.delete}</Button>
                  </div>
                </div>
              ) : (
                <div className="photo-actions">
                  <IconButton size="sm" label={T.photoOpen(i + 1)} icon={<Maximize2 size={16} aria-hidden="true" />} onClick={() => setViewing(i)} />
                  {!readOnly && <>
                  <IconButton size="sm" label={T.photoBefore(i + 1)} icon={<ArrowLeft size={16} aria-hidden="true" />} disabled={i === 0}
                    onClick={() => onChange(movePhoto(photos, i, -1))} />
                  <IconButton size="sm" label={T.photoAfter(i + 1)} icon={<ArrowRight size={16} aria-hidden="true" />} disabled={i === photos.length - 1}
                    onClick={() => onChange(movePhoto(photos, i, 1))} />
                  <IconButton size="sm" variant="danger" label={T.photoDelete(i + 1)} icon={<Trash2 size={16} aria-hidden="true" />}
                    onClick={() => setConfirming(p.path)} />
                  </>}
                </div>
              )}
              {drawable && !readOnly && confirming !== p.path && (
                <div className="photo-actions photo-draw-actions">
                  <DrawnPhotoActions photo={p} index={i + 1} onStored={onStored} onDiscard={onDiscard} onError={setMessage}
                    onChange={(np) => onChange(latest.current.map((x) => (x.path === np.path ? np : x)))} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {readOnly ? <p className="field-hint">{T.galleryUnavailable}</p> : !full && (
        <>
          <div
            className={`dropzone ${dragOver ? 'dropzone-over' : ''}`}
            role="button" tabIndex={0} aria-disabled={busy || undefined}
            onClick={() => !busy && fileRef.current?.click()}
            onKeyDown={(e) => { if ((e.key === 'Enter' || e.key === ' ') && !busy) { e.preventDefault(); fileRef.current?.click(); } }}
            onDragOver={(e) => { e.preventDefault(); setDragOver(true); }}
            onDragLeave={() => setDragOver(false)}
            onDrop={onDrop}
          >
            {busy ? <Spinner label={T.imageUploading} /> : (
              <>
                <ImagePlus size={28} aria-hidden="true" />
                <span>{T.imageDrop}</span>
                <span className="field-hint">{T.imageFormats}</span>
              </>
            )}
          </div>
          <input ref={fileRef} type="file" accept="image/*" multiple className="sr-only" tabIndex={-1} aria-label={T.imageDrop} data-testid={testId}
            onChange={(e) => void take([...(e.target.files ?? [])])} />
          {device !== 'desktop' && (
            <>
              <Button className="camera-btn" icon={<Camera size={18} aria-hidden="true" />} disabled={busy} onClick={() => cameraRef.current?.click()}>
                {T.imageCamera}
              </Button>
              <input ref={cameraRef} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-label={T.imageCamera}
                data-testid="camera-input" onChange={(e) => void take([...(e.target.files ?? [])])} />
            </>
          )}
        </>
      )}
      {(message || error) && <p className="field-error" role="alert">{message ?? error}</p>}
      {viewing !== null && (
        <PhotoViewer start={viewing} onClose={() => setViewing(null)}
          photos={photos.map((p) => ({ src: previewSrc(shownUrl(p)), url: p.url, drawnUrl: p.drawnPath ? shownUrl(p) : null, caption: p.caption, takenAt: p.takenAt }))} />
      )}
    </div>
  );
}
