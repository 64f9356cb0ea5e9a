// The drawing editor (docs/product.md#photo-drawing): a photo with arrows, circles, freehand lines and texts in three
// colours over it; 'Annuler' (Ctrl+Z), 'Effacer tout', 'Enregistrer' (the drawn copy and its thumbnail stored, the
// original untouched), 'Fermer' or Escape (asks first when something was drawn). Full screen on a phone, a dialog
// on a desktop.
import { useEffect, useState } from 'react';
import { Button, Dialog, Spinner } from '../../../ui';
import { addShape, canUndo, clearAll, emptyDrawing, textShape, undo, type DrawColour, type DrawTool, type Pt } from '../../../core/photos/drawing';
import { loadPhotoBitmap, storeDrawing, type StoredFile } from '../../../state/photoDrawing';
import { DrawCanvas } from './DrawCanvas';
import { DrawToolbar } from './DrawToolbar';
import { TextPrompt } from './TextPrompt';
import { DRAW_TEXT as T } from './strings';
import './drawing.css';

export interface PhotoDrawEditorProps {
  /** The image shown for the photo (its drawn copy when there is one): what is drawn on. */
  url: string;
  onSaved: (files: { drawn: StoredFile; thumb: StoredFile }) => void;
  onClose: () => void;
}

export function PhotoDrawEditor({ url, onSaved, onClose }: PhotoDrawEditorProps) {
  const [photo, setPhoto] = useState<ImageBitmap | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(emptyDrawing);
  const [tool, setTool] = useState<DrawTool>('circle');
  const [colour, setColour] = useState<DrawColour>('red');
  const [textAt, setTextAt] = useState<Pt | null>(null);
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let bitmap: ImageBitmap | null = null;
    void loadPhotoBitmap(url).then((r) => {
      if (!r.ok) { if (live) setLoadError(r.message); return; }
      bitmap = r.value;
      if (live) setPhoto(r.value); else r.value.close();
    });
    return () => { live = false; bitmap?.close(); };
  }, [url]);

  const dirty = drawing.shapes.length > 0;
  /** 'Fermer', Escape or the dialog's cross: the text prompt first, then a question when shapes would be lost. */
  const requestClose = () => {
    if (saving) return;
    if (textAt) { setTextAt(null); return; }
    if (dirty && !asking) { setAsking(true); return; }
    onClose();
  };
  // Ctrl+Z (⌘Z) wherever the focus is in the editor (a click on the photo leaves it on the dialog), except in a text field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement && e.target.type === 'text';
      if (!typing && (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') { e.preventDefault(); setDrawing(undo); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const save = async () => {
    if (!photo || !dirty) return;
    setSaving(true);
    setError(null);
    const r = await storeDrawing(photo, drawing.shapes);
    if (r.ok) onSaved(r.value);
    else {
      setError(r.message);
      setSaving(false);
    }
  };

  const footer = (
    <>
      <Button onClick={requestClose} disabled={saving}>{T.close}</Button>
      <Button variant="primary" busy={saving} disabled={!photo || !dirty || saving} onClick={() => void save()}>{saving ? T.saving : T.save}</Button>
    </>
  );
  return (
    <Dialog open onOpenChange={(o) => { if (!o) requestClose(); }} title={T.title} size="full" className="draw-editor" footer={footer}>
      <div className="draw-body">
        <DrawToolbar tool={tool} colour={colour} onTool={(t) => { setTool(t); setTextAt(null); }} onColour={setColour}
          canUndo={canUndo(drawing)} canClear={dirty} onUndo={() => setDrawing(undo)} onClear={() => setDrawing(clearAll)} disabled={saving} />
        <p className="field-hint draw-hint" aria-live="polite">{T.hint[tool]}</p>
        {textAt && <TextPrompt onDone={(text) => { const s = textShape(colour, textAt, text); if (s) setDrawing((d) => addShape(d, s)); setTextAt(null); }} />}
        {asking && (
          <div className="image-confirm-inline draw-ask" role="alertdialog" aria-label={T.closeAsk}>
            <p>{T.closeAsk}</p>
            <div className="image-confirm-actions">
              <Button size="sm" autoFocus onClick={() => setAsking(false)}>{T.closeKeep}</Button>
              <Button size="sm" variant="danger" onClick={onClose}>{T.closeDrop}</Button>
            </div>
          </div>
        )}
        {photo ? (
          <DrawCanvas photo={photo} shapes={drawing.shapes} tool={tool} colour={colour}
            onShape={(s) => setDrawing((d) => addShape(d, s))} onTextAt={setTextAt} />
        ) : loadError ? <p className="field-error" role="alert">{loadError}</p> : <div className="draw-canvas"><Spinner label={T.loading} /></div>}
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </Dialog>
  );
}
