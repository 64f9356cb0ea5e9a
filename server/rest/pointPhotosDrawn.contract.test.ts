// A photo's drawn copy and thumbnail through the gallery's repository (src/data/pointPhotosRepository.ts, docs/product.md#photo-drawing)
// on a Node supabase-js client against the REST handler over the migrated schema: setGallery sends drawn_path and
// thumb_path, fetchGallery reads them back; drawing again replaces them and 'Retirer le dessin' clears the drawn copy,
// the original's path staying as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import { fetchGallery, setGallery } from '../../src/data/pointPhotosRepository';
import type { GalleryPhoto } from '../../src/core/photos/gallery';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

let h: Harness;
let pointId = '';

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  const userId = await createUserWithProfile(db, 'agent@example.test', 'user');
  const c = h.client(await h.userToken(userId, 'agent@example.test'));
  setSupabaseClient(c);
  const p = await c.from('points').insert({ name: 'Éclisse', description: '', position: { x: 10, y: 10 }, criticality: 'attention', status: 'signale' }).select('id').single();
  expect(p.error).toBeNull();
  pointId = p.data!.id as string;
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

const photo = (over: Partial<GalleryPhoto> = {}): GalleryPhoto => ({
  path: `points/${pointId}-o.jpg`, caption: 'Gros plan', takenAt: null, lat: null, lon: null, width: 1600, height: 1200, bytes: 1234, ...over,
});

describe('drawn copies through the gallery repository', () => {
  it('sends and reads back the drawn copy and its thumbnail, then replaces and clears them', async () => {
    await setGallery(pointId, [photo()]);
    expect(await fetchGallery(pointId)).toEqual([photo({ drawnPath: null, thumbPath: null })]);

    const drawn = photo({ drawnPath: `points/${pointId}-d1.jpg`, thumbPath: `points/${pointId}-d1t.jpg` });
    await setGallery(pointId, [drawn]);
    await setGallery(pointId, [drawn]); // the outbox may send it twice
    expect(await fetchGallery(pointId)).toEqual([drawn]);

    const again = photo({ drawnPath: `points/${pointId}-d2.jpg`, thumbPath: `points/${pointId}-d2t.jpg` });
    await setGallery(pointId, [again]);
    expect(await fetchGallery(pointId)).toEqual([again]);

    const removed = photo({ drawnPath: null, thumbPath: `points/${pointId}-ot.jpg` });
    await setGallery(pointId, [removed]);
    expect(await fetchGallery(pointId)).toEqual([removed]);
  });

  it('refuses a drawn copy outside the photos folder', async () => {
    await expect(setGallery(pointId, [photo({ drawnPath: '../secret.jpg' })])).rejects.toMatchObject({ code: '23514' });
    expect((await fetchGallery(pointId))[0].drawnPath).toBeNull();
  });
});
