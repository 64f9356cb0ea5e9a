// Damage seen before and while PGlite opens a DATA_DIR: a missing, cut or altered global/pg_control (its CRC-32C
// no longer matches: PostgreSQL's own check, found without knowing the version's layout), a missing PG_VERSION,
// or PGlite failing to start on it. One readable line first — what, where, and the restore command.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export class DamagedDatabaseError extends Error {
  constructor(readonly what: string, readonly where: string, readonly detail?: unknown) {
    super(`Base de données endommagée : ${what} (${where}). Le serveur ne démarre pas sur une base abîmée. ` +
      `Restaurez la dernière sauvegarde dans un dossier vide : DATA_DIR=<nouveau dossier> npm run restore -- <fichier de sauvegarde>` +
      ` (voir docs/operations.md, « Exploitation »).`);
    this.name = 'DamagedDatabaseError';
  }
}

const CONTROL_FILE_SIZE = 8192; // PG_CONTROL_FILE_SIZE

let table: Uint32Array | null = null;
function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1; // CRC-32C (Castagnoli), reflected
    table[i] = c >>> 0;
  }
  return table;
}

/** True when some 4-aligned offset holds the CRC-32C of every byte before it, as pg_control's `crc` field does. */
export function controlFileCrcMatches(buf: Uint8Array): boolean {
  const t = crcTable();
  let state = 0xffffffff;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (let k = 0; k + 4 <= buf.length; k++) {
    if (k >= 16 && k % 4 === 0 && ((state ^ 0xffffffff) >>> 0) === view.getUint32(k, true)) return true;
    state = t[(state ^ buf[k]) & 0xff] ^ (state >>> 8);
  }
  return false;
}

/** Throws DamagedDatabaseError when an existing PGlite data directory is visibly damaged; nothing for a new one. */
export function checkPgdata(pgdata: string): void {
  if (!existsSync(pgdata) || readdirSync(pgdata).length === 0) return; // first start
  const control = join(pgdata, 'global', 'pg_control');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new DamagedDatabaseError('fichier PG_VERSION absent', join(pgdata, 'PG_VERSION'));
  if (!existsSync(control)) throw new DamagedDatabaseError('fichier de contrôle absent', control);
  const buf = readFileSync(control);
  if (buf.length !== CONTROL_FILE_SIZE) throw new DamagedDatabaseError(`fichier de contrôle tronqué (${buf.length} octets au lieu de ${CONTROL_FILE_SIZE})`, control);
  if (!controlFileCrcMatches(buf)) throw new DamagedDatabaseError('fichier de contrôle altéré (somme de contrôle CRC fausse)', control);
}

/** An error of PGlite while opening an existing data directory, as one readable line (the detail kept as cause). */
export function openFailure(pgdata: string, e: unknown): DamagedDatabaseError {
  const first = (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 200);
  return new DamagedDatabaseError(`PGlite ne peut pas l'ouvrir (${first})`, pgdata, e);
}
