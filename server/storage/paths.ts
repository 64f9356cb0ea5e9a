// Bucket ids and object names from URL paths, validated, and their location on disk (never outside the root).
import { join, resolve, sep } from 'node:path';
import { storageError } from '../http/errors';

const BUCKET_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,62}$/;
const MAX_NAME_CHARS = 1024;
/** A file system name (ext4, APFS, NTFS…) holds at most 255 bytes: longer segments are refused up front. */
export const MAX_SEGMENT_BYTES = 255;

/** Validates a bucket id taken raw from the URL (percent-decoded here; malformed → 400). */
export function checkBucketId(raw: string): string {
  let bucket: string;
  try {
    bucket = decodeURIComponent(raw);
  } catch {
    throw storageError(400, 'InvalidBucketName', 'Bucket name invalid: malformed percent-encoding');
  }
  if (!BUCKET_RE.test(bucket) || bucket === '.' || bucket === '..') throw storageError(400, 'InvalidBucketName', `Bucket name invalid: ${bucket}`);
  return bucket;
}

/** Decodes and validates an object name (segments joined by '/'): no '.'/'..' segment, no control character,
 * no segment over 255 bytes. */
export function checkObjectName(raw: string): string {
  let name: string;
  try {
    name = raw.split('/').map((s) => decodeURIComponent(s)).filter((s) => s !== '').join('/');
  } catch {
    throw storageError(400, 'InvalidKey', 'Invalid key: malformed percent-encoding');
  }
  const segments = name.split('/');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a storage key may not contain
  if (!name || name.length > MAX_NAME_CHARS || /[\u0000-\u001f\u007f\\]/.test(name) || segments.some((s) => s === '.' || s === '..')) {
    throw storageError(400, 'InvalidKey', `Invalid key: ${name || '(empty)'}`);
  }
  if (segments.some((s) => Buffer.byteLength(s, 'utf8') > MAX_SEGMENT_BYTES)) {
    throw storageError(400, 'InvalidKey', `Invalid key: a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  return name;
}

/** DATA_DIR/storage/<bucket>/<name>, checked to stay inside root. */
export function objectFilePath(root: string, bucket: string, name: string): string {
  const base = resolve(root);
  const full = resolve(join(base, bucket, ...name.split('/')));
  if (!full.startsWith(base + sep)) throw storageError(400, 'InvalidKey', `Invalid key: ${name}`);
  return full;
}
