// A point's photos one at a time (docs/product.md#photos): arrows (buttons and the keyboard's ← →) on a desktop,
// a swipe on a phone, Escape closes; the photo's alt text is its caption; its capture time and a download link below
// (the drawn copy shown with a 'Dessin' badge, then both the original and the drawing downloadable).
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { Dialog, IconButton } from '../../ui';
import { formatDateTimeFr } from '../../core/format';
import { POINT_TEXT as T } from './strings';
import { DRAW_TEXT } from './drawing/strings';

/** `src`: the image shown (the drawn copy when there is one); `url`: the original; `drawnUrl`: the drawn copy. */
export interface ViewerPhoto { src: string; url: string; drawnUrl?: string | null; caption: string | null; takenAt: string | null }

/** Horizontal travel of a swipe, in CSS pixels. */
const SWIPE_PX = 50;

export function PhotoViewer({ photos, start, onClose }: { photos: ViewerPhoto[]; start: number; onClose: () => void }) {
  const [index, setIndex] = useState(Math.min(Math.max(start, 0), photos.length - 1));
  const down = useRef<{ x: number; y: number } | null>(null);
  const count = photos.length;
  const go = (step: -1 | 1) => setIndex((i) => (i + step + count) % count);
  // The keys wherever the focus is in the viewer (its close button included). Escape closes the viewer only, before
  // the dialogs' own handlers see it: the form under it stays open.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close.current(); return; }
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      setIndex((i) => (i + (e.key === 'ArrowLeft' ? -1 : 1) + count) % count);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [count]);
  const p = photos[index];
  if (!p) return null;

  const onDown = (e: PointerEvent) => { down.current = { x: e.clientX, y: e.clientY }; };
  const onUp = (e: PointerEvent) => {
    const d = down.current;
    down.current = null;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - d.y)) go(dx < 0 ? 1 : -1);
  };
  const many = photos.length > 1;
  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={T.photoViewer} size="lg" className="photo-viewer" dismissOnOutsideClick>
      <div className="photo-viewer-body" data-testid="photo-viewer">
        <div className="photo-viewer-stage" onPointerDown={onDown} onPointerUp={onUp} onPointerCancel={() => { down.current = null; }}>
          <img src={p.src} alt={p.caption || T.photoN(index + 1, photos.length)} draggable={false} />
          {p.drawnUrl && <span className="photo-badge">{DRAW_TEXT.badge}</span>}
        </div>
        <div className="photo-viewer-bar">
          {many && <IconButton label={T.photoPrev} icon={<ChevronLeft size={20} aria-hidden="true" />} onClick={() => go(-1)} />}
          <p className="photo-viewer-caption" aria-live="polite">
            <strong>{T.photoN(index + 1, photos.length)}</strong>
            {p.caption && <> · {p.caption}</>}
            {p.takenAt && <> · {T.photoTakenAt(formatDateTimeFr(p.takenAt))}</>}
          </p>
          {p.drawnUrl ? (
            <div className="photo-viewer-downloads">
              <a className="btn btn-ghost btn-sm" href={p.url} download target="_blank" rel="noreferrer">
                <Download size={16} aria-hidden="true" /> {DRAW_TEXT.downloadOriginal}
              </a>
              <a className="btn btn-ghost btn-sm" href={p.drawnUrl} download target="_blank" rel="noreferrer">
                <Download size={16} aria-hidden="true" /> {DRAW_TEXT.downloadDrawn}
              </a>
            </div>
          ) : (
            <a className="btn btn-ghost btn-sm" href={p.url} download target="_blank" rel="noreferrer">
              <Download size={16} aria-hidden="true" /> {T.photoDownload}
            </a>
          )}
          {many && <IconButton label={T.photoNext} icon={<ChevronRight size={20} aria-hidden="true" />} onClick={() => go(1)} />}
        </div>
        {many && <p className="field-hint photo-viewer-hint">{T.photoSwipeHint}</p>}
      </div>
    </Dialog>
  );
}
