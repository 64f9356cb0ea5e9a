// The galleries this session last read or sent, by point (docs/product.md#photos): the form edits a point's photos
// without network from them. Kept in memory for the signed-in user only.
import type { GalleryPhoto } from '../core/photos/gallery';
import { definePart } from '../core/session/scope';
import { currentSession } from './userSession';

const galleriesPart = definePart('galleries', () => new Map<string, GalleryPhoto[]>(), (m) => m.clear());
const galleries = () => currentSession().part(galleriesPart);

export const rememberGallery = (pointId: string, photos: readonly GalleryPhoto[]): void => { galleries().set(pointId, [...photos]); };
export const rememberedGallery = (pointId: string): GalleryPhoto[] | null => galleries().get(pointId) ?? null;
