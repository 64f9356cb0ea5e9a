// Migration names: the rules on examples, then on the repository (files of the working tree against those of
// the main branch's history, read with git).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationCommentProblems, migrationNameProblems, versionTime } from './migrationOrder';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const NOW = new Date('2026-12-04T12:00:00Z');

/** The migration files of the main branch (its merge base with HEAD), or null without git or without a main branch. */
function appliedMigrations(): string[] | null {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  for (const main of ['main', 'origin/main']) {
    try {
      const base = git('merge-base', 'HEAD', main);
      return git('ls-tree', '--name-only', base, 'supabase/migrations/').split('\n').filter(Boolean).map((p) => p.split('/').at(-1)!);
    } catch { /* no such branch here: try the next name */ }
  }
  return null;
}

describe('migration names', () => {
  it('reads a version as a UTC time and refuses impossible dates', () => {
    expect(versionTime('20261204150000')?.toISOString()).toBe('2026-12-04T15:00:00.000Z');
    expect(versionTime('20261332000000')).toBeNull();
    expect(versionTime('2026120415')).toBeNull();
  });

  it('accepts a new file after the applied ones', () => {
    expect(migrationNameProblems(['20261201100000_a.sql', '20261204100000_b.sql'], ['20261201100000_a.sql'], NOW)).toEqual([]);
  });

  it('refuses a new file that sorts before an applied one', () => {
    const problems = migrationNameProblems(['20261120100000_late.sql', '20261201100000_a.sql'], ['20261201100000_a.sql'], NOW);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^20261120100000_late\.sql: sorts before 20261201100000_a\.sql/);
  });

  it('refuses a file dated in the future, a bad name and a version used twice', () => {
    expect(migrationNameProblems(['20261205100000_next.sql'], [], NOW)[0]).toMatch(/dated in the future/);
    expect(migrationNameProblems(['2026_x.sql', '20261201100000_Bad-Name.sql'], [], NOW)).toHaveLength(2);
    expect(migrationNameProblems(['20261201100000_a.sql', '20261201100000_b.sql'], [], NOW)).toEqual(['version 20261201100000 is used by more than one migration']);
  });

  it('finds issue references in a migration\'s comments, not in its code', () => {
    const sql = "-- Follow-up (issue 31)\ncreate table t (c text default '#123');\n/* see #45 */\nselect 1; -- round 2";
    expect(migrationCommentProblems('x.sql', sql).map((p) => p.split("'")[1])).toEqual(['issue 31', '#45', 'round 2']);
    expect(migrationCommentProblems('x.sql', "-- The assignee of a point.\nselect '#12';")).toEqual([]);
  });

  it('holds for supabase/migrations against the main branch', () => {
    const dir = join(root, 'supabase/migrations');
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    const applied = appliedMigrations() ?? files;
    const fresh = files.filter((f) => !applied.includes(f));
    expect([
      ...migrationNameProblems(files, applied, new Date()),
      ...fresh.flatMap((f) => migrationCommentProblems(f, readFileSync(join(dir, f), 'utf8'))),
    ]).toEqual([]);
  });
});
