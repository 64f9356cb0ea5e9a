// The earliest and latest of two page times: null stands for no time, text order is time order.
import { describe, expect, it } from 'vitest';
import { earliest, latest } from './readingTimes';

const A = '2026-12-05T10:00:00.000001Z', B = '2026-12-05T10:00:00.000002Z';

describe('page reading times', () => {
  it('keep the earlier reading and the later change, whichever side is null', () => {
    expect([earliest(A, B), earliest(B, A), earliest(null, B), earliest(A, null), earliest(null, null)]).toEqual([A, A, B, A, null]);
    expect([latest(A, B), latest(B, A), latest(null, B), latest(A, null), latest(null, null)]).toEqual([B, B, B, A, null]);
  });
});
