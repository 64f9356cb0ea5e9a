// Starts a throwaway PostgreSQL server (Debian's binaries) on a temp data dir and free port; stop() removes it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';

export function findPostgresBin() {
  const roots = ['/usr/lib/postgresql'];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return join(which.stdout.trim(), '..');
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

/** Returns { url, stop } or throws when no PostgreSQL binaries exist. */
export async function startTempPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (initdb)');
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'rail-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asPg = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const run = (cmd, args) => { const [c, a] = asPg(cmd, args); execFileSync(c, a, { stdio: 'pipe' }); };
  const pwFile = join(dir, 'pw');
  writeFileSync(pwFile, 'postgres\n'); chmodSync(pwFile, 0o644);
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=md5', `--pwfile=${pwFile}`, '-E', 'UTF8', '--locale=C']);
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, 'start']);
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const stop = () => {
    try { run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']); } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, stop, dir };
}
