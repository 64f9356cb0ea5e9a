// A full disk on the server is told in French as the server's problem, whichever API answered it.
import { describe, expect, it } from 'vitest';
import { failureKind, refusalReason, SERVER_DISK_FULL_MESSAGE } from './errors';

describe('server disk full', () => {
  it('storage 507 and database 53100 (503) are shown with the out-of-space reason', () => {
    const storage = { statusCode: '507', error: 'InsufficientStorage', message: 'The server is out of disk space' };
    const database = { code: '53100', message: 'could not extend file: No space left on device' };
    expect(failureKind(storage)).toBe('refused');
    expect(failureKind(database, 503)).toBe('refused');
    expect(refusalReason(storage)).toBe(SERVER_DISK_FULL_MESSAGE);
    expect(refusalReason(database)).toBe(SERVER_DISK_FULL_MESSAGE);
    // Other 503s stay network trouble (retried when back).
    expect(failureKind({ message: 'Service Unavailable' }, 503)).toBe('network');
  });
});
