// The mode machine (./modeMachine): transitions of docs/product.md#modes and who may enter draw-zone.
import { describe, expect, it } from 'vitest';
import { modeAllowed, nextMode, type AppMode } from './modeMachine';

const MODES: AppMode[] = ['view', 'draw-point', 'draw-zone', 'route-report', 'select'];

describe('nextMode', () => {
  it('enters the requested mode from view', () => {
    for (const m of MODES) expect(nextMode('view', m)).toBe(m);
  });

  it('toggles an active mode back to view when requested again', () => {
    for (const m of MODES) expect(nextMode(m, m)).toBe('view');
  });

  it('leaves route-report for view whatever is requested', () => {
    for (const m of MODES) expect(nextMode('route-report', m)).toBe('view');
  });

  it('switches directly between the drawing modes and the lasso', () => {
    expect(nextMode('draw-point', 'draw-zone')).toBe('draw-zone');
    expect(nextMode('draw-zone', 'select')).toBe('select');
    expect(nextMode('select', 'route-report')).toBe('route-report');
  });
});

describe('modeAllowed', () => {
  it('keeps draw-zone for administrators', () => {
    expect(modeAllowed('draw-zone', false)).toBe(false);
    expect(modeAllowed('draw-zone', true)).toBe(true);
    for (const m of MODES.filter((x) => x !== 'draw-zone')) expect(modeAllowed(m, false)).toBe(true);
  });
});
