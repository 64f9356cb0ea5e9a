// Loading indicators: a spinner with an optional text, and a determinate/indeterminate progress bar.
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`spinner-wrap spinner-${size}`} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label && <span className="spinner-label">{label}</span>}
    </span>
  );
}

/** `value` in 0..1, or undefined for an indeterminate bar. */
export function ProgressBar({ value, label }: { value?: number; label?: string }) {
  const pct = value === undefined ? undefined : Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className={`progress ${pct === undefined ? 'progress-indeterminate' : ''}`} role="progressbar" aria-label={label}
      aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <div className="progress-bar" style={pct === undefined ? undefined : { width: `${pct}%` }} />
    </div>
  );
}
