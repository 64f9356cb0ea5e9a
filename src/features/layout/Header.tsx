// Fixed header (docs/product.md#header): logo, title, the line shown, 'Laisser un Avis', mode buttons, notifications, refresh,
// dashboard, administration, logout, and 'Plus d'actions' ('Tournées', and what the header has no room for: useHeaderFit).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { BarChart3, ClipboardList, FileText, LogOut, MapPinPlus, MessageSquare, PanelLeft, RefreshCw, Settings, Shapes, X, Lasso } from 'lucide-react';
import { Button, IconButton, toast } from '../../ui';
import { useDeviceClass } from '../../ui/useDeviceClass';
import { feedbackLinkAtom, dataLoadingAtom, manyLinesAtom } from '../../state/tables';
import { isAdminAtom, profileAtom } from '../../state/session';
import { modeAtom } from '../../state/mode';
import { sidebarOpenAtom } from '../../state/panels';
import { openAdmin, requestMode } from '../../state/modeActions';
import { loadAll, reloadSettings } from '../../state/actions';
import { requestSignOut as signOut } from '../../state/offline/signOut';
import { OutboxCounter } from '../offline/OutboxCounter';
import { NotificationBell } from '../notifications/NotificationBell';
import { dashboardOpenAtom } from '../../state/dashboardOpen';
import { lineKnownAtom } from '../../state/firstLoad';
import { Logo } from './Logo';
import { SearchBox } from '../findShare/SearchBox';
import { LinePicker } from './LinePicker';
import { HeaderLineName } from './HeaderLineName';
import { HeaderMenu, type HeaderMenuItem } from './HeaderMenu';
import { useHeaderFit } from './useHeaderFit';
import { LAYOUT_TEXT as T } from './strings';
import { isValidFeedbackLink } from '../../core/admin/settingsValidation';

const InspectionsDialog = lazy(() => import('../inspections/InspectionsDialog').then((m) => ({ default: m.InspectionsDialog })));

export const FEEDBACK_EVENT = 'feedbackLinkUpdated'; // window event, docs/product.md#header

