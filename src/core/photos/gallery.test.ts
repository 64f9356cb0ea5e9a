// movePhoto, moveTo, roomLeft, galleryChanged, galleryFiles, galleryRpcRows, listedPath and photoPaths.
import { describe, expect, it } from 'vitest';
import { galleryChanged, galleryFiles, galleryRpcRows, listedPath, movePhoto, moveTo, photoPaths, roomLeft, type GalleryPhoto } from './gallery';

const ph = (path: string, caption: string | null = null): GalleryPhoto =>
  ({ path, caption, takenAt: null, lat: null, lon: null, width: null, height: null, bytes: null });

describe('gallery', () => {
  it('moves a photo one place, never past an end', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
  it('moves a photo to any place (a drag), the others keeping their order', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c'], 1, 5)).toEqual(['a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c'], -1, 0)).toEqual(['a', 'b', 'c']);
  });
  it('counts the room left of 8', () => {
    expect([roomLeft(0), roomLeft(5), roomLeft(8), roomLeft(9)]).toEqual([8, 3, 0, 0]);
    expect([roomLeft(1, 4), roomLeft(4, 4)]).toEqual([3, 0]);
  });
  it('sees a change of order, file or caption, not an empty caption for none', () => {
    const a = [ph('points/1.jpg'), ph('points/2.jpg', 'Vue large')];
    expect(galleryChanged(a, [a[1], a[0]])).toBe(true);
    expect(galleryChanged(a, [a[0], ph('points/2.jpg', 'Gros plan')])).toBe(true);
    expect(galleryChanged(a, [a[0]])).toBe(true);
    expect(galleryChanged([ph('points/1.jpg', '')], [ph('points/1.jpg', null)])).toBe(false);
  });
  it('names the RPC fields as the database does', () => {
    expect(galleryRpcRows([{ ...ph('points/1.jpg', 'x'), takenAt: '2026-11-30T08:15:00.000Z', lat: 45, lon: 4, width: 10, height: 20, bytes: 30 }]))
      .toEqual([{ path: 'points/1.jpg', caption: 'x', taken_at: '2026-11-30T08:15:00.000Z', gnss_lat: 45, gnss_lon: 4, width: 10, height: 20, bytes: 30, drawn_path: null, thumb_path: null }]);
    expect(galleryRpcRows([{ ...ph('points/1.jpg'), drawnPath: 'points/2.jpg', thumbPath: 'points/3.jpg' }])[0])
      .toMatchObject({ drawn_path: 'points/2.jpg', thumb_path: 'points/3.jpg' });
  });
  it('sees a drawing added or removed, and lists every file of a gallery', () => {
    const a = [ph('points/1.jpg')];
    const drawn = [{ ...a[0], drawnPath: 'points/d.jpg', thumbPath: 'points/t.jpg' }];
    expect(galleryChanged(a, drawn)).toBe(true);
    expect(galleryChanged(drawn, [{ ...drawn[0], thumbPath: null }])).toBe(true);
    expect(galleryChanged(a, [{ ...a[0], drawnPath: null, thumbPath: null }])).toBe(false);
    expect(galleryFiles([...drawn, ph('points/4.jpg')])).toEqual(['points/1.jpg', 'points/d.jpg', 'points/t.jpg', 'points/4.jpg']);
  });
  it('lists the thumbnail when there is one, else the photo; a thumbnail added is a change', () => {
    expect(listedPath({ path: 'points/1.png', thumbPath: 'points/2.jpg' })).toBe('points/2.jpg');
    expect(listedPath({ path: 'points/1.png', thumbPath: null })).toBe('points/1.png');
    expect(listedPath({ path: 'points/1.png' })).toBe('points/1.png');
    expect(photoPaths({ path: 'points/1.png', thumbPath: 'points/2.jpg' })).toEqual(['points/1.png', 'points/2.jpg']);
    expect(photoPaths({ path: 'points/1.png' })).toEqual(['points/1.png']);
    expect(photoPaths({ path: 'points/1.png', drawnPath: 'points/d.jpg', thumbPath: 'points/2.jpg' })).toEqual(['points/1.png', 'points/d.jpg', 'points/2.jpg']);
    expect(listedPath({ path: 'points/1.png', drawnPath: 'points/d.jpg' })).toBe('points/d.jpg');
    expect(galleryChanged([ph('points/1.jpg')], [{ ...ph('points/1.jpg'), thumbPath: 'points/2.jpg' }])).toBe(true);
  });
});
