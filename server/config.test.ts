// optionsFromEnv: the sweep period of the follow-up loop (SWEEP_EVERY_S) reaches startServer, and a bad value is
// refused at start with the variable's name.
import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './config';

describe('SWEEP_EVERY_S', () => {
  it('defaults to a minute and takes seconds', () => {
    expect(optionsFromEnv({ SEED: 'none' }).mailLoop?.sweepEveryMs).toBe(60_000);
    expect(optionsFromEnv({ SEED: 'none', SWEEP_EVERY_S: '2' }).mailLoop?.sweepEveryMs).toBe(2_000);
  });

  it('refuses what is not a number of seconds from 1 to 3600', () => {
    for (const bad of ['0', '-5', 'abc', '7200']) {
      expect(() => optionsFromEnv({ SEED: 'none', SWEEP_EVERY_S: bad })).toThrow(`SWEEP_EVERY_S must be a number of seconds from 1 to 3600, not "${bad}"`);
    }
  });
});
