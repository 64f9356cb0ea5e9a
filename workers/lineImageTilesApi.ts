// Upload-time tiling of a line image: decodes the file chosen by an admin once and returns its tile pyramid
// as PNG files named `level/col_row.png`, to be stored beside the image (src/state/lineImageTiles.ts) so that viewers
// fetch only the tiles in view and never decode the whole image. Runs in workers/lineImageTiles.worker.ts.
import { tilePath } from '../src/core/imageTiles';
import { cutTiles } from './tileCutter';

export const lineImageTilesApi = {
  /** The image's width, height and tiles. */
  async cut(file: Blob): Promise<{ width: number; height: number; tiles: { path: string; blob: Blob }[] }> {
    const src = await createImageBitmap(file);
    try {
      const tiles: { path: string; blob: Blob }[] = [];
      for await (const { tile, blob } of cutTiles(src, 1_000_000)) tiles.push({ path: tilePath(tile), blob });
      return { width: src.width, height: src.height, tiles };
    } finally {
      src.close();
    }
  },
};
export type LineImageTilesApi = typeof lineImageTilesApi;
