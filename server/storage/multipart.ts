// Extracts the file and the cacheControl field of a storage-js multipart upload (busboy over a buffered body);
// a file over the bucket's limit is refused with 413, never truncated.
import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import { storageError } from '../http/errors';

export interface UploadPart { bytes: Buffer; declaredType: string | null; cacheControl: string | null }

export function parseMultipart(headers: IncomingHttpHeaders, body: Buffer, maxFileBytes: number): Promise<UploadPart> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers, limits: { files: 1, fileSize: maxFileBytes + 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(storageError(400, 'InvalidRequest', 'Malformed multipart/form-data body'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: { chunks: Buffer[]; type: string | null } | null = null;
    bb.on('field', (name, value) => { fields[name] = value; });
    bb.on('file', (_name, stream, info) => {
      const f = { chunks: [] as Buffer[], type: info.mimeType || null, truncated: false };
      if (!file) file = f;
      stream.on('data', (c: Buffer) => { if (file === f) f.chunks.push(c); });
      stream.on('limit', () => { f.truncated = true; }); // over the bucket's limit (+1 byte read): refused, never stored cut
    });
    bb.on('error', () => reject(storageError(400, 'InvalidRequest', 'Malformed multipart/form-data body')));
    bb.on('close', () => {
      const f = file as { chunks: Buffer[]; type: string | null; truncated: boolean } | null;
      if (!f) return reject(storageError(400, 'InvalidRequest', 'No file found in the multipart body'));
      if (f.truncated) return reject(storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'));
      resolve({ bytes: Buffer.concat(f.chunks), declaredType: f.type, cacheControl: fields.cacheControl ?? null });
    });
    bb.end(body);
  });
}
