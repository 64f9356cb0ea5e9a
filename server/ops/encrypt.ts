// Encrypted backup archives (`npm run backup -- FILE --passphrase-file P`): AES-256-GCM with a key derived from
// the passphrase by scrypt. Layout: the 8-byte magic, scrypt salt (16), GCM nonce (12), the encrypted tar, the
// GCM tag (16). Streamed both ways (an archive holds every photo). A wrong passphrase or a changed byte fails the tag.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from './privateFiles';

const MAGIC = Buffer.from('RAILENC1');
const SALT = 16;
const NONCE = 12;
const TAG = 16;
const HEADER = MAGIC.length + SALT + NONCE;
/** scrypt cost: N=2^15, r=8 (32 MB of memory per try), so each guessed passphrase is expensive. */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The passphrase of --passphrase-file: its first line, at least 12 characters. */
export function readPassphrase(file: string): string {
  const text = readFileSync(file, 'utf8').split(/\r?\n/)[0];
  if (text.length < 12) throw new Error(`la phrase de passe de ${file} est trop courte (12 caractères au moins)`);
  return text;
}

const keyOf = (passphrase: string, salt: Buffer) => scryptSync(passphrase, salt, 32, SCRYPT);

/** True when `file` starts with the encrypted archive's magic. */
export function isEncrypted(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(MAGIC);
  } finally {
    closeSync(fd);
  }
}

export async function encryptFile(from: string, to: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT);
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', keyOf(passphrase, salt), nonce);
  const out = createWriteStream(to, { mode: PRIVATE_FILE_MODE, flags: 'wx' });
  out.write(Buffer.concat([MAGIC, salt, nonce]));
  await pipeline(createReadStream(from), cipher, out, { end: false });
  await new Promise<void>((ok, fail) => out.end(cipher.getAuthTag(), () => ok()).once('error', fail));
}

export async function decryptFile(from: string, to: string, passphrase: string): Promise<void> {
  const size = statSync(from).size;
  if (size < HEADER + TAG) throw new Error('sauvegarde chiffrée tronquée');
  const fd = openSync(from, 'r');
  const head = Buffer.alloc(HEADER);
  const tag = Buffer.alloc(TAG);
  try {
    readSync(fd, head, 0, HEADER, 0);
    readSync(fd, tag, 0, TAG, size - TAG);
  } finally {
    closeSync(fd);
  }
  const salt = head.subarray(MAGIC.length, MAGIC.length + SALT);
  const nonce = head.subarray(MAGIC.length + SALT);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(passphrase, salt), nonce);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(from, { start: HEADER, end: size - TAG - 1 }), decipher, createWriteStream(to, { mode: PRIVATE_FILE_MODE }));
  } catch (e) {
    if ((e as Error).message.includes('authenticate')) throw new Error('phrase de passe incorrecte, ou sauvegarde altérée (la vérification du chiffrement a échoué)', { cause: e });
    throw e;
  }
}
