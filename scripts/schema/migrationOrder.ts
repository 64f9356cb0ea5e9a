// The rules for a new migration: its name is `<YYYYMMDDHHMMSS>_<name>.sql`, a time that is not in the future, after
// every migration already applied (the migrations of the main branch), since `supabase db push` refuses a file
// that sorts before one the database already has; its comments name no issue (applied files stay as they are).
import { issueReference } from '../../tools/lint/rules/noIssueReferences.js';

const NAME = /^(\d{14})_[0-9a-z_]+\.sql$/;

/** The UTC time a migration version stands for, or null when it is not a valid YYYYMMDDHHMMSS. */
export function versionTime(version: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const same = t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi;
  return same ? t : null;
}

/**
 * One message for each migration file that breaks a rule. `applied`: the files
 * of the main branch; every other file of `files` is new and must sort after the last applied one.
 */
export function migrationNameProblems(files: string[], applied: string[], now: Date): string[] {
  const problems: string[] = [];
  const last = [...applied].sort().at(-1);
  const known = new Set(applied);
  for (const file of [...files].sort()) {
    const m = NAME.exec(file);
    const time = m && versionTime(m[1]);
    if (!m || !time) {
      problems.push(`${file}: the name must be <YYYYMMDDHHMMSS>_<lower_case_name>.sql (UTC time of its creation)`);
      continue;
    }
    if (time.getTime() > now.getTime()) problems.push(`${file}: dated in the future (now is ${now.toISOString()}); name it with the current UTC time`);
    if (!known.has(file) && last && file < last) problems.push(`${file}: sorts before ${last}, already applied; rename it with the current UTC time (supabase db push refuses it otherwise)`);
  }
  const versions = files.map((f) => f.slice(0, 14));
  for (const v of new Set(versions)) if (versions.filter((x) => x === v).length > 1) problems.push(`version ${v} is used by more than one migration`);
  return problems;
}

/** The issue references in the `--` and block comments of a migration's SQL, as messages. */
export function migrationCommentProblems(file: string, sql: string): string[] {
  const comments = [...sql.matchAll(/--(.*)$|\/\*([\s\S]*?)\*\//gm)].map((m) => m[1] ?? m[2]);
  return comments.map(issueReference).filter((r): r is string => r !== null)
    .map((ref) => `${file}: '${ref}' in a comment: state what the SQL does (history goes to git log and docs/decisions.md)`);
}

