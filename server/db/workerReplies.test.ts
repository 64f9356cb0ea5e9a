// Byte columns sent by a database thread as base64 text: decoded in place, and the buffers of the large values (each
// its own) listed for a transfer; small ones (Node's shared pool), nulls and other columns left alone.
import { describe, expect, it } from 'vitest';
import { bytesFromBase64 } from './workerReplies.mjs';

describe('bytesFromBase64', () => {
  it('decodes the named columns and lists the buffers the large values own', () => {
    const big = Buffer.alloc(70_000, 7), small = Buffer.from([1, 2, 3]);
    // PostgreSQL's encode(…, 'base64') breaks lines every 76 characters.
    const rows: Record<string, unknown>[] = [
      { body: big.toString('base64').replace(/(.{76})/g, '$1\n'), other: 'b2s=' },
      { body: small.toString('base64') }, { body: null },
    ];
    const owned = bytesFromBase64(rows, ['body']);
    expect(Buffer.from(rows[0].body as Uint8Array).equals(big)).toBe(true);
    expect(Buffer.from(rows[1].body as Uint8Array).equals(small)).toBe(true);
    expect(rows[0].other).toBe('b2s=');
    expect(rows[2].body).toBeNull();
    expect(owned).toEqual([(rows[0].body as Uint8Array).buffer]);
  });

  it('gives buffers a transfer accepts', () => {
    const rows = [{ body: Buffer.alloc(80_000, 9).toString('base64') }];
    const owned = bytesFromBase64(rows, ['body']);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage({ rows }, owned);
    expect((rows[0].body as unknown as Uint8Array).byteLength).toBe(0); // moved: detached here
    port1.close(); port2.close();
  });
});
