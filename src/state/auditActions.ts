// Audit-log reads for the UI (issue 12): a point's history and the admin Journal, each with the emails of the
// actors (user_emails: plain users never read other profiles). The only place features reach the audit data.
import * as audit from '../data/auditRepository';
import { listProfiles } from '../data/repositories';
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
