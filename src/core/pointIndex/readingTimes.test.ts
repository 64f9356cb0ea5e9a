// The earlier of two page reading times: null stands for no time, text order is time order.
import { describe, expect, it } from 'vitest';
import { earliest } from './readingTimes';

const A = '2026-12-05T10:00:00.000001Z', B = '2026-12-05T10:00:00.000002Z';

describe('page reading times', () => {
  it('keep the earlier reading, whichever side is null', () => {
    expect([earliest(A, B), earliest(B, A), earliest(null, B), earliest(A, null), earliest(null, null)]).toEqual([A, A, B, A, null]);
  });
});
