// 'Historique' of a point: collapsed by default, loaded from the audit log when opened, newest first,
// one French line per changed field ('Statut : Signalé → En cours, par x@y.fr le 23/11/2026 à 14:05').
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Alert, Button, Spinner } from '../../ui';
import { criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { fetchPointHistory, type AuditPage } from '../../state/auditActions';
import { describeEntryLines, type DescribeContext } from '../../core/audit/describe';
import { FullTextChanges } from '../../ui/FullTextChanges';
import { HISTORY_TEXT as T } from './historyStrings';
import './history.css';

type Load = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; page: AuditPage };

export function PointHistory({ pointId }: { pointId: string }) {
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);

  const fetchIt = async () => {
    setLoad({ kind: 'loading' });
    try {
      setLoad({ kind: 'ready', page: await fetchPointHistory(pointId) });
    } catch (e) {
      console.error(e);
      setLoad({ kind: 'error' });
    }
  };
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && load.kind !== 'ready') void fetchIt();
  };

  const lines = useMemo(() => {
    if (load.kind !== 'ready') return [];
    const ctx: DescribeContext = {
      levelName: (id) => levels.find((l) => l.id === id)?.name,
      teamName: (id) => teams.find((t) => t.id === id)?.name,
      email: (id) => load.page.emails.get(id),
    };
    return load.page.entries.flatMap((e) => describeEntryLines(e, ctx).map((l, i) => ({ key: `${e.id}-${i}`, ...l })));
  }, [load, levels, teams]);

  return (
    <section className="point-history" aria-label={T.title}>
      <Button type="button" size="sm" variant="ghost" className="point-history-toggle" aria-expanded={open} onClick={toggle}
        icon={open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}>
        {T.title}
      </Button>
      {open && (
        <div className="point-history-body">
          {load.kind === 'loading' && <Spinner size="sm" label={T.loading} />}
          {load.kind === 'error' && (
            <Alert kind="error">{T.error} <Button type="button" size="sm" onClick={() => void fetchIt()}>{T.retry}</Button></Alert>
          )}
          {load.kind === 'ready' && lines.length === 0 && <p className="muted">{T.empty}</p>}
          {lines.length > 0 && <ol className="point-history-list">{lines.map((l) => <li key={l.key}>{l.text}<FullTextChanges changes={l.full} /></li>)}</ol>}
        </div>
      )}
    </section>
  );
}
