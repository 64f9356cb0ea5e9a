// `npm run dev`: the embedded server on PORT (3000) and the Vite dev server (hot reload, proxying the API
// to it through API_URL) together; Ctrl-C or either process exiting stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
const vitePort = process.env.VITE_PORT ?? '5173';
const apiUrl = `http://${host}:${port}`;
// Invitation links must open the page served by Vite, not the API port.
const env = { ...process.env, PORT: port, HOST: host, API_URL: apiUrl, SITE_URL: process.env.SITE_URL ?? `http://localhost:${vitePort}` };

const children = [
  spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli.ts')], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', vitePort, '--strictPort'], { cwd: root, stdio: 'inherit', env }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  const force = setTimeout(() => { for (const c of children) if (c.exitCode === null) c.kill('SIGKILL'); }, 5000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() => process.exit(code));
}
for (const c of children) c.on('exit', (code) => stopAll(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(0));
process.on('exit', () => { for (const c of children) if (c.exitCode === null) c.kill('SIGKILL'); });
console.log(`API embarquée sur ${apiUrl}, application (Vite) sur http://localhost:${vitePort}`);
