// Hosts the route report's screen (docs/product.md#report-form), whose module (and the docx code behind it) is not
// in the first download: loaded when first opened, or before by ./PrefetchWhenIdle. Not through lazy(): a lazy
// component suspends on its first render even when its module is already loaded, and React then holds the revealed
// screen back by its fallback throttle (300 ms, issue 19 item 4). The form shows as soon as the module is there; if
// it cannot be loaded, a French message and back to the map.
import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { ProgressBar, toast } from '../../ui';
import { requestModeAtom } from '../../state/modeActions';
import { LAYOUT_TEXT as T } from './strings';

let reportModule: typeof import('../report/ReportFlow') | null = null;

/** Loads the report's module (once; later calls get the same module). */
export const loadReportFlow = () => import('../report/ReportFlow').then((m) => { reportModule = m; return m; });

export function ReportFlowHost() {
  const [loaded, setLoaded] = useState(reportModule);
  const requestMode = useSetAtom(requestModeAtom);
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    loadReportFlow().then((m) => { if (alive) setLoaded(m); }, (err) => {
      console.error('report module failed to load', err);
      if (!alive) return;
      toast(T.reportLoadFailed, 'error');
      requestMode('view');
    });
    return () => { alive = false; };
  }, [loaded, requestMode]);
  return loaded ? <loaded.ReportFlow /> : <div className="load-progress" role="status"><ProgressBar label={T.loading} /></div>;
}
