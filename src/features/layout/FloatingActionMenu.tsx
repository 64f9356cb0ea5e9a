// Floating action menu (docs/product.md#floating-menu): mobile and tablet only, hidden while drawing and while the dashboard is open; Signaler, Zone (admin), Rapport, Sélection, Admin (admin).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { FileText, Lasso, MapPinPlus, Plus, Settings, Shapes } from 'lucide-react';
import { useDeviceClass } from '../../ui/useDeviceClass';
import { modeAtom } from '../../state/mode';
import { isAdminAtom } from '../../state/session';
import { openAdmin, requestMode } from '../../state/modeActions';
import { dashboardOpenAtom } from '../../state/dashboardOpen';
import { lineKnownAtom } from '../../state/firstLoad';
import type { AppMode } from '../../core/modeMachine';
import { LAYOUT_TEXT as T } from './strings';

export function FloatingActionMenu() {
  const device = useDeviceClass();
  const mode = useAtomValue(modeAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const [open, setOpen] = useState(false);
  const dashboard = useAtomValue(dashboardOpenAtom); // the dashboard is a page of its own: nothing to place over it
  const lineKnown = useAtomValue(lineKnownAtom); // points and zones are drawn on the line shown

  if (device === 'desktop' || mode === 'draw-point' || mode === 'draw-zone' || dashboard) return null;

  const go = (m: AppMode) => { setOpen(false); requestMode(m); };
  const entries = [
    { key: 'point', label: T.capture, icon: <MapPinPlus size={20} aria-hidden="true" />, run: () => go('draw-point'), show: true, drawing: true },
    { key: 'zone', label: T.zone, icon: <Shapes size={20} aria-hidden="true" />, run: () => go('draw-zone'), show: isAdmin, drawing: true },
    { key: 'route-report', label: T.routeReport, icon: <FileText size={20} aria-hidden="true" />, run: () => go('route-report'), show: true, drawing: false },
    { key: 'select', label: T.bulkSelect, icon: <Lasso size={20} aria-hidden="true" />, run: () => go('select'), show: true, drawing: false },
    { key: 'admin', label: T.adminShort, icon: <Settings size={20} aria-hidden="true" />, run: () => { setOpen(false); openAdmin(); }, show: isAdmin, drawing: false },
  ].filter((e) => e.show);

  return (
    <div className={`fab ${open ? 'fab-open' : ''}`}>
      {open && <div className="fab-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
      {open && (
        <ul className="fab-menu" id="fab-menu">
          {entries.map((e) => (
            <li key={e.key}>
              <button type="button" className="fab-item" onClick={e.run} disabled={e.drawing && !lineKnown}
                title={e.drawing && !lineKnown ? T.waitLines : undefined}>
                <span className="fab-item-label">{e.label}</span>
                <span className="fab-item-icon">{e.icon}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="fab-main" aria-expanded={open} aria-controls="fab-menu" aria-label={open ? T.fabClose : T.fabOpen}
        onClick={() => setOpen((o) => !o)}>
        <Plus size={28} aria-hidden="true" className="fab-plus" />
      </button>
    </div>
  );
}
