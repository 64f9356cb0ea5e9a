// DATA_DIR, PGlite's database files, the JWT secret and backup archives are private to the server's user whatever
// the umask: the real CLIs (`npm start`, `npm run backup`, `npm run restore`) run in child processes under umask
// 0022 and 0000, then every folder must be 0700 and every file 0600. An existing folder left open to others is fixed
// at start with a warning. `--passphrase-file` encrypts the archive; restore needs the same passphrase.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, lstatSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'rail-perms-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run { code: number | null; out: string; err: string }

/** Runs `node --import tsx <args>` under `umask`; `until`: stops it with SIGTERM once stdout shows that text. */
function run(umask: string, args: string[], env: Record<string, string>, until?: string): Promise<Run> {
  return new Promise((ok, fail) => {
    const p = spawn('sh', ['-c', `umask ${umask}; exec node --import tsx "$@"`, 'sh', ...args], {
      env: { ...process.env, LOG: '0', PORT: '0', SEED: 'none', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => { out += d; if (until && out.includes(until)) p.kill('SIGTERM'); });
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', fail);
    p.on('exit', (code) => ok({ code, out, err }));
  });
}

/** Every entry under `dir` (itself included) whose mode is not 0700 (folders) or 0600 (files). */
function notPrivate(dir: string): string[] {
  const bad: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    const mode = st.mode & 0o777;
    if (mode !== (st.isDirectory() ? 0o700 : 0o600)) bad.push(`${p} ${mode.toString(8)}`);
    if (st.isDirectory()) for (const e of readdirSync(p)) visit(join(p, e));
  };
  visit(dir);
  return bad;
}

function loosen(dir: string): void {
  const st = lstatSync(dir);
  chmodSync(dir, st.isDirectory() ? 0o777 : 0o666);
  if (st.isDirectory()) for (const e of readdirSync(dir)) loosen(join(dir, e));
}

const START = ['server/cli.ts'];
const READY = 'Clé anon';

describe.each(['0022', '0000'])('files under umask %s', (umask) => {
  const dataDir = join(root, `data-${umask}`);
  const encrypted = umask === '0022';
  const passFile = join(root, `pass-${umask}`);
  const archive = join(root, `backup-${umask}.tar`);

  it('a first start writes DATA_DIR 0700, the database files and the JWT secret 0600', async () => {
    const r = await run(umask, START, { DATA_DIR: dataDir }, READY);
    expect(r.out).toContain(READY);
    expect(readdirSync(join(dataDir, 'pgdata')).length).toBeGreaterThan(5);
    expect(lstatSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 180_000);

  it('a start on a folder open to others takes the permissions back, with a warning', async () => {
    loosen(dataDir);
    expect(notPrivate(dataDir).length).toBeGreaterThan(100);
    const r = await run(umask, START, { DATA_DIR: dataDir }, READY);
    expect(r.err).toMatch(/ATTENTION : \d+ fichiers ou dossiers de DATA_DIR .* étaient accessibles à d'autres utilisateurs/);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 180_000);

  it(`the backup archive is 0600${encrypted ? ' and encrypted with --passphrase-file' : ''}, and restore writes a private folder`, async () => {
    writeFileSync(passFile, 'une phrase de passe assez longue\n');
    const extra = encrypted ? ['--passphrase-file', passFile] : [];
    const b = await run(umask, ['server/ops/cli.ts', 'backup', archive, ...extra], { DATA_DIR: dataDir });
    expect(b.err).toBe('');
    expect(b.code).toBe(0);
    expect(lstatSync(archive).mode & 0o777).toBe(0o600);
    const head = readFileSync(archive).subarray(0, 8).toString();
    if (encrypted) {
      expect(head).toBe('RAILENC1');
      expect(readFileSync(archive).includes(Buffer.from(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()))).toBe(false);
      const refused = await run(umask, ['server/ops/cli.ts', 'restore', archive], { DATA_DIR: join(root, `nopass-${umask}`) });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('est chiffrée : indiquez sa phrase de passe (--passphrase-file FICHIER)');
      const wrongFile = join(root, 'wrong');
      writeFileSync(wrongFile, 'une autre phrase de passe\n');
      const wrong = await run(umask, ['server/ops/cli.ts', 'restore', archive, '--passphrase-file', wrongFile], { DATA_DIR: join(root, `wrong-${umask}`) });
      expect(wrong.code).toBe(1);
      expect(wrong.err).toContain('phrase de passe incorrecte');
    } else {
      expect(head).not.toBe('RAILENC1');
    }
    const restored = join(root, `restored-${umask}`);
    const r = await run(umask, ['server/ops/cli.ts', 'restore', archive, ...extra], { DATA_DIR: restored });
    expect(r.err).toBe('');
    expect(r.out).toContain('Restauration vérifiée');
    expect(readFileSync(join(restored, 'jwt-secret'), 'utf8')).toBe(readFileSync(join(dataDir, 'jwt-secret'), 'utf8'));
    expect(notPrivate(restored)).toEqual([]);
    expect(readdirSync(root).filter((e) => e.startsWith('.backup-') || e.startsWith('.restore-'))).toEqual([]);
  }, 240_000);
});
