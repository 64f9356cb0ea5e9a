// Accessible modal dialog on @radix-ui/react-dialog; full-screen on phones (CSS), 'full' size for wide dialogs.
// On close the focus goes back to where the user was: the element focused when it opened, or,
// when that one was re-rendered meanwhile, the control with the same accessible name, else the map.
import * as RD from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Where the focus was when a dialog opened: the element and what finds its successor. */
interface Opener { el: HTMLElement; label: string | null }

function returnFocus(o: Opener | null): boolean {
  if (!o) return false;
  let el: HTMLElement | null = o.el.isConnected ? o.el : null;
  if (!el && o.label) el = document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(o.label)}"]`);
  el ??= document.querySelector<HTMLElement>('[data-testid="map-canvas"]');
  if (!el) return false;
  el.focus();
  return document.activeElement === el;
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (Annuler / Enregistrer ...). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'full';
  className?: string;
  /** Set false to keep the dialog open on outside clicks (forms with content). */
  dismissOnOutsideClick?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md', className, dismissOnOutsideClick = false }: DialogProps) {
  const opener = useRef<Opener | null>(null);
  useLayoutEffect(() => {
    // Before Radix moves the focus into the dialog (its effects run after this layout effect).
    const el = open && typeof document !== 'undefined' ? document.activeElement : null;
    if (el instanceof HTMLElement && el !== document.body) opener.current = { el, label: el.getAttribute('aria-label') };
  }, [open]);
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className="dialog-overlay" />
        <RD.Content
          className={`dialog dialog-${size} ${className ?? ''}`}
          onPointerDownOutside={(e) => { if (!dismissOnOutsideClick) e.preventDefault(); }}
          onCloseAutoFocus={(e) => { if (returnFocus(opener.current)) e.preventDefault(); }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="dialog-header">
            <RD.Title className="dialog-title">{title}</RD.Title>
            <RD.Close className="btn btn-ghost btn-icon dialog-close" aria-label="Fermer" title="Fermer">
              <X size={20} aria-hidden="true" />
            </RD.Close>
          </header>
          {description && <RD.Description className="dialog-description">{description}</RD.Description>}
          <div className="dialog-body">{children}</div>
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  );
}
