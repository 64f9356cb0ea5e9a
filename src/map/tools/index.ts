// The tool of each main-screen mode (route-report mode keeps the view tool under its dialogs).
import type { AppMode } from '../../core/modeMachine';
import type { MapTool } from './types';
import { viewTool } from './view';
import { drawPointTool } from './drawPoint';
import { drawZoneTool } from './drawZone';

export function toolForMode(mode: AppMode): MapTool {
  return mode === 'draw-point' ? drawPointTool : mode === 'draw-zone' ? drawZoneTool : viewTool;
}
