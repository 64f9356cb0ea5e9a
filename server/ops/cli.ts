// `npm run backup -- FILE` and `npm run restore -- FILE` (DATA_DIR, DATABASE_URL, JWT_SECRET from the environment,
// as for the server). One line per step in French; exit code 1 with the reason on failure. `--passphrase-file P`:
// the backup is encrypted with the passphrase on P's first line; restore needs the same file to decrypt it.
import { backup } from './backup';
import { restore } from './restore';
import { readPassphrase } from './encrypt';

const args = process.argv.slice(2);
const option = args.indexOf('--passphrase-file');
const passphraseFile = option >= 0 ? args.splice(option, 2)[1] : undefined;
const [command, file] = args;
const dataDir = process.env.DATA_DIR || './.data';
const databaseUrl = process.env.DATABASE_URL || undefined;
const log = (line: string) => console.log(`  ${line}`);

if ((command !== 'backup' && command !== 'restore') || !file || (option >= 0 && !passphraseFile)) {
  console.error('Usage : npm run backup -- FICHIER [--passphrase-file FICHIER]   |   npm run restore -- FICHIER [--passphrase-file FICHIER]   (DATA_DIR, DATABASE_URL comme pour le serveur)');
  process.exit(2);
}
try {
  const passphrase = passphraseFile ? readPassphrase(passphraseFile) : undefined;
  if (command === 'backup') {
    console.log(`Sauvegarde de ${databaseUrl ? 'DATABASE_URL' : dataDir} vers ${file}...`);
    const m = await backup(file, { dataDir, databaseUrl, jwtSecret: process.env.JWT_SECRET || undefined, log, passphrase });
    const rows = Object.values(m.rowCounts).reduce((a, b) => a + b, 0);
    console.log(`Sauvegarde terminée : ${rows} lignes dans ${Object.keys(m.rowCounts).length} tables, ${m.storage.files} fichiers (${m.storage.bytes} octets).`);
  } else {
    console.log(`Restauration de ${file} dans ${databaseUrl ? 'DATABASE_URL' : dataDir}...`);
    const r = await restore(file, { dataDir, databaseUrl, log, passphrase });
    console.log(`Restauration vérifiée : nombres de lignes et fichiers conformes au manifeste du ${r.manifest.createdAt}.`);
    if (r.missingFiles.length) console.warn(`ATTENTION : ${r.missingFiles.length} objets stockés sans fichier (supprimés pendant la sauvegarde ?) : ${r.missingFiles.slice(0, 10).join(', ')}`);
  }
} catch (e) {
  console.error(`Échec : ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
