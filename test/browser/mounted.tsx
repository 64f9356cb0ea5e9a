// A React tree rendered synchronously into a fresh element of the test page, for browser component tests.
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { ReactNode } from 'react';

export interface Mounted { host: HTMLElement; root: Root; unmount(): void }

export function mounted(node: ReactNode): Mounted {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(node));
  return { host, root, unmount: () => { root.unmount(); host.remove(); } };
}
