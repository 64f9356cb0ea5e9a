// One uPlot chart (docs/decisions.md#dashboard-charts): made on mount, resized with its box, destroyed on unmount. The
// chart is decorative for assistive technology (aria-hidden): its numbers are in the 'Voir les données' table beside it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export function UPlotChart({ options, data, label }: { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const size = () => ({ width: Math.max(240, el.clientWidth), height: Math.max(180, Math.min(280, el.clientWidth * 0.45)) });
    const plot = new uPlot({ ...options, ...size() }, data, el);
    const ro = new ResizeObserver(() => plot.setSize(size()));
    ro.observe(el);
    return () => { ro.disconnect(); plot.destroy(); };
  }, [options, data]);
  return <div className="dash-chart" ref={box} aria-hidden="true" data-chart={label} />;
}
