// Filter chips: single choice (Chips, a radio group) and independent toggles (ToggleChip).
import type { ReactNode } from 'react';
import { formatCount } from '../core/format';

export interface ChipOption<T extends string> { value: T; label: ReactNode; count?: number; color?: string }

export interface ChipsProps<T extends string> {
  options: ChipOption<T>[];
  value: T;
  onChange: (v: T) => void;
  ariaLabel: string;
  className?: string;
}

export function Chips<T extends string>({ options, value, onChange, ariaLabel, className }: ChipsProps<T>) {
  return (
    <div role="radiogroup" aria-label={ariaLabel} className={`chips ${className ?? ''}`}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className={`chip ${o.value === value ? 'chip-active' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.color && <span className="chip-dot" style={{ background: o.color }} aria-hidden="true" />}
          {o.label}
          {o.count !== undefined && <span className="chip-count">{formatCount(o.count)}</span>}
        </button>
      ))}
    </div>
  );
}

export interface ToggleChipProps { pressed: boolean; onToggle: () => void; children: ReactNode; color?: string; disabled?: boolean }

export function ToggleChip({ pressed, onToggle, children, color, disabled }: ToggleChipProps) {
  return (
    <button type="button" aria-pressed={pressed} disabled={disabled} className={`chip ${pressed ? 'chip-active' : ''}`} onClick={onToggle}>
      {color && <span className="chip-dot" style={{ background: color }} aria-hidden="true" />}
      {children}
    </button>
  );
}
