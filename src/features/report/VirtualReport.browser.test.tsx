// The report's list in pages (Chromium): past the page size the list shows one page of rows, with 'Lignes a à b sur n'
// and previous/next buttons above and below; every row is reachable, in order, and a new plan opens on page 1.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { VirtualReport } from './VirtualReport';
import { indexFromPoints, type PointDetails } from '../../core/report/reportIndex';
import { planReport } from '../../core/report/plan';
import { OUTSIDE_ZONES } from '../../core/report/classify';
import { createDetailsCache } from '../../state/reportDetails';
import { makePoint } from '../../../test/fixtures/report/fixtures';
import type { ReportSession } from './reportSession';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const points = Array.from({ length: 100 }, (_, i) => makePoint(uuid(i), 100 + i, 50, 10 + i / 100));
const name = (i: number) => `Point ${uuid(i)}`;

function session(n = points.length): ReportSession {
  const index = indexFromPoints(points.slice(0, n));
  const plan = planReport(new Int32Array(n).fill(OUTSIDE_ZONES), index.km, [], []);
  const details = createDetailsCache(async (ids) => ids.map((id): PointDetails => ({ id, name: `Point ${id}`, description: '', ticketNumber: null, imageUrl: null, teamName: null })));
  return { request: {} as ReportSession['request'], plan, index, zones: [], levels: [], teams: [], generatedAt: new Date(), details };
}

let root: Root | null = null, host: HTMLDivElement | null = null;
afterEach(() => { act(() => root?.unmount()); host?.remove(); });

async function mount(s: ReportSession) {
  host = document.createElement('div');
  host.className = 'dialog-body';
  host.style.cssText = 'position:fixed;left:0;top:0;width:1000px;height:600px;overflow:auto';
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root!.render(<><div style={{ height: 300 }}>Résumé</div><VirtualReport session={s} pageRows={40} /></>));
}
const pager = () => host!.querySelector('.report-pager')!;
const button = (label: string) => [...pager().querySelectorAll('button')].find((b) => b.textContent === label)!;
const labels = () => [...host!.querySelectorAll('.report-label')].map((e) => e.textContent);

describe('VirtualReport pages', () => {
  it('shows 40 rows a page, turns pages both ways and reaches every row in order', async () => {
    await mount(session());
    expect(host!.querySelectorAll('.report-pager')).toHaveLength(2); // above and below
    expect(pager().textContent).toContain('Lignes 1 à 40 sur 100');
    expect(button('Page précédente').disabled).toBe(true);
    await expect.poll(labels).toContain(name(0));
    expect(labels()).not.toContain(name(40));
    await act(async () => button('Page suivante').click());
    expect(pager().textContent).toContain('Lignes 41 à 80 sur 100');
    await expect.poll(() => labels()[0]).toBe(name(40));
    expect(labels()).not.toContain(name(39));
    await act(async () => button('Page suivante').click());
    expect(pager().textContent).toContain('Lignes 81 à 100 sur 100');
    expect(button('Page suivante').disabled).toBe(true);
    await expect.poll(labels).toEqual(Array.from({ length: 20 }, (_, k) => name(80 + k))); // the last page, whole
    await act(async () => button('Page précédente').click());
    expect(pager().textContent).toContain('Lignes 41 à 80 sur 100');
    // From the bottom pager, at the end of a page: the next page shows from its top
    host!.scrollTop = host!.scrollHeight;
    await new Promise((r) => setTimeout(r, 100));
    const bottom = [...host!.querySelectorAll('.report-pager')][1];
    await act(async () => [...bottom.querySelectorAll('button')].find((b) => b.textContent === 'Page suivante')!.click());
    await expect.poll(() => labels()[0]).toBe(name(80));
    await new Promise((r) => setTimeout(r, 100));
    expect(host!.scrollTop).toBeGreaterThan(250); // at the new page's top pager, below the summary: not at 0
    expect(host!.scrollTop).toBeLessThan(350);
    await expect.poll(() => labels()[0]).toBe(name(80));
  });

  it('has no pager when the plan fits in one page, and a new plan opens on its first page', async () => {
    await mount(session(40));
    expect(host!.querySelector('.report-pager')).toBeNull();
    await act(async () => root!.render(<><div style={{ height: 300 }}>Résumé</div><VirtualReport session={session()} pageRows={40} /></>));
    await act(async () => button('Page suivante').click());
    await act(async () => root!.render(<><div style={{ height: 300 }}>Résumé</div><VirtualReport session={session()} pageRows={40} /></>));
    expect(pager().textContent).toContain('Lignes 1 à 40 sur 100');
  });
});
