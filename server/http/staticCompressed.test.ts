// Compressed static files are made once per file version and encoding (issue 27), and change when the file does.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressedFile } from './staticCompressed';

const dir = mkdtempSync(join(tmpdir(), 'static-compressed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fileOf = (path: string) => { const s = statSync(path); return { path, size: s.size, mtime: s.mtime }; };

describe('compressed static files', () => {
  it('compresses a file once per version and encoding, and again when it changes', async () => {
    const path = join(dir, 'app.js');
    const text = 'export const x = "une ligne de code";\n'.repeat(2000);
    writeFileSync(path, text);
    const v1 = fileOf(path);
    const br1 = await compressedFile(v1, 'br');
    expect(brotliDecompressSync(br1!).toString()).toBe(text);
    expect(compressedFile(v1, 'br')).toBe(compressedFile(v1, 'br')); // the same cached promise
    expect(await compressedFile(v1, 'br')).toBe(br1);
    expect(gunzipSync((await compressedFile(v1, 'gzip'))!).toString()).toBe(text);

    const text2 = text.replace('une ligne', 'deux lignes');
    writeFileSync(path, text2);
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(brotliDecompressSync((await compressedFile(fileOf(path), 'br'))!).toString()).toBe(text2);
  });
});
