// The form's gallery in Chromium: a tile shows the photo's thumbnail (the photo itself when it has none); dragging a
// photo's handle onto another tile moves it there; a short press is no drag; the arrow keys on the handle move it
// one place.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { PhotoGalleryField, type FormPhoto } from './PhotoGalleryField';
import { initSupabase } from '../../data/client';

// The real client gives the photos' public addresses (no request is made).
initSupabase({ supabaseUrl: 'https://photos.invalid', supabaseAnonKey: 'anon' });

let host: HTMLElement;
let root: Root;
afterEach(() => { root.unmount(); host.remove(); });

const photo = (k: string, thumb = true): FormPhoto => ({
  path: `points/${k}.jpg`, url: `https://photos.invalid/storage/v1/object/public/poi_images/points/${k}.jpg`, caption: null, takenAt: null, lat: null, lon: null,
  width: null, height: null, bytes: null, ...(thumb ? { thumbPath: `points/${k}.t.jpg` } : {}),
});

/** The gallery holding `photos`, re-rendered with each change; returns the orders it was given. */
function mount(photos: FormPhoto[]) {
  const orders: string[][] = [];
  host = document.createElement('div');
  host.style.cssText = 'position: fixed; top: 0; left: 0; width: 600px'; // every tile on screen (elementFromPoint)
  document.body.append(host);
  root = createRoot(host);
  const render = (list: FormPhoto[]) => flushSync(() => root.render(
    <PhotoGalleryField photos={list} onStored={() => {}} onRemove={async () => null} onUploadingChange={() => {}}
      onChange={(next) => { orders.push(next.map((p) => p.path.slice(7, 8))); render(next); }} />));
  render(photos);
  return orders;
}

/** A pointer move's state update (continuous priority) rendered. */
const settled = () => new Promise((r) => setTimeout(r, 20));
const handle = (n: number) => host.querySelector(`[aria-label^="Déplacer la photo ${n} "]`) as HTMLElement;
const centre = (el: Element) => { const r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; };
const pointer = (el: Element, type: string, at: { x: number; y: number }) =>
  el.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 7, button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: at.x, clientY: at.y }));

describe('PhotoGalleryField', () => {
  it('shows each photo\'s thumbnail, the photo itself when it has none', () => {
    mount([photo('a'), photo('b', false)]);
    const srcs = [...host.querySelectorAll('.photo-thumb img')].map((i) => (i as HTMLImageElement).src);
    expect(srcs).toEqual(['https://photos.invalid/storage/v1/object/public/poi_images/points/a.t.jpg', 'https://photos.invalid/storage/v1/object/public/poi_images/points/b.jpg']);
  });

  it('moves a photo dragged by its handle onto another tile; a press without a move is no drag', async () => {
    const orders = mount([photo('a'), photo('b'), photo('c')]);
    const from = handle(1);
    const start = centre(from);
    pointer(from, 'pointerdown', start);
    pointer(from, 'pointerup', start);
    expect(orders).toEqual([]);

    const target = centre(host.querySelectorAll('[data-photo-index]')[2].querySelector('.photo-thumb')!);
    pointer(from, 'pointerdown', start);
    pointer(from, 'pointermove', { x: start.x + 20, y: start.y });
    await settled();
    pointer(from, 'pointermove', target);
    await settled();
    const tiles = host.querySelectorAll('[data-photo-index]');
    expect([tiles[0].classList.contains('photo-tile-dragged'), tiles[2].classList.contains('photo-tile-drop')]).toEqual([true, true]);
    pointer(from, 'pointerup', target);
    await settled();
    expect(orders).toEqual([['b', 'c', 'a']]);
    expect(host.querySelector('.photo-tile-drop')).toBeNull();
  });

  it('moves a photo one place with the arrow keys on its handle', () => {
    const orders = mount([photo('a'), photo('b'), photo('c')]);
    handle(2).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(orders).toEqual([['a', 'c', 'b']]);
    handle(1).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })); // already first
    expect(orders).toHaveLength(1);
  });
});
