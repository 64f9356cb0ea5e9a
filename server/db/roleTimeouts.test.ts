// timeoutMs reads a statement_timeout setting as PostgreSQL prints or accepts it (plain numbers are milliseconds).
import { describe, expect, it } from 'vitest';
import { timeoutMs } from './roleTimeouts';

describe('timeoutMs', () => {
  it('reads the units PostgreSQL accepts', () => {
    expect(timeoutMs('8s')).toBe(8000);
    expect(timeoutMs('3000')).toBe(3000);
    expect(timeoutMs('500ms')).toBe(500);
    expect(timeoutMs('2min')).toBe(120_000);
  });
  it('is 0 (no limit) when unset or unreadable', () => {
    expect(timeoutMs(undefined)).toBe(0);
    expect(timeoutMs('0')).toBe(0);
    expect(timeoutMs('soon')).toBe(0);
  });
});
