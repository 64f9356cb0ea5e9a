// A list row whose point's details were never read: offline it says so in place of the name, and its buttons are
// named after the PK (never 'Modifier ' with nothing after it); online it keeps its dash until the details come.
import { afterEach, describe, expect, it } from 'vitest';
import type { Point } from '../../core/types';
import { PointRow } from './PointRow';
import '../../styles/layout.css';
import { mounted, type Mounted } from '../../../test/browser/mounted';

let m: Mounted;
let host: HTMLElement;
const mount = (node: React.ReactNode) => { m = mounted(node); host = m.host; };
afterEach(() => m.unmount());

const point: Point = {
  id: '00000001-0000-4000-8000-000000000000', name: '', description: '', kilometer: '', kmValue: 21.18, position: { x: 1, y: 2 },
  imageUrl: null, status: 'signale', criticality: 'attention', ticketNumber: null, teamId: null, teamName: null,
  creationDate: '2026-12-01T10:00:00.000Z', createdBy: null,
};
const row = (p: Point, detailsOffline?: boolean) => (
  <PointRow point={p} color="#f59e0b" levelName="Attention" selected={false} onSelect={() => undefined} onEdit={() => undefined}
    onDelete={() => undefined} detailsOffline={detailsOffline} />
);
const buttonNames = () => [...host.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')).filter(Boolean);

describe('a point row without its details', () => {
  it('offline, says the details cannot be read and names its buttons after the PK', () => {
    mount(row(point, true));
    expect(host.querySelector('.list-row-title')!.textContent).toBe('Nom non chargé');
    expect(host.querySelector('.list-row-title')!.getAttribute('title')).toBe('Nom non chargé : les détails de ce signalement ne sont pas disponibles hors ligne');
    expect(host.querySelector('.point-row-pk')!.textContent).toBe('PK 21,18');
    expect(buttonNames()).toEqual(expect.arrayContaining(['Modifier PK 21,18', 'Supprimer PK 21,18']));
  });

  it('online, shows a dash; with its name, the name everywhere', () => {
    mount(row(point));
    expect(host.querySelector('.list-row-title')!.textContent).toBe('—');
    m.unmount();
    mount(row({ ...point, name: 'Rail fissuré' }, true));
    expect(host.querySelector('.list-row-title')!.textContent).toBe('Rail fissuré');
    expect(buttonNames()).toEqual(expect.arrayContaining(['Modifier Rail fissuré', 'Supprimer Rail fissuré']));
  });
});
