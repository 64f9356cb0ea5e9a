import { describe, expect, it } from 'vitest';
import { newestSync } from './lastSync';

describe('newestSync', () => {
  it('keeps the newest time, and a known time over none (a slow read of the snapshot time never takes a load back)', () => {
    expect(newestSync(2000, null)).toBe(2000); // the load finished first, the fresh device has no snapshot yet
    expect(newestSync(null, 1000)).toBe(1000);
    expect(newestSync(2000, 1000)).toBe(2000);
    expect(newestSync(1000, 2000)).toBe(2000);
    expect(newestSync(null, null)).toBeNull();
  });
});
