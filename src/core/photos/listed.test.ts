// listedPhoto, listedPhotosByPoint and rowPhotos: the image shown and the thumbnail a list loads.
import { describe, expect, it } from 'vitest';
import { listedPhoto, listedPhotosByPoint, rowPhotos } from './listed';

const url = (p: string) => `https://x.example/storage/v1/object/public/poi_images/${p}`;

describe('listed photos', () => {
  it('shows the drawn copy when there is one and lists the thumbnail, else the image shown', () => {
    expect(listedPhoto({ storage_path: 'points/a.jpg', drawn_path: 'points/b.png', thumb_path: 'points/c.jpg' })).toEqual({ shown: 'points/b.png', thumb: 'points/c.jpg' });
    expect(listedPhoto({ storage_path: 'points/a.jpg', drawn_path: null, thumb_path: null }, url)).toEqual({ shown: url('points/a.jpg'), thumb: url('points/a.jpg') });
    expect(listedPhoto({ storage_path: 'points/a.jpg', drawn_path: 'points/b.png' })).toEqual({ shown: 'points/b.png', thumb: 'points/b.png' });
  });
  it('groups the rows by point in their order, at most 4 each', () => {
    const rows = [...'abcde'].map((k) => ({ point_id: 'p', storage_path: `points/${k}.jpg`, thumb_path: `points/${k}.t.jpg` as string | null }))
      .concat([{ point_id: 'q', storage_path: 'points/z.jpg', thumb_path: null }]);
    const m = listedPhotosByPoint(rows, (p) => p);
    expect(m.get('p')!.map((f) => f.thumb)).toEqual(['points/a.t.jpg', 'points/b.t.jpg', 'points/c.t.jpg', 'points/d.t.jpg']);
    expect(m.get('q')).toEqual([{ shown: 'points/z.jpg', thumb: 'points/z.jpg' }]);
    expect(listedPhotosByPoint(rows, (p) => p, 2).get('p')).toHaveLength(2);
  });
  it('a row shows its gallery, else the point\'s single photo, else nothing', () => {
    const g = [1, 2, 3, 4, 5].map((n) => ({ shown: `s${n}`, thumb: `t${n}` }));
    expect(rowPhotos(g, 'u').map((f) => f.thumb)).toEqual(['t1', 't2', 't3', 't4']);
    expect(rowPhotos([], 'https://ext.example/p.jpg')).toEqual([{ shown: 'https://ext.example/p.jpg', thumb: 'https://ext.example/p.jpg' }]);
    expect(rowPhotos(undefined, null)).toEqual([]);
  });
});
