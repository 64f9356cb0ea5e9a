// The line picker: the line shown, and a list of the others to switch to, searchable by name or code
// (a search field shows when there are more than a few). Only when the user reads more than one line: a one-line
// installation looks as before. In the header on a desktop, in the drawer on a phone or tablet.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { ChevronDown, Route } from 'lucide-react';
import { activeLineAtom, linesAtom, manyLinesAtom } from '../../state/tables';
import { selectLine } from '../../state/lineActions';
import { filterLines, lineLabel } from '../../core/lines/filterLines';
import { toast } from '../../ui/toast';
import { LAYOUT_TEXT as T } from './strings';

const SEARCH_FROM = 7; // lines from which the list gets a search field

export function LinePicker({ className, onPicked }: { className?: string; onPicked?: () => void }) {
  const many = useAtomValue(manyLinesAtom);
  const lines = useAtomValue(linesAtom);
  const active = useAtomValue(activeLineAtom);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const visible = useMemo(() => lines.filter((l) => !l.archived), [lines]);
  const shown = useMemo(() => filterLines(visible, query), [visible, query]);
  const withSearch = visible.length >= SEARCH_FROM;

  useEffect(() => {
    if (!open) return;
    setQuery('');
    setCursor(Math.max(0, visible.findIndex((l) => l.id === active?.id)));
    requestAnimationFrame(() => (withSearch ? searchRef.current : listRef.current)?.focus());
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- reset only when the list opens

  if (!many || !active) return null;

  const close = (refocus: boolean) => { setOpen(false); if (refocus) buttonRef.current?.focus(); };
  const pick = (id: string) => {
    close(true);
    onPicked?.();
    selectLine(id).catch((e) => { console.error('Changement de ligne impossible', e); toast(T.lineSwitchFailed, 'error'); });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setCursor((c) => Math.min(shown.length - 1, c + 1)); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setCursor((c) => Math.max(0, c - 1)); }
    else if (e.key === 'Home') { e.preventDefault(); setCursor(0); }
    else if (e.key === 'End') { e.preventDefault(); setCursor(shown.length - 1); }
    else if (e.key === 'Enter') { e.preventDefault(); const l = shown[Math.min(cursor, shown.length - 1)]; if (l) pick(l.id); }
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); }
  };
  const optionId = (i: number) => `${listId}-${i}`;
  const current = shown.length ? Math.min(cursor, shown.length - 1) : -1;

  return (
    <div className={`line-picker ${className ?? ''}`}
      onBlur={(e) => { if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close(false); }}>
      <button ref={buttonRef} type="button" className="btn btn-ghost line-picker-button" aria-haspopup="listbox" aria-expanded={open}
        aria-label={T.lineChoose(lineLabel(active))} title={T.lineLabel} onClick={() => setOpen((o) => !o)}>
        <Route size={18} aria-hidden="true" />
        <span className="line-picker-code">{active.code}</span>{' '}
        <span className="line-picker-name">{active.name}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open && (
        <div className="line-picker-popup search-popup">
          {withSearch && (
            <input ref={searchRef} type="search" className="search-input line-picker-search" aria-label={T.lineSearch} placeholder={T.lineSearch}
              role="combobox" aria-expanded="true" aria-controls={listId} aria-autocomplete="list"
              aria-activedescendant={current >= 0 ? optionId(current) : undefined}
              value={query} onChange={(e) => { setQuery(e.target.value); setCursor(0); }} onKeyDown={onKeyDown} autoComplete="off" spellCheck={false} />
          )}
          <ul ref={listRef} id={listId} role="listbox" aria-label={T.lineList} className="search-list" tabIndex={withSearch ? -1 : 0}
            aria-activedescendant={!withSearch && current >= 0 ? optionId(current) : undefined} onKeyDown={withSearch ? undefined : onKeyDown}>
            {shown.map((l, i) => (
              <li key={l.id} id={optionId(i)} role="option" aria-selected={i === current} aria-current={l.id === active.id ? 'true' : undefined}
                className={`search-option line-picker-option${l.id === active.id ? ' is-current' : ''}`}
                onMouseDown={(e) => e.preventDefault()} onClick={() => pick(l.id)} onMouseEnter={() => setCursor(i)}>
                <span className="line-picker-code">{l.code}</span>
                <span className="search-option-title">{l.name}</span>
              </li>
            ))}
          </ul>
          {!shown.length && <p className="search-status" role="status">{T.lineNone}</p>}
        </div>
      )}
    </div>
  );
}
