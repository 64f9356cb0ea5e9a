// A tab's load (./useLoad) in Chromium: the status shown is the latest load's, even when an earlier one ends after it
// (a load started as the tab opened failing once 'Réessayer' has already loaded the data).
import { afterEach, describe, expect, it } from 'vitest';
import { useLoad } from './useLoad';
import { mounted, type Mounted } from '../../../test/browser/mounted';

let m: Mounted;
afterEach(() => m.unmount());

/** Settles each call's promise when the test says so, in any order. */
function controlledLoader() {
  const calls: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const loader = () => new Promise<void>((resolve, reject) => { calls.push({ resolve, reject }); });
  return { calls, loader };
}

let api: { status: string; reload: () => Promise<void> } | null = null;
function Probe({ loader }: { loader: () => Promise<void> }) {
  api = useLoad(loader);
  return <p>{api.status}</p>;
}

const shown = () => m.host.textContent;
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('useLoad', () => {
  it('an earlier load that fails after the latest one succeeded leaves the latest status', async () => {
    const l = controlledLoader();
    m = mounted(<Probe loader={l.loader} />);
    await settle();
    expect(l.calls).toHaveLength(1); // the mount's load
    const retry = api!.reload();
    expect(l.calls).toHaveLength(2);
    l.calls[1].resolve();
    await retry;
    await settle();
    expect(shown()).toBe('ready');
    l.calls[0].reject(new Error('réseau'));
    await settle();
    expect(shown()).toBe('ready');
  });

  it('the latest load failing shows the error', async () => {
    const l = controlledLoader();
    m = mounted(<Probe loader={l.loader} />);
    await settle();
    const retry = api!.reload();
    l.calls[0].resolve();
    l.calls[1].reject(new Error('réseau'));
    await retry;
    await settle();
    expect(shown()).toBe('error');
  });
});
