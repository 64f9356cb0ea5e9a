// `node --import tsx server/cli.ts`: starts the embedded server from the environment and prints how to log in.
import { optionsFromEnv } from './config';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, startServer } from './main';
import { DataDirLockedError } from './ops/dataDirLock';
import { DamagedDatabaseError } from './ops/damage';

const opts = optionsFromEnv();
const started = performance.now();
console.log(`Démarrage du serveur embarqué (${opts.databaseUrl ? 'PostgreSQL' : `PGlite, ${opts.dataDir}`})...`);
const s = await startServer(opts).catch((e: unknown) => {
  // One readable line first (a refused DATA_DIR, a damaged database), the detail after it.
  console.error(`\n${e instanceof Error ? e.message : String(e)}`);
  if (e instanceof DamagedDatabaseError) { if (e.detail) console.error('Détail :', e.detail); }
  else if (!(e instanceof DataDirLockedError)) console.error(e);
  process.exit(1);
});
const where = opts.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${opts.dataDir}`;
console.log(`\n  Signalements ferroviaires — serveur embarqué prêt en ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`  URL:          ${s.url}`);
console.log(`  Base:         ${where}`);
if (s.seeded?.seed === 'demo') {
  console.log(`  Admin (démo): ${s.seeded.adminEmail} / ${s.seeded.adminPassword}`);
} else if (s.seeded?.seed === 'none') {
  console.log(`  Invitation de l'administrateur (${s.seeded.adminEmail}):\n    ${s.seeded.invitationUrl ?? '(aucun lien: voir les journaux)'}`);
} else {
  console.log(`  Données existantes conservées.`);
  if (opts.seedPoints) console.log(`  SEED_POINTS ne s'applique qu'au premier démarrage (DATA_DIR vide).`);
  if (opts.seed === 'demo') console.log(`  Admin (démo): ${opts.adminEmail ?? DEFAULT_ADMIN_EMAIL} / ${opts.adminPassword ?? DEFAULT_ADMIN_PASSWORD} (mot de passe initial)`);
}
for (const p of opts.ssoProviders ?? []) console.log(`  SSO:          ${p.id} (${p.issuer}) pour ${p.domains.join(', ')}`);
console.log(`  Clé anon:     ${s.anonKey}\n`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\nArrêt du serveur...');
    s.close().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
  });
}
