// Audit-log reads for the UI: a point's history and the admin Journal, each with the emails of the
// actors (user_emails: plain users never read other profiles). The only place features reach the audit data.
import * as audit from '../data/auditRepository';
import { listProfiles } from '../data/tableRepositories';
import type { Profile } from '../core/types';
import type { AuditEntry } from '../core/audit/types';

export interface AuditPage { entries: AuditEntry[]; total: number; emails: Map<string, string> }
export type { JournalQuery } from '../data/auditRepository';

async function withEmails(entries: AuditEntry[]): Promise<Map<string, string>> {
  try {
    return await audit.userEmails(entries.map((e) => e.actor).filter((a): a is string => !!a));
  } catch (e) {
    console.warn('emails des auteurs indisponibles', e);
    return new Map();
  }
}

/** A point's history, newest first. */
export async function fetchPointHistory(pointId: string): Promise<AuditPage> {
  const entries = await audit.listPointHistory(pointId);
  return { entries, total: entries.length, emails: await withEmails(entries) };
}

/** One page of the whole log (admins), with the filtered total. */
export async function fetchJournal(q: audit.JournalQuery): Promise<AuditPage> {
  const { entries, total } = await audit.listAuditLog(q);
  return { entries, total, emails: await withEmails(entries) };
}

/** Every member (admins only: the Journal's user filter). */
export function fetchJournalMembers(): Promise<Profile[]> {
  return listProfiles();
}

/** Who made the newest change of a row and when (the conflict dialog); null when the history cannot be read. */
export async function fetchLastChange(table: string, rowId: string): Promise<{ email: string | null; at: string } | null> {
  try {
    const last = await audit.lastRowChange(table, rowId);
    if (!last) return null;
    const emails = last.actor ? await audit.userEmails([last.actor]) : new Map<string, string>();
    return { email: last.actor ? emails.get(last.actor) ?? null : null, at: last.at };
  } catch (e) {
    console.warn('historique indisponible pour le conflit', e);
    return null;
  }
}
