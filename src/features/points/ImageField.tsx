// Photo of a point: drag and drop, click, or camera capture on mobile; preview, delete with confirmation,
// 'Upload en cours...', and the type/size/format messages of SPEC §5.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { Button, Spinner } from '../../ui';
import { checkImageFile, isValidImageUrl, VALIDATION_MESSAGES } from '../../core/validation';
import { uploadPointImageAware as uploadPointImage } from '../../state/offline/offlineActions';
import { previewSrc } from '../../state/offline/photos';
import { useDeviceClass } from '../../ui/useDeviceClass';
import { POINT_TEXT as T } from './strings';

export interface ImageFieldProps {
  value: string | null;
  /** A new uploaded URL, or null when the user removed the image. */
  onChange: (url: string | null) => void;
  /** Asked before clearing: resolves to an error message to show, or null. */
  onRemove: (url: string) => Promise<string | null>;
  onUploadingChange: (uploading: boolean) => void;
  error?: string | null;
}

export function ImageField({ value, onChange, onRemove, onUploadingChange, error }: ImageFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const device = useDeviceClass();

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok) { setMessage(check.error); return; }
    setMessage(null);
    setUploading(true);
    try {
      const url = await uploadPointImage(file, check.ext);
      if (!isValidImageUrl(url)) throw new Error(VALIDATION_MESSAGES.generatedUrlInvalid);
      onChange(url);
    } catch (err) {
      console.error(T.uploadError, err);
      const m = err instanceof Error && err.message === VALIDATION_MESSAGES.generatedUrlInvalid ? err.message : T.uploadError;
      setMessage(m);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
      if (cameraRef.current) cameraRef.current.value = '';
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    void take(e.dataTransfer.files?.[0]);
  };

  const remove = async () => {
    if (!value) return;
    setRemoving(true);
    const err = await onRemove(value);
    setRemoving(false);
    setConfirming(false);
    if (err) setMessage(err);
    else { setMessage(null); onChange(null); }
  };

  return (
    <div className="field image-field">
      <span className="field-label">{T.image}</span>
      {value ? (
        <div className="image-preview">
          <img src={previewSrc(value)} alt={T.imagePreview} onError={() => { if (navigator.onLine) onChange(null); /* offline: keep the link, the photo is only not cached */ }} />
          {!confirming ? (
            <Button size="sm" variant="danger" className="image-delete" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setConfirming(true)}>
              {T.imageDelete}
            </Button>
          ) : (
            <div className="image-confirm" role="alertdialog" aria-label={T.imageDelete}>
              <p>{T.imageDeleteConfirm}</p>
              <div className="image-confirm-actions">
                <Button size="sm" onClick={() => setConfirming(false)} disabled={removing}>{T.cancel}</Button>
                <Button size="sm" variant="danger" busy={removing} onClick={() => void remove()}>{T.delete}</Button>
              </div>
            </div>
          )}
        </div>
      ) : (
        <div
          className={`dropzone ${dragOver ? 'dropzone-over' : ''}`}
          role="button" tabIndex={0} aria-disabled={uploading || undefined}
          onClick={() => !uploading && fileRef.current?.click()}
          onKeyDown={(e) => { if ((e.key === 'Enter' || e.key === ' ') && !uploading) { e.preventDefault(); fileRef.current?.click(); } }}
          onDragOver={(e) => { e.preventDefault(); setDragOver(true); }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
        >
          {uploading ? <Spinner label={T.imageUploading} /> : (
            <>
              <ImagePlus size={28} aria-hidden="true" />
              <span>{T.imageDrop}</span>
              <span className="field-hint">{T.imageFormats}</span>
            </>
          )}
        </div>
      )}
      <input ref={fileRef} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label={T.imageDrop} data-testid="image-input"
        onChange={(e) => void take(e.target.files?.[0])} />
      {!value && device !== 'desktop' && (
        <>
          <Button className="camera-btn" icon={<Camera size={18} aria-hidden="true" />} disabled={uploading} onClick={() => cameraRef.current?.click()}>
            {T.imageCamera}
          </Button>
          <input ref={cameraRef} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-label={T.imageCamera}
            onChange={(e) => void take(e.target.files?.[0])} />
        </>
      )}
      {(message || error) && <p className="field-error" role="alert">{message ?? error}</p>}
    </div>
  );
}
