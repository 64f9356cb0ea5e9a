// Renderer memory for the app bench: PSS (proportional set size, /proc/<pid>/smaps_rollup) of the Chromium processes
// Playwright launched, by type (the page's renderers — main thread, workers, typed arrays, canvases — and the GPU
// process apart), since typed arrays and bitmaps live outside the JS heap.
import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

/** PSS of one process in MB (0 if it is gone or unreadable). */
export function pssMb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch { return 0; }
}

/** PSS (MB) summed over the browser's renderer processes, the largest renderer's (the page's own: with one blank page
 * Chromium already holds three renderers of about 80, 38 and 20 MB on this machine, which the sum counts), and the GPU
 * process's. */
export async function rendererPss(browser: Browser): Promise<{ rendererPssMb: number; pageRendererPssMb: number; gpuPssMb: number; renderers: number }> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    const renderers = processInfo.filter((p) => p.type === 'renderer');
    const gpu = processInfo.filter((p) => p.type.toLowerCase() === 'gpu');
    const each = renderers.map((p) => pssMb(p.id));
    return {
      rendererPssMb: each.reduce((a, b) => a + b, 0),
      pageRendererPssMb: Math.max(0, ...each),
      gpuPssMb: gpu.reduce((s, p) => s + pssMb(p.id), 0),
      renderers: renderers.length,
    };
  } finally { await cdp.detach().catch(() => {}); }
}
