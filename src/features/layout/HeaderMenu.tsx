// 'Plus d'actions': the header's menu of secondary actions. Always holds 'Tournées'; the actions the header has no
// room for (useHeaderFit's steps) show here instead of in the header (the menu's items carry the step from which
// they show, read by layout.css). A menu button: arrows move between items, Escape closes and returns the focus.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MoreVertical } from 'lucide-react';
import { LAYOUT_TEXT as T } from './strings';

export interface HeaderMenuItem {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  /** The fitting step from which the item shows in the menu (0: always). */
  fromStep: number;
  href?: string;
}

export function HeaderMenu({ items, note }: { items: HeaderMenuItem[]; note?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const shownItems = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter((e) => e.offsetParent !== null);
  useEffect(() => { if (open) requestAnimationFrame(() => shownItems()[0]?.focus()); }, [open]);

  const close = (refocus: boolean) => { setOpen(false); if (refocus) buttonRef.current?.focus(); };
  const onKeyDown = (e: KeyboardEvent) => {
    const list = shownItems();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => { e.preventDefault(); list[(i + list.length) % list.length]?.focus(); };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); }
    else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="header-menu" onBlur={(e) => { if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close(false); }}>
      <button ref={buttonRef} type="button" className="btn btn-ghost btn-icon" aria-haspopup="menu" aria-expanded={open}
        aria-label={T.moreActions} title={T.moreActions} onClick={() => setOpen((o) => !o)}>
        <MoreVertical size={20} aria-hidden="true" />
      </button>
      {open && (
        <div ref={listRef} className="header-menu-popup" role="menu" aria-label={T.moreActions} onKeyDown={onKeyDown}>
          {note && <div className="header-menu-note header-menu-from-1">{note}</div>}
          {items.map((it) => {
            const cls = `header-menu-item header-menu-from-${it.fromStep}`;
            const pick = () => { close(true); it.onSelect(); };
            return it.href
              ? <a key={it.key} role="menuitem" tabIndex={-1} className={cls} href={it.href} target="_blank" rel="noopener noreferrer" onClick={() => close(true)}>{it.icon}<span>{it.label}</span></a>
              : <button key={it.key} type="button" role="menuitem" tabIndex={-1} className={cls} onClick={pick}>{it.icon}<span>{it.label}</span></button>;
          })}
        </div>
      )}
    </div>
  );
}
