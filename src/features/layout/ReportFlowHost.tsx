// Hosts the route report's screen (docs/product.md#report-form), whose module (and the docx code behind it) is not
// in the first download: loaded when first opened, or before by ./PrefetchWhenIdle; through ./DeferredScreen (no
// lazy(), no Suspense throttle). If it cannot be loaded, a French message and back to the map.
import { requestMode } from '../../state/modeActions';
import { deferredModule, DeferredScreen } from './DeferredScreen';
import { LAYOUT_TEXT as T } from './strings';

const reportFlow = deferredModule(() => import('../report/ReportFlow'));

/** Loads the report's module (once; later calls get the same module). */
export const loadReportFlow = () => reportFlow.load();

export function ReportFlowHost() {
  return <DeferredScreen module={reportFlow} render={(m) => <m.ReportFlow />} failed={T.reportLoadFailed} onFailed={() => requestMode('view')} />;
}
