// The sidebar rows' shared icons (./rowIcons) in Chromium: a row's <use> draws the sprite's icon at its size, and
// draws nothing without the sprite (what a list that forgot it would show).
import { afterEach, describe, expect, it } from 'vitest';
import { RowIcon, RowIconSprite } from './rowIcons';
import { mounted, type Mounted } from '../../../test/browser/mounted';

let m: Mounted;
let host: HTMLElement;
const mount = (node: React.ReactNode) => { m = mounted(node); host = m.host; };
afterEach(() => m.unmount());

const drawnBox = () => (host.querySelector(':scope > svg:not([width="0"]) use') as SVGUseElement).getBBox();

describe('row icons', () => {
  it('draws each icon of the sprite', () => {
    mount(<><RowIconSprite /><RowIcon name="pencil" /><RowIcon name="link" /><RowIcon name="trash" /></>);
    const icons = [...host.querySelectorAll(':scope > svg:not([width="0"])')];
    expect(icons).toHaveLength(3);
    for (const svg of icons) {
      expect(svg.getBoundingClientRect().width).toBe(16);
      const box = (svg.querySelector('use') as SVGUseElement).getBBox();
      expect(box.width * box.height).toBeGreaterThan(0);
    }
  });

  it('draws nothing without the sprite', () => {
    mount(<RowIcon name="trash" />);
    const box = drawnBox();
    expect(box.width * box.height).toBe(0);
  });
});
