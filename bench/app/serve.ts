// The embedded server as server/cli.ts starts it (same environment variables), with the SPA served from STATIC_DIR
// when set, so the app bench can serve today's build and the baseline build from the same data.
import { optionsFromEnv } from '../../server/config';
import { startServer } from '../../server/main';

const opts = { ...optionsFromEnv(), ...(process.env.STATIC_DIR ? { staticDir: process.env.STATIC_DIR } : {}) };
const s = await startServer(opts);
console.log(`READY ${s.url}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => { s.close().finally(() => process.exit(0)); });
