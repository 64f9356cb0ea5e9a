// Resolves after `n` animation frames of the test page (layout, resize observers and paint have run in each).
export const frames = (n: number): Promise<void> =>
  new Promise((resolve) => { const step = (k: number) => (k === 0 ? resolve() : requestAnimationFrame(() => step(k - 1))); step(n); });
