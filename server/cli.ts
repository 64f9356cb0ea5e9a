// `node --import tsx server/cli.ts`: starts the embedded server from the environment and prints how to log in.
import { optionsFromEnv } from './config';
import { startServer } from './main';
import { startBanner } from './startBanner';
import { DataDirLockedError } from './ops/dataDirLock';
import { DamagedDatabaseError } from './ops/damage';

let opts: ReturnType<typeof optionsFromEnv>;
try {
  opts = optionsFromEnv();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
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
console.log('\n' + startBanner({
  url: s.url, where, readySeconds: (performance.now() - started) / 1000, seeded: s.seeded, adminPasswordGiven: opts.adminPassword !== undefined,
  seedPointsAsked: Boolean(opts.seedPoints), anonKey: s.anonKey, sso: opts.ssoProviders ?? [],
}).join('\n'));

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\nArrêt du serveur...');
    s.close().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
  });
}