export function Header() {
  const link = useAtomValue(feedbackLinkAtom);
  const feedback = link && isValidFeedbackLink(link) ? link : null; // the database allows nothing else
  const isAdmin = useAtomValue(isAdminAtom);
  const profile = useAtomValue(profileAtom);
  const mode = useAtomValue(modeAtom);
  const loading = useAtomValue(dataLoadingAtom);
  const setSidebar = useSetAtom(sidebarOpenAtom);
  const sidebarOpen = useAtomValue(sidebarOpenAtom);
  const device = useDeviceClass();
  const compact = device !== 'desktop';
  const [signingOut, setSigningOut] = useState(false);
  const setDashboard = useSetAtom(dashboardOpenAtom);
  const many = useAtomValue(manyLinesAtom);
  const lineKnown = useAtomValue(lineKnownAtom); // points and zones are drawn on the line shown
  const [inspections, setInspections] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  useHeaderFit(headerRef);

  useEffect(() => {
    const onUpdate = () => void reloadSettings();
    window.addEventListener(FEEDBACK_EVENT, onUpdate);
    return () => window.removeEventListener(FEEDBACK_EVENT, onUpdate);
  }, []);

  const drawingPoint = mode === 'draw-point';
  const drawingZone = mode === 'draw-zone';
  const refresh = () => void loadAll().then((r) => { if (!r.ok) toast(r.message, 'error', 8000); });
  const menu: HeaderMenuItem[] = [
    { key: 'inspections', label: T.inspections, icon: <ClipboardList size={18} aria-hidden="true" />, onSelect: () => setInspections(true), fromStep: 0 },
    ...(feedback ? [{ key: 'feedback', label: T.feedback, icon: <MessageSquare size={18} aria-hidden="true" />, onSelect: () => undefined, href: feedback, fromStep: 3 }] : []),
    { key: 'refresh', label: T.refresh, icon: <RefreshCw size={18} aria-hidden="true" />, onSelect: refresh, fromStep: 3 },
    { key: 'dashboard', label: T.dashboard, icon: <BarChart3 size={18} aria-hidden="true" />, onSelect: () => setDashboard((o) => !o), fromStep: 3 },
    { key: 'route-report', label: T.routeReport, icon: <FileText size={18} aria-hidden="true" />, onSelect: () => requestMode('route-report'), fromStep: 7 },
    { key: 'select', label: T.bulkSelect, icon: <Lasso size={18} aria-hidden="true" />, onSelect: () => requestMode('select'), fromStep: 7 },
    ...(isAdmin ? [{ key: 'admin', label: T.admin, icon: <Settings size={18} aria-hidden="true" />, onSelect: () => openAdmin(), fromStep: 8 }] : []),
    { key: 'logout', label: T.logout, icon: <LogOut size={18} aria-hidden="true" />, onSelect: () => void signOut(), fromStep: 8 },
  ];

  return (
    <header className="app-header" ref={headerRef}>
      <IconButton className="header-drawer-btn" label={sidebarOpen ? T.closeList : T.openList} aria-expanded={sidebarOpen}
        icon={<PanelLeft size={20} aria-hidden="true" />} onClick={() => setSidebar((o) => !o)} />
      <div className="header-brand">
        <Logo size={32} />
        <span className="header-title">
          <span className={compact ? 'sr-only' : 'header-title-full'}>{T.appTitle}</span>
          <span className={compact ? '' : 'header-title-short'} aria-hidden="true">{T.appTitleShort}</span>
        </span>
      </div>
      {feedback && (
        <a className="btn btn-ghost header-feedback header-secondary" href={feedback} target="_blank" rel="noopener noreferrer" title={T.feedback}>
          <MessageSquare size={18} aria-hidden="true" />
          <span className="btn-label hide-compact">{T.feedback}</span>
          <span className="sr-only show-compact-sr">{T.feedback}</span>
        </a>
      )}
      {!compact && many ? <LinePicker className="header-line-picker" /> : <HeaderLineName />}
      {!compact && <SearchBox className="header-search" />}
      <nav className="header-modes" aria-label="Modes">
        <Button variant={drawingPoint ? 'danger' : 'primary'} aria-pressed={drawingPoint}
          icon={drawingPoint ? <X size={18} aria-hidden="true" /> : <MapPinPlus size={18} aria-hidden="true" />}
          disabled={!lineKnown} title={lineKnown ? undefined : T.waitLines} onClick={() => requestMode('draw-point')}>
          {drawingPoint ? T.cancel : T.capture}
        </Button>
        {isAdmin && (
          <Button className={drawingZone ? 'btn-active' : ''} aria-pressed={drawingZone}
            icon={drawingZone ? <X size={18} aria-hidden="true" /> : <Shapes size={18} aria-hidden="true" />}
            disabled={!lineKnown} title={lineKnown ? undefined : T.waitLines} onClick={() => requestMode('draw-zone')}>
            {drawingZone ? T.cancel : T.zone}
          </Button>
        )}
        <Button className={`header-secondary-mode ${mode === 'route-report' ? 'btn-active' : ''}`} aria-pressed={mode === 'route-report'} icon={<FileText size={18} aria-hidden="true" />}
          onClick={() => requestMode('route-report')}>
          {T.routeReport}
        </Button>
        <Button className={`header-secondary-mode ${mode === 'select' ? 'btn-active' : ''}`} aria-pressed={mode === 'select'} icon={<Lasso size={18} aria-hidden="true" />}
          onClick={() => requestMode('select')}>
          {T.bulkSelect}
        </Button>
      </nav>
      <div className="header-actions">
        <OutboxCounter />
        <NotificationBell />
        <IconButton className="header-secondary" label={T.refresh} icon={<RefreshCw size={20} aria-hidden="true" className={loading ? 'spin' : ''} />} disabled={loading} onClick={refresh} />
        <IconButton className="header-secondary" label={T.dashboard} icon={<BarChart3 size={20} aria-hidden="true" />} onClick={() => setDashboard((o) => !o)} />
        {isAdmin && <IconButton className="header-tertiary" label={T.admin} icon={<Settings size={20} aria-hidden="true" />} onClick={() => openAdmin()} />}
        <HeaderMenu items={menu} note={profile && <><span className="header-user-email">{profile.email}</span> <span className="header-user-role">{T.userRole[profile.role]}</span></>} />
        {profile && !compact && (
          <span className="header-user" title={profile.email}>
            <span className="header-user-email">{profile.email}</span>
            <span className="header-user-role">{T.userRole[profile.role]}</span>
          </span>
        )}
        <IconButton className="header-tertiary" label={T.logout} icon={<LogOut size={20} aria-hidden="true" />} busy={signingOut}
          onClick={async () => { setSigningOut(true); try { await signOut(); } finally { setSigningOut(false); } }} />
      </div>
      {inspections && <Suspense fallback={null}><InspectionsDialog onClose={() => setInspections(false)} /></Suspense>}
    </header>
  );
}
