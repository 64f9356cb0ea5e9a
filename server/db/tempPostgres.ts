// startTempPostgres(): a throwaway PostgreSQL server from Debian's binaries on a temp dir, a free 127.0.0.1 port
// and a unix socket dir inside the temp dir. As root, initdb/pg_ctl run as the `postgres` user.
// CLI: `npx tsx server/db/tempPostgres.ts` prints the URL and keeps the server until Ctrl-C.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? join(which.stdout.trim(), '..') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address() as net.AddressInfo; s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

export interface TempPostgres { url: string; dir: string; stop(): void }

export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (initdb)');
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'rail-pg-'));
  const data = join(dir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (cmd: string, args: string[]) => {
    const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(c, a as string[], { stdio: 'pipe' });
  };
  const password = randomBytes(12).toString('hex');
  const pwFile = join(dir, 'pw');
  writeFileSync(pwFile, `${password}\n`);
  if (isRoot) execFileSync('chown', ['postgres', pwFile]);
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth-local=scram-sha-256', '--auth-host=scram-sha-256', `--pwfile=${pwFile}`, '-E', 'UTF8', '--locale=C']);
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`, 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try { run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']); } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, dir, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pg = await startTempPostgres();
  console.log(pg.url);
  const quit = () => { pg.stop(); process.exit(0); };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  setInterval(() => undefined, 1 << 30);
}
