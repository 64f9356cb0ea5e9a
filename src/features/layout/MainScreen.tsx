// The main screen (docs/product.md#main-screen): header, sidebar, map, floating menu, and the dialogs of every feature.
import { useAtom, useAtomValue } from 'jotai';
import { MapView } from '../../map/MapView';
import { PointFormDialog } from '../points/PointFormDialog';
import { DeleteConfirm } from '../points/DeleteConfirm';
import { ClusterSheet } from '../points/ClusterSheet';
import { SelectionBar } from '../bulk/SelectionBar';
import { ConflictDialog } from '../conflicts/ConflictDialog';
import { ZoneFormDialog } from '../zones/ZoneFormDialog';
import { useDeviceClass } from '../../ui/useDeviceClass';
import { liveStatusAtom } from '../../state/status';
import { offlineAtom } from '../../state/offline/atoms';
import { PointsLoadProgress } from './PointsLoadProgress';
import { modeAtom } from '../../state/mode';
import { adminPanelOpenAtom } from '../../state/panels';
import { isAdminAtom } from '../../state/session';
import { dashboardOpenAtom } from '../../state/dashboardOpen';
import { Header } from './Header';
import { OfflineLayer } from '../offline/OfflineLayer';
import { Sidebar } from './Sidebar';
import { FloatingActionMenu } from './FloatingActionMenu';
import { LinkRouter } from '../findShare/LinkRouter';
import { LAYOUT_TEXT as T } from './strings';
import { LineFollower } from '../lines/LineFollower';
import { PointsStateMarks } from './PointsStateMarks';
import { PrefetchWhenIdle } from './PrefetchWhenIdle';
import { loadReportFlow, ReportFlowHost } from './ReportFlowHost';
import { deferredModule, DeferredScreen } from './DeferredScreen';
import { SkipToMap } from './SkipToMap';
import { LocateControl } from '../position/LocateControl';
import { useAfterFirstPaint } from './useAfterFirstPaint';

// The report (./ReportFlowHost), the administration panel and the dashboard are loaded on first use (./DeferredScreen):
// a smaller first download.
const adminPanel = deferredModule(() => import('../admin/AdminPanel'));
const dashboardScreen = deferredModule(() => import('../dashboard/DashboardScreen'));

export function MainScreen() {
  // Header and map first; the floating menu, dialogs and sheets (none shown at sign-in) in a later task.
  const later = useAfterFirstPaint();
  const device = useDeviceClass();
  const live = useAtomValue(liveStatusAtom);
  const offline = useAtomValue(offlineAtom); // the offline banner says it: no second note about live updates
  const mode = useAtomValue(modeAtom);
  const [adminOpen, setAdminOpen] = useAtom(adminPanelOpenAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const [dashboardOpen, setDashboardOpen] = useAtom(dashboardOpenAtom);
  return (
    <div className={`app-shell device-${device} mode-${mode}`}>
      <SkipToMap />
      <Header />
      <OfflineLayer />
      <PointsLoadProgress />
      <div className="app-body">
        <Sidebar />
        <main className="map-area" id="plan">
          <MapView />
          {later && <LocateControl />}
          {live === 'offline' && !offline && <div className="live-offline" role="status">{T.liveOffline}</div>}
        </main>
      </div>
      <LinkRouter />
      <PointsStateMarks />
      <PrefetchWhenIdle load={loadReportFlow} />
      <LineFollower />
      {later && (
        <>
          <FloatingActionMenu />
          <PointFormDialog />
          <ZoneFormDialog />
          <DeleteConfirm />
          <ClusterSheet />
          <SelectionBar />
          {mode === 'route-report' && <ReportFlowHost />}
          {adminOpen && isAdmin && <DeferredScreen module={adminPanel} render={(m) => <m.AdminPanel />} failed={T.adminLoadFailed} onFailed={() => setAdminOpen(false)} />}
          {dashboardOpen && <DeferredScreen module={dashboardScreen} render={(m) => <m.DashboardScreen />} failed={T.dashboardLoadFailed} onFailed={() => setDashboardOpen(false)} />}
          <ConflictDialog />
        </>
      )}
    </div>
  );
}
