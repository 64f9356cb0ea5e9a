// `npm run lint [paths...]`: ESLint over the repository (default: all of it), zero warnings allowed, cached in
// node_modules/.cache/eslint. ESLint has its own install in tools/lint (typescript-eslint needs TypeScript 6's
// API; the app compiles with TypeScript 7): it is installed here when missing or older than its lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, 'tools/lint');
const eslint = join(tools, 'node_modules/eslint/bin/eslint.js');
const installed = join(tools, 'node_modules/.package-lock.json');

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
if (!existsSync(eslint) || mtime(installed) < mtime(join(tools, 'package-lock.json'))) {
  console.log('Installing the lint tools (tools/lint)...');
  const r = spawnSync('npm', ['ci', '--prefix', tools, '--no-audit', '--no-fund'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const paths = process.argv.slice(2);
const args = [
  eslint, '--max-warnings', '0',
  '--cache', '--cache-strategy', 'content', '--cache-location', join(root, 'node_modules/.cache/eslint/'),
  ...(paths.length ? paths : ['.']),
];
const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
