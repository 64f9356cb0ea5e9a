// Replacing the line image: choose a file, read its natural size, warn when it differs from the current one
// (points, zones and markers stay in image pixels), then upload and record app_settings 'line_image'.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ImageUp } from 'lucide-react';
import { Alert, Button, toast } from '../../ui';
import { lineImageAtom } from '../../state/tables';
import { replaceLineImage } from '../../state/adminActions';
import { LINE_IMAGE_MAX_BYTES, lineImageExtension, lineImageSizeDiffers } from '../../core/admin/lineRuler';
import { A } from './strings';

type Chosen = { file: File; ext: string; width: number; height: number; previewUrl: string };

function readImageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('unreadable image'));
    img.src = url;
  });
}

export function LineImageReplace() {
  const current = useAtomValue(lineImageAtom);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => { if (chosen) URL.revokeObjectURL(chosen.previewUrl); }, [chosen]);

  const onFile = async (file: File | undefined) => {
    setError(null);
    setChosen(null);
    if (!file) return;
    const ext = lineImageExtension(file.type);
    if (!ext) { setError(A.line.imageType); return; }
    if (file.size > LINE_IMAGE_MAX_BYTES) { setError(A.line.imageTooBig(LINE_IMAGE_MAX_BYTES / 1024 / 1024)); return; }
    const previewUrl = URL.createObjectURL(file);
    try {
      const size = await readImageSize(previewUrl);
      setChosen({ file, ext, previewUrl, ...size });
    } catch {
      URL.revokeObjectURL(previewUrl);
      setError(A.line.imageUnreadable);
    }
  };
  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    const r = await replaceLineImage({ file: chosen.file, ext: chosen.ext, width: chosen.width, height: chosen.height });
    setBusy(false);
    if (r.ok) { toast(A.line.replaced, 'success'); setChosen(null); }
    else setError(r.message);
  };

  const differs = chosen && lineImageSizeDiffers(current, chosen);
  return (
    <section className="admin-section line-image" aria-labelledby="line-image-title">
      <h4 id="line-image-title" className="admin-subheading">{A.line.imageTitle}</h4>
      <p className="muted">{A.line.imageCurrent(current.width, current.height)}</p>
      <p className="admin-note">{A.line.imageHelp}</p>
      <label className="btn btn-secondary file-button">
        <ImageUp size={16} aria-hidden="true" />
        <span className="btn-label">{A.line.chooseImage}</span>
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="sr-only" data-testid="line-image-input"
          onChange={(e) => { void onFile(e.target.files?.[0]); e.target.value = ''; }} />
      </label>
      {chosen && (
        <div className="line-image-chosen">
          <img src={chosen.previewUrl} alt="" className="line-image-preview" />
          <p>{chosen.file.name} — {chosen.width} × {chosen.height} px</p>
          {differs && <Alert kind="warning">{A.line.sizeDiffers(chosen.width, chosen.height, current.width, current.height)}</Alert>}
          <div className="admin-actions">
            <Button onClick={() => setChosen(null)} disabled={busy}>{A.cancel}</Button>
            <Button variant={differs ? 'danger' : 'primary'} busy={busy} onClick={() => void confirm()}>{A.line.confirmReplace}</Button>
          </div>
        </div>
      )}
      {error && <Alert kind="error">{error}</Alert>}
    </section>
  );
}
