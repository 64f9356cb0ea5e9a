// Deferred screens in Chromium: a progress bar while the module loads, then the screen; a module loaded before renders
// in the first render (no Suspense, no throttle); a module that cannot be loaded says so in French and closes, and is
// tried again next time.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { deferredModule, DeferredScreen } from './DeferredScreen';
import { getToasts } from '../../ui/toast';

let host: HTMLElement;
let root: Root;
afterEach(() => { root.unmount(); host.remove(); });
function mount(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  flushSync(() => root.render(node));
}
const Screen = () => <p>Écran chargé</p>;

describe('DeferredScreen', () => {
  it('shows a progress bar while loading, then the screen; once loaded, the screen at the first render', async () => {
    let release!: () => void;
    const mod = deferredModule(() => new Promise<{ Screen: typeof Screen }>((resolve) => { release = () => resolve({ Screen }); }));
    mount(<DeferredScreen module={mod} render={(m) => <m.Screen />} failed="Échec" onFailed={() => {}} />);
    expect(host.querySelector('[role="status"]')).not.toBeNull();
    release();
    await expect.poll(() => host.textContent).toBe('Écran chargé');
    root.unmount(); host.remove();
    mount(<DeferredScreen module={mod} render={(m) => <m.Screen />} failed="Échec" onFailed={() => {}} />);
    expect(host.textContent).toBe('Écran chargé'); // in the same task as the render: nothing suspended
  });

  it('closes with a French message when the module cannot be loaded, and tries again next time', async () => {
    let attempts = 0;
    const mod = deferredModule(async () => { attempts++; if (attempts === 1) throw new Error('chunk 404'); return { Screen }; });
    const closed: string[] = [];
    mount(<DeferredScreen module={mod} render={(m) => <m.Screen />} failed="L'écran n'a pas pu être chargé." onFailed={() => closed.push('closed')} />);
    await expect.poll(() => closed).toEqual(['closed']);
    expect(getToasts().map((t) => [t.message, t.kind])).toContainEqual(["L'écran n'a pas pu être chargé.", 'error']);
    expect(mod.loaded()).toBeNull();
    await expect(mod.load()).resolves.toEqual({ Screen });
    expect(attempts).toBe(2);
    expect(mod.loaded()).toEqual({ Screen });
  });
});
