// 'Journal' tab: the whole audit log for admins, newest first, filtered by user, table and dates
// (days in Europe/Paris), paged on the server (range + exact count).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { Alert, Button, Spinner } from '../../ui';
import type { Profile } from '../../core/types';
import { AUDIT_TABLES } from '../../core/audit/types';
import { actorLabel, describeChanges, entryObjectName, fullTextChanges, TABLE_LABELS, type DescribeContext } from '../../core/audit/describe';
import { FullTextChanges } from '../../ui/FullTextChanges';
import { parisDayStart } from '../../core/audit/parisDay';
import { formatDateTimeFr } from '../../core/format';
import { criticalityLevelsAtom, teamsAtom, zonesAtom } from '../../state/tables';
import { pointDetails } from '../../state/pointDetails';
import { pointDetailsVersionAtom } from '../../state/pointIndex';
import { fetchJournal, fetchJournalMembers, type AuditPage } from '../../state/auditActions';
import { J } from './journalStrings';

export const JOURNAL_PAGE_SIZE = 50;

interface Filters { actor: string; table: string; from: string; to: string }
const NO_FILTERS: Filters = { actor: '', table: '', from: '', to: '' };

export function JournalTab() {
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  useAtomValue(pointDetailsVersionAtom); // names of points re-read when details arrive
  const zones = useAtomValue(zonesAtom);
  const [members, setMembers] = useState<Profile[]>([]);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [data, setData] = useState<AuditPage | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => { fetchJournalMembers().then(setMembers, (e) => console.error(e)); }, []);

  // Only the latest request may show its answer (filters typed quickly answer out of order).
  const latest = useRef(0);
  const load = useCallback(async (f: Filters, p: number) => {
    const seq = ++latest.current;
    setStatus('loading');
    try {
      const page = await fetchJournal({
        actor: f.actor || null, table: f.table || null,
        from: f.from ? parisDayStart(f.from) : null, to: f.to ? parisDayStart(f.to, 1) : null,
        page: p, pageSize: JOURNAL_PAGE_SIZE,
      });
      if (seq !== latest.current) return;
      setData(page);
      setStatus('ready');
    } catch (e) {
      if (seq !== latest.current) return;
      console.error(e);
      setStatus('error');
    }
  }, []);
  useEffect(() => { void load(filters, page); }, [load, filters, page]);

  const setFilter = (k: keyof Filters, v: string) => { setPage(0); setFilters((f) => ({ ...f, [k]: v })); };
  const pages = data ? Math.max(1, Math.ceil(data.total / JOURNAL_PAGE_SIZE)) : 1;

  const ctx = useMemo<DescribeContext>(() => ({
    levelName: (id) => levels.find((l) => l.id === id)?.name,
    teamName: (id) => teams.find((t) => t.id === id)?.name,
    email: (id) => data?.emails.get(id) ?? members.find((m) => m.id === id)?.email,
  }), [levels, teams, data, members]);

  /** The changed row's name: carried by the entry, else the row as loaded now, else a short id. */
  const objectName = (e: AuditPage['entries'][number]): string => {
    const own = entryObjectName(e);
    if (own) return own;
    const named = (list: { id: string; name: string }[]) => list.find((x) => x.id === e.rowId)?.name;
    const current = e.tableName === 'points' ? pointDetails(e.rowId)?.name : e.tableName === 'zones' ? named(zones)
      : e.tableName === 'teams' ? named(teams) : e.tableName === 'criticality_levels' ? named(levels)
      : e.tableName === 'profiles' ? ctx.email(e.rowId) : e.tableName === 'app_settings' ? e.rowId : undefined;
    return current ?? e.rowId.slice(0, 8);
  };

  return (
    <div className="admin-tab journal-tab">
      <form className="journal-filters" onSubmit={(e) => e.preventDefault()} aria-label={J.filters}>
        <label className="field">
          <span className="field-label">{J.user}</span>
          <select className="input select" value={filters.actor} onChange={(e) => setFilter('actor', e.target.value)}>
            <option value="">{J.allUsers}</option>
            {[...members].sort((a, b) => a.email.localeCompare(b.email)).map((m) => <option key={m.id} value={m.id}>{m.email}</option>)}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{J.table}</span>
          <select className="input select" value={filters.table} onChange={(e) => setFilter('table', e.target.value)}>
            <option value="">{J.allTables}</option>
            {AUDIT_TABLES.map((t) => <option key={t} value={t}>{TABLE_LABELS[t]}</option>)}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{J.from}</span>
          <input className="input" type="date" value={filters.from} onChange={(e) => setFilter('from', e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">{J.to}</span>
          <input className="input" type="date" value={filters.to} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <div className="journal-filter-actions">
          <Button size="sm" onClick={() => { setPage(0); setFilters(NO_FILTERS); }} disabled={filters === NO_FILTERS}>{J.clear}</Button>
          <Button size="sm" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void load(filters, page)}>{J.refresh}</Button>
        </div>
      </form>

      {status === 'error' && <Alert kind="error">{J.error}</Alert>}
      {status === 'loading' && !data && <div className="admin-loading"><Spinner label={J.loading} /></div>}
      {data && (
        <>
          <p className="journal-count" aria-live="polite">
            {status === 'loading' ? J.loading : J.count(data.total)}
          </p>
          {data.entries.length === 0
            ? <p className="admin-empty">{J.empty}</p>
            : (
              <table className="admin-table admin-cardtable journal-table">
                <thead>
                  <tr>
                    <th scope="col">{J.colDate}</th><th scope="col">{J.colUser}</th><th scope="col">{J.colTable}</th>
                    <th scope="col">{J.colObject}</th><th scope="col">{J.colChange}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id} data-action={e.action}>
                      <td data-label={J.colDate}>{formatDateTimeFr(e.at)}</td>
                      <td data-label={J.colUser} className="cell-email">{actorLabel(e.actor, ctx)}</td>
                      <td data-label={J.colTable}>{TABLE_LABELS[e.tableName] ?? e.tableName}</td>
                      <td data-label={J.colObject}>{objectName(e)}</td>
                      <td data-label={J.colChange}>
                        <ul className="journal-changes">{describeChanges(e, ctx).map((l, i) => <li key={i}>{l}</li>)}</ul>
                        <FullTextChanges changes={fullTextChanges(e)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          <nav className="journal-pager" aria-label={J.pager}>
            <Button size="sm" icon={<ChevronLeft size={16} aria-hidden="true" />} disabled={page === 0 || status === 'loading'} onClick={() => setPage(page - 1)}>{J.prev}</Button>
            <span>{J.page(page + 1, pages)}</span>
            <Button size="sm" icon={<ChevronRight size={16} aria-hidden="true" />} disabled={page + 1 >= pages || status === 'loading'} onClick={() => setPage(page + 1)}>{J.next}</Button>
          </nav>
        </>
      )}
    </div>
  );
}
