// 'Me localiser' on the map (docs/product.md#position): asks the device's position on press, shows the agent on the
// line image with PK, track and precision, follows or recentres, drops imprecise fixes, averages 5 s of fixes,
// asks 'Voie 1 ou Voie 2 ?' rather than guessing, offers a nearby line, and opens the point form there ('Signaler ici').
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button } from '../../ui';
import { averageFixes, averageMessage, fixAccepted, type Fix } from '../../core/position/fixes';
import { formatMetres, locate, locatedMessage } from '../../core/position/locate';
import { POSITION_AVERAGE_MS } from '../../core/constants';
import type { Track } from '../../core/types';
import { lineIndexesAtom, positionMarkAtom, positionMaxAccuracyAtom } from '../../state/position/atoms';
import { placeOnShownLine, captureHere } from '../../state/position/actions';
import { activeLineAtom } from '../../state/tables';
import { centerRequestAtom } from '../../state/selection';
import { selectLine } from '../../state/lineActions';
import { useWatchPosition, type WatchError } from './useWatchPosition';
import { POSITION_TEXT as T } from './strings';

type Status = 'waiting' | 'on' | WatchError;

/** The button; the panel (and the line indexes it reads) only while on. */
export function LocateControl() {
  const [on, setOn] = useState(false);
  if (!on) {
    return (
      <div className="locate-control">
        <Button variant="primary" onClick={() => setOn(true)} data-testid="locate-button">{T.locate}</Button>
      </div>
    );
  }
  return <LocatePanel onStop={() => setOn(false)} />;
}

function LocatePanel({ onStop }: { onStop: () => void }) {
  const indexes = useAtomValue(lineIndexesAtom);
  const activeLine = useAtomValue(activeLineAtom);
  const setMark = useSetAtom(positionMarkAtom);
  const setCentre = useSetAtom(centerRequestAtom);
  const [status, setStatus] = useState<Status>('waiting');
  const [fix, setFix] = useState<Fix | null>(null);
  const [follow, setFollow] = useState(true);
  const [track, setTrack] = useState<Track | null>(null);
  const [averaging, setAveraging] = useState<{ until: number; fixes: Fix[] } | null>(null);
  const [averageNote, setAverageNote] = useState<string | null>(null);
  const [held, setHeld] = useState(false); // an average is shown: live fixes wait until 'Suivre'
  const [tick, setTick] = useState(0);
  const nonce = useRef(0);
  const maxAccuracyM = useAtomValue(positionMaxAccuracyAtom);

  const watch = useWatchPosition(
    (f) => {
      setStatus('on');
      setAveraging((a) => (a ? { ...a, fixes: [...a.fixes, f] } : a));
      if (!averaging && !held) setFix(f);
    },
    (e) => setStatus(e),
  );

  // The averaging window ends: its average becomes the fix shown (and kept with a point placed here).
  useEffect(() => {
    if (!averaging) return;
    const left = averaging.until - Date.now();
    const t = setTimeout(() => (left <= 0 ? finishAverage() : setTick((n) => n + 1)), Math.max(0, Math.min(left, 1000)));
    return () => clearTimeout(t);
  }); // re-armed after each render while averaging
  const finishAverage = () => {
    if (!averaging) return;
    const avg = averageFixes(averaging.fixes, maxAccuracyM);
    setAverageNote(averageMessage(avg?.fixes ?? 0, averaging.fixes.length - (avg?.fixes ?? 0)));
    if (avg) { setFix(avg); setFollow(false); setHeld(true); }
    setAveraging(null);
  };

  const located = useMemo(
    () => (fix ? locate(indexes, fix, { maxAccuracyM, preferredLineId: activeLine?.id ?? null, chosenTrack: track }) : null),
    [fix, indexes, maxAccuracyM, activeLine, track]);
  const place = useMemo(() => (located ? placeOnShownLine(located) : null), [located]);

  useEffect(() => {
    setMark(place && located ? { ...place, label: locatedMessage(located) } : null);
    if (place && follow) setCentre({ x: place.x, y: place.y, nonce: ++nonce.current });
  }, [place, located, follow, setMark, setCentre]);
  useEffect(() => () => setMark(null), [setMark]);

  useEffect(() => { watch.start(); }, []); // eslint-disable-line react-hooks/exhaustive-deps -- asked once, when the agent pressed 'Me localiser'
  const stop = () => { watch.stop(); setMark(null); onStop(); };

  const error = status === 'denied' ? T.denied : status === 'unavailable' ? T.unavailable : status === 'timeout' ? T.timeout : status === 'unsupported' ? T.unsupported : null;
  const message = indexes.length === 0 ? T.noAxes : located ? locatedMessage(located) : T.waiting;
  const usable = located?.kind === 'on_line' && located.hit.pk !== null && fixAccepted(fix!, maxAccuracyM);
  const elsewhere = located && (located.kind === 'on_line' || located.kind === 'ambiguous') && located.lineId !== activeLine?.id ? located : null;
  return (
    <div className="locate-control">
      <section className="locate-panel" aria-label={T.locate} data-testid="locate-panel">
        {status === 'waiting' && <p className="locate-note">{T.explain}</p>}
        {error ? <p className="locate-status locate-error" role="alert">{error}</p>
          : <p className="locate-status" role="status" aria-live="polite" data-testid="locate-status">{message}</p>}
        {averaging && <p className="locate-note" data-testid="locate-averaging">{T.averaging(Math.max(0, Math.ceil((averaging.until - Date.now()) / 1000)), averaging.fixes.length)}<span hidden>{tick}</span></p>}
        {averageNote && !averaging && <p className="locate-note" data-testid="locate-average">{averageNote}</p>}
        {located?.kind === 'ambiguous' && (
          <div className="locate-actions" role="group" aria-label={T.trackQuestion}>
            {located.choices.map((c) => <Button key={c.track} onClick={() => setTrack(c.track)}>{T.track(c.track)}</Button>)}
          </div>
        )}
        {elsewhere && <Button onClick={() => void selectLine(elsewhere.lineId)}>{T.showLine(elsewhere.name)}</Button>}
        {usable && !place && !elsewhere && <p className="locate-note">{T.offRuler}</p>}
        {located && (located.kind === 'on_line' || located.kind === 'ambiguous') && located.nearby.map((n) => (
          <Button key={n.lineId} size="sm" variant="ghost" onClick={() => void selectLine(n.lineId)}>{T.nearLine(n.name, formatMetres(n.distanceM))}</Button>
        ))}
        <div className="locate-actions">
          {usable && place && located?.kind === 'on_line' && (
            <Button variant="primary" data-testid="capture-here" onClick={() => captureHere(place, located.hit.pk!, { lat: fix!.lat, lon: fix!.lon, accuracyM: fix!.accuracyM, fixes: fix!.fixes ?? 1 })}>{T.captureHere}</Button>
          )}
          {place && <Button onClick={() => setCentre({ x: place.x, y: place.y, nonce: ++nonce.current })}>{T.recentre}</Button>}
          <Button aria-pressed={follow} onClick={() => { setHeld(false); setAverageNote(null); setFollow((f) => !f); }}>{follow ? T.following : T.follow}</Button>
          {status === 'on' && !averaging && <Button onClick={() => { setAverageNote(null); setAveraging({ until: Date.now() + POSITION_AVERAGE_MS, fixes: [] }); }}>{T.average}</Button>}
          <Button variant="ghost" onClick={stop}>{T.stop}</Button>
        </div>
      </section>
    </div>
  );
}
