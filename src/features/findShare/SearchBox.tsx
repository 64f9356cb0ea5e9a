// The search field: points by label, description or ticket number from the database as you type
// (debounced, stale requests aborted), or a PK ('17,4', 'PK 17+400') to jump to, or 'ici' (the position button):
// the anomalies within 200 m of the device's position on the line. Choosing a point centres the map on it and opens
// its form. A combobox with a listbox (arrow keys, Enter, Escape).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { LocateFixed, MapPin, Search } from 'lucide-react';
import { criticalityLevelsAtom, manyLinesAtom, markersAtom } from '../../state/tables';
import { offlineAtom } from '../../state/offline/atoms';
import { SEARCH_MIN_CHARS, jumpToPk, pkJumpRefusal, searchPoints, type PointHit } from '../../state/search';
import { searchCutNote } from '../../core/searchCut';
import { openPointFromSearch, pushLinkEntry } from '../../state/links';
import { parsePkQuery, formatPk } from '../../core/pkQuery';
import { formatKm } from '../../core/format';
import { STATUS_LABELS } from '../../core/constants';
import { UNKNOWN_SEVERITY_COLOR } from '../../core/severity';
import { toast } from '../../ui/toast';
import { isHereQuery } from '../../core/position/nearHere';
import { anomaliesNearFix } from '../../state/position/nearHere';
import { currentFix, FixError } from '../position/currentFix';
import { FIND_TEXT as T } from './strings';

const DEBOUNCE_MS = 200;

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; hits: PointHit[]; more: boolean } | { kind: 'error' };
type Here = { kind: 'idle' } | { kind: 'locating' } | { kind: 'done'; heading: string; hits: PointHit[] } | { kind: 'refused'; message: string };

