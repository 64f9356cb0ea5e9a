// Inline alert (error / success / info / warning) with role alert or status.
import type { ReactNode } from 'react';

export type AlertKind = 'error' | 'success' | 'info' | 'warning';

export function Alert({ kind = 'info', children, action }: { kind?: AlertKind; children: ReactNode; action?: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="alert-text">{children}</div>
      {action && <div className="alert-action">{action}</div>}
    </div>
  );
}
