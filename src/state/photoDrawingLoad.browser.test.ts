// Opening a photo for drawing in Chromium: an unreadable photo is a failure with the editor's French text, never a throw.
import { describe, expect, it, vi } from 'vitest';
import { loadPhotoBitmap } from './photoDrawing';

describe('loadPhotoBitmap', () => {
  it("fails with 'Impossible de charger la photo' when the photo cannot be read", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const r = await loadPhotoBitmap(`${location.origin}/pas-de-photo-${Date.now()}.jpg`);
    expect(r).toEqual({ ok: false, kind: 'error', message: 'Impossible de charger la photo. Vérifiez la connexion puis réessayez.' });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
  it('opens a readable photo at its size', async () => {
    const c = new OffscreenCanvas(40, 30);
    c.getContext('2d')!.fillRect(0, 0, 40, 30);
    const url = URL.createObjectURL(await c.convertToBlob({ type: 'image/png' }));
    const r = await loadPhotoBitmap(url);
    URL.revokeObjectURL(url);
    expect(r.ok && [r.value.width, r.value.height]).toEqual([40, 30]);
  });
});
