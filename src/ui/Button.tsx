// Shared button: variants primary / secondary / danger / ghost, optional icon, busy state.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  icon?: ReactNode;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
}

export function Button({ variant = 'secondary', size = 'md', icon, busy, className, children, disabled, type, ...rest }: ButtonProps) {
  const cls = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type ?? 'button'} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className="spinner spinner-inline" aria-hidden="true" /> : icon}
      {children != null && <span className="btn-label">{children}</span>}
    </button>
  );
}

/** A square button with only an icon; `label` is its accessible name and tooltip. */
export function IconButton({ label, icon, variant = 'ghost', className, ...rest }: Omit<ButtonProps, 'children'> & { label: string; icon: ReactNode }) {
  return <Button variant={variant} icon={icon} aria-label={label} title={label} className={`btn-icon ${className ?? ''}`} {...rest} />;
}
