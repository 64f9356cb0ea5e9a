// A gallery photo's drawing buttons (docs/product.md#photo-drawing): 'Dessiner' opens the editor on the image shown
// and puts the new drawn copy and its thumbnail on the photo; 'Retirer le dessin' goes back to the original (with a
// thumbnail of it). Files stored during this form session and replaced at once are handed to `onDiscard`; saved ones
// are removed by the database once no row points to them.
import { useState } from 'react';
import { Brush, Undo } from 'lucide-react';
import { Button } from '../../../ui';
import type { GalleryPhoto } from '../../../core/photos/gallery';
import { photoUrl } from '../../../state/pointPhotos';
import { storeThumbnailOfPhoto } from '../../../state/photoDrawing';
import { PhotoDrawEditor } from './PhotoDrawEditor';
import { DRAW_TEXT as T } from './strings';

export interface DrawnPhotoActionsProps<P extends GalleryPhoto & { url: string }> {
  photo: P;
  /** 1-based, for the buttons' names. */
  index: number;
  onChange: (photo: P) => void;
  onStored: (url: string) => void;
  onDiscard: (url: string) => void;
  onError: (message: string) => void;
}

/** The URL of the image a gallery photo shows: its drawn copy when there is one. */
export const shownUrl = (p: GalleryPhoto & { url: string }): string => (p.drawnPath ? photoUrl(p.drawnPath) : p.url);

export function DrawnPhotoActions<P extends GalleryPhoto & { url: string }>({ photo, index, onChange, onStored, onDiscard, onError }: DrawnPhotoActionsProps<P>) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const replaced = () => [photo.drawnPath, photo.thumbPath].filter((x): x is string => !!x).map(photoUrl);

  const remove = async () => {
    setRemoving(true);
    try {
      const thumb = await storeThumbnailOfPhoto(photo.url);
      if (thumb) onStored(thumb.url);
      replaced().forEach(onDiscard);
      onChange({ ...photo, drawnPath: null, thumbPath: thumb?.path ?? null });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <Button size="sm" icon={<Brush size={16} aria-hidden="true" />} aria-label={T.drawPhoto(index)} title={T.drawPhoto(index)} onClick={() => setEditing(true)}>{T.draw}</Button>
      {photo.drawnPath && (
        <Button size="sm" icon={<Undo size={16} aria-hidden="true" />} aria-label={T.removePhoto(index)} title={T.removePhoto(index)} busy={removing}
          onClick={() => void remove().catch(() => onError(T.removeError))}>{T.remove}</Button>
      )}
      {editing && (
        <PhotoDrawEditor url={shownUrl(photo)} onClose={() => setEditing(false)} onSaved={({ drawn, thumb }) => {
          onStored(drawn.url);
          onStored(thumb.url);
          replaced().forEach(onDiscard);
          onChange({ ...photo, drawnPath: drawn.path, thumbPath: thumb.path });
          setEditing(false);
        }} />
      )}
    </>
  );
}
