// The point form's photos (docs/product.md#photos): the point's gallery loaded when the form opens (its change still
// waiting on the device first), what the form changed, and the first photo that becomes the point's imageUrl.
import { useEffect, useRef, useState } from 'react';
import { galleryChanged, type GalleryPhoto } from '../../core/photos/gallery';
import { storagePathOfImageUrl } from '../../core/validation';
import type { Point } from '../../core/types';
import { loadGallery, photoUrl } from '../../state/pointPhotos';
import type { FormPhoto } from './PhotoGalleryField';

export type GalleryStatus = 'loading' | 'ready' | 'unavailable';

const bare = ({ url: _url, ...p }: FormPhoto): GalleryPhoto => ({ ...p, caption: p.caption?.trim() || null }); // the URL is the form's, not saved
const withUrl = (p: GalleryPhoto): FormPhoto => ({ ...p, url: photoUrl(p.path) });
/** The point's single photo when its gallery cannot be read (offline, or a photo outside the bucket). */
const onlyFirst = (url: string): FormPhoto =>
  ({ path: storagePathOfImageUrl(url) ?? url, url, caption: null, takenAt: null, lat: null, lon: null, width: null, height: null, bytes: null });

export function useFormGallery(editing: Point | null) {
  const [status, setStatus] = useState<GalleryStatus>(editing ? 'loading' : 'ready');
  const [photos, setPhotos] = useState<FormPhoto[]>([]);
  const initial = useRef<GalleryPhoto[]>([]);

  useEffect(() => {
    if (!editing) return;
    let live = true;
    loadGallery(editing.id).then((g) => {
      if (!live) return;
      const first = editing.imageUrl;
      // A gallery that does not hold the point's photo (a URL outside the bucket): shown, left as it is.
      if (g === null || (first && !g.some((p) => photoUrl(p.path) === first || p.path === storagePathOfImageUrl(first)))) {
        setPhotos(first ? [onlyFirst(first)] : []);
        setStatus(g === null || first ? 'unavailable' : 'ready');
        return;
      }
      initial.current = g;
      setPhotos(g.map(withUrl));
      setStatus('ready');
    }).catch((err) => {
      console.error('Galerie illisible', err);
      if (!live) return;
      setPhotos(editing.imageUrl ? [onlyFirst(editing.imageUrl)] : []);
      setStatus('unavailable');
    });
    return () => { live = false; };
  }, [editing]);

  return {
    status,
    photos,
    setPhotos,
    /** The gallery to save, or undefined when the form did not change it (or could not read it). */
    changed(): GalleryPhoto[] | undefined {
      if (status !== 'ready') return undefined;
      const now = photos.map(bare);
      return galleryChanged(initial.current, now) ? now : undefined;
    },
    /** The whole gallery (a point recreated after its deletion elsewhere), or undefined when it could not be read. */
    all(): GalleryPhoto[] | undefined {
      return status === 'ready' ? photos.map(bare) : undefined;
    },
    /** The point's imageUrl: the first photo (`current` when the gallery could not be read). */
    firstUrl(current: string | null): string | null {
      return status === 'ready' ? photos[0]?.url ?? null : current;
    },
  };
}
