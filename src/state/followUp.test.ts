// The 'après' photo removal of the follow-up form: a failure stops at the first photo and keeps the form's text.
import { describe, expect, it, vi } from 'vitest';
import { removeFormPhoto } from './followUp';

describe('removeFormPhoto', () => {
  it('fails with the image deletion text and removes nothing more when a URL is not one of the stored photos', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const removed: string[] = [];
    const r = await removeFormPhoto(['https://ailleurs.example/photo.jpg', 'https://ailleurs.example/thumb.jpg'], (url) => removed.push(url));
    expect(r).toEqual({ ok: false, kind: 'error', message: "Erreur lors de la suppression de l'image" });
    expect(removed).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
  it('succeeds at once for no URL', async () => {
    expect(await removeFormPhoto([], () => undefined)).toEqual({ ok: true, value: undefined });
  });
});
