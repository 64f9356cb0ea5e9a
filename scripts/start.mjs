// `npm start`: builds the SPA with `vite build` when dist/ is missing or older than its sources, then runs
// the embedded server (`node --import tsx server/cli.ts`) in the foreground, passing signals through.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'workers', 'public', 'index.html', 'vite.config.ts', 'package.json'];

/** Newest modification time (ms) under a file or directory. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

const builtAt = existsSync(join(root, 'dist', 'index.html')) ? statSync(join(root, 'dist', 'index.html')).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))));
if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'dist/ absent : construction de l\'application (vite build)...' : 'Sources plus récentes que dist/ : reconstruction (vite build)...');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('La construction de l\'application a échoué (vite build).');
    process.exit(r.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
