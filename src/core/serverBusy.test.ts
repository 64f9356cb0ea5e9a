import { describe, expect, it } from 'vitest';
import { isServerBusyError, TOO_LONG_TEXT } from './serverBusy';

describe('isServerBusyError', () => {
  it('recognises a statement timeout, out of resources and 503/504', () => {
    expect(isServerBusyError({ code: '57014', message: 'canceling statement due to statement timeout' })).toBe(true);
    expect(isServerBusyError({ code: '53200', message: 'out of memory' })).toBe(true);
    expect(isServerBusyError({ code: '53100' })).toBe(true);
    expect(isServerBusyError({ status: 503 })).toBe(true);
    expect(isServerBusyError({ statusCode: '504' })).toBe(true);
  });
  it('leaves input errors and refusals alone', () => {
    expect(isServerBusyError({ code: '23514', status: 400 })).toBe(false);
    expect(isServerBusyError({ code: '42501', status: 403 })).toBe(false);
    expect(isServerBusyError({ code: '53400', status: 500 })).toBe(false);
    expect(isServerBusyError(null)).toBe(false);
    expect(isServerBusyError('x')).toBe(false);
  });
  it('has a French text', () => { expect(TOO_LONG_TEXT).toMatch(/trop de temps/); });
});
