// Accessible modal dialog on @radix-ui/react-dialog; full-screen on phones (CSS), 'full' size for wide dialogs.
import * as RD from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

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
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className="dialog-overlay" />
        <RD.Content
          className={`dialog dialog-${size} ${className ?? ''}`}
          onPointerDownOutside={(e) => { if (!dismissOnOutsideClick) e.preventDefault(); }}
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