export function SearchBox({ onPicked, className }: { onPicked?: () => void; className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [here, setHere] = useState<Here>({ kind: 'idle' });
  const [hereAsk, setHereAsk] = useState(0); // the position button asks again
  const [active, setActive] = useState(0);
  const levels = useAtomValue(criticalityLevelsAtom);
  const offline = useAtomValue(offlineAtom);
  const manyLines = useAtomValue(manyLinesAtom);
  const levelById = useMemo(() => new Map(levels.map((l) => [l.id, l])), [levels]);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const query = text.trim();
  const hereQuery = isHereQuery(query);
  const typedPk = hereQuery ? null : parsePkQuery(query);
  const markers = useAtomValue(markersAtom);
  // A PK beyond the line's markers is not offered: its refusal is said at once.
  const pkRefusal = useMemo(() => (typedPk === null ? null : pkJumpRefusal(typedPk, markers)), [typedPk, markers]);
  const pk = pkRefusal ? null : typedPk;
  const searchable = !hereQuery && query.length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!searchable) { setState({ kind: 'idle' }); return; }
    const ctrl = new AbortController();
    setState({ kind: 'loading' });
    const timer = setTimeout(() => {
      searchPoints(query, ctrl.signal).then(
        (r) => { if (!ctrl.signal.aborted) { setState({ kind: 'done', hits: r.hits, more: r.more }); setActive(0); } },
        (err) => { if (!ctrl.signal.aborted) { console.error('Recherche impossible', err); setState({ kind: 'error' }); } },
      );
    }, DEBOUNCE_MS);
    return () => { clearTimeout(timer); ctrl.abort(); };
  }, [query, searchable]);

  // 'ici': one fix of the device (the permission asked now), then the anomalies around it.
  useEffect(() => {
    if (!hereQuery) { setHere({ kind: 'idle' }); return; }
    const ctrl = new AbortController();
    setHere({ kind: 'locating' });
    currentFix().then((fix) => anomaliesNearFix(fix, ctrl.signal)).then(
      (r) => { if (!ctrl.signal.aborted) { setHere(r.ok ? { kind: 'done', heading: r.value.heading, hits: r.value.hits } : { kind: 'refused', message: r.message }); setActive(0); } },
      (err) => {
        if (ctrl.signal.aborted) return;
        if (!(err instanceof FixError)) console.error('Recherche autour de la position impossible', err);
        setHere({ kind: 'refused', message: err instanceof FixError ? err.message : offline ? T.searchOffline : T.searchFailed });
      },
    );
    return () => ctrl.abort();
  }, [hereQuery, hereAsk]); // eslint-disable-line react-hooks/exhaustive-deps -- offline is read when the answer comes

  const hits = hereQuery ? (here.kind === 'done' ? here.hits : []) : state.kind === 'done' ? state.hits : [];
  const options = (pk !== null ? 1 : 0) + hits.length;

  const close = () => { setOpen(false); };
  const choosePk = (km: number) => {
    const err = jumpToPk(km);
    if (err) { toast(err, 'warning', 5000); return; }
    pushLinkEntry(`/?pk=${km}`);
    close();
    onPicked?.();
  };
  const chooseHit = async (h: PointHit) => {
    close();
    onPicked?.();
    const r = await openPointFromSearch(h.id);
    if (!r.ok) toast(r.message, 'warning');
  };
  const choose = (i: number) => {
    if (pk !== null && i === 0) choosePk(pk);
    else { const h = hits[i - (pk !== null ? 1 : 0)]; if (h) void chooseHit(h); }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); setActive((a) => Math.min(options - 1, a + 1)); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(0, a - 1)); }
    else if (e.key === 'Enter') { e.preventDefault(); if (options > 0) choose(Math.min(active, options - 1)); }
    else if (e.key === 'Escape') { if (open) { e.stopPropagation(); close(); } else setText(''); }
  };

  const askHere = () => { setText('ici'); setOpen(true); setActive(0); setHereAsk((n) => n + 1); inputRef.current?.focus(); };

  const showList = open && query.length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;
  return (
    <div className={`search-box ${className ?? ''}`} onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close(); }}>
      <Search size={16} aria-hidden="true" className="search-icon" />
      <input ref={inputRef} type="search" className="search-input" role="combobox" aria-label={T.searchLabel} placeholder={T.searchPlaceholder}
        aria-expanded={showList} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={showList && options > 0 ? optionId(Math.min(active, options - 1)) : undefined}
        value={text} onChange={(e) => { setText(e.target.value); setOpen(true); setActive(0); }} onFocus={() => setOpen(true)} onKeyDown={onKeyDown}
        autoComplete="off" spellCheck={false} />
      <button type="button" className="search-here" onClick={askHere} aria-label={T.hereButton} title={T.hereButton} data-testid="search-here">
        <LocateFixed size={18} aria-hidden="true" />
      </button>
      {showList && (
        <div className="search-popup">
          {hereQuery && here.kind === 'done' && <p className="search-here-title" data-testid="search-here-title">{here.heading}</p>}
          <ul id={listId} role="listbox" aria-label={T.results} className="search-list">
            {pk !== null && (
              <li id={optionId(0)} role="option" aria-selected={active === 0} className="search-option search-pk"
                onMouseDown={(e) => e.preventDefault()} onClick={() => choose(0)}>
                <MapPin size={16} aria-hidden="true" /> {T.goToPk(formatPk(pk))}
              </li>
            )}
            {hits.map((h, i) => {
              const idx = i + (pk !== null ? 1 : 0);
              const level = levelById.get(h.criticality);
              return (
                <li key={h.id} id={optionId(idx)} role="option" aria-selected={active === idx} className="search-option"
                  onMouseDown={(e) => e.preventDefault()} onClick={() => choose(idx)} onMouseEnter={() => setActive(idx)}>
                  <span className="crit-dot" style={{ background: level?.color ?? UNKNOWN_SEVERITY_COLOR }} aria-hidden="true" />
                  <span className="search-option-text">
                    <span className="search-option-title">{h.name}</span>
                    <span className="search-option-meta">
                      <span>{h.kmValue !== null ? T.pk(formatKm(h.kmValue)) : T.noPk}</span>
                      <span className={`badge status-badge status-${h.status}`}>{STATUS_LABELS[h.status] ?? h.status}</span>
                      <span>{level?.name ?? h.criticality}</span>
                      {h.ticketNumber && <span>{h.ticketNumber}</span>}
                      {manyLines && h.line && <span className="search-option-line">{T.onLine(h.line.code, h.line.name)}</span>}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="search-status" role="status" aria-live="polite">
            {hereQuery && (here.kind === 'locating' ? T.hereLocating : here.kind === 'refused' ? here.message
              : here.kind === 'done' && here.hits.length === 0 ? T.hereNone : '')}
            {pkRefusal ?? (!searchable && !hereQuery && pk === null ? T.tooShort : '')}{pkRefusal && searchable ? ' ' : ''}
            {searchable && (state.kind === 'loading' ? T.searching
              : state.kind === 'error' ? (offline ? T.searchOffline : T.searchFailed)
              : state.kind === 'done' && hits.length === 0 && pk === null && !pkRefusal ? T.noResult
              : state.kind === 'done' ? searchCutNote(hits.length, state.more) : '')}
          </p>
        </div>
      )}
    </div>
  );
}
