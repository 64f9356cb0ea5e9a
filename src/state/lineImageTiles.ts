// A line image's tiles made once, when an admin uploads it: cut in a worker (workers/lineImageTiles.worker.ts,
// the main thread if no worker can start) and stored beside the image under `<image path without extension>-tiles/`,
// a few uploads at a time; returns the metadata recorded in lines.image.tiles.
import { hostWorker } from '../platform/workerHost';
import { storedTilesFor, type StoredTiles } from '../core/imageTiles';
import type { LineImageTilesApi } from '../../workers/lineImageTilesApi';

const PARALLEL_UPLOADS = 4;

/** Cuts `file` and uploads its tiles with `upload(path, blob)` (returns the public URL); `imagePath`: the image's path. */
export async function uploadLineImageTiles(file: Blob, imagePath: string, upload: (path: string, blob: Blob) => Promise<string>): Promise<StoredTiles> {
  const host = hostWorker<LineImageTilesApi>({
    create: () => new Worker(new URL('../../workers/lineImageTiles.worker.ts', import.meta.url), { type: 'module' }),
    fallback: async () => (await import('../../workers/lineImageTilesApi')).lineImageTilesApi,
  });
  try {
    const { width, height, tiles } = await host.api.cut(file);
    const folder = `${imagePath.replace(/\.[^./]+$/, '')}-tiles`;
    let base = '';
    let next = 0;
    const worker = async () => {
      while (next < tiles.length) {
        const t = tiles[next++];
        const url = await upload(`${folder}/${t.path}`, t.blob);
        if (!base) base = url.slice(0, url.length - t.path.length - 1);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    return storedTilesFor(base, width, height);
  } finally {
    host.terminate();
  }
}
