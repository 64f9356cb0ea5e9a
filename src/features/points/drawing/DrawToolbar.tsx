// The drawing editor's controls: the tool and the colour (radio groups with French names), 'Annuler' and 'Effacer tout'.
import { ArrowUpRight, Circle, Eraser, PenLine, Type, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui';
import { DRAW_COLOURS, type DrawColour, type DrawTool } from '../../../core/photos/drawing';
import { DRAW_TEXT as T } from './strings';

const TOOLS: { id: DrawTool; label: string; icon: ReactNode }[] = [
  { id: 'arrow', label: T.arrow, icon: <ArrowUpRight size={18} aria-hidden="true" /> },
  { id: 'circle', label: T.circle, icon: <Circle size={18} aria-hidden="true" /> },
  { id: 'freehand', label: T.freehand, icon: <PenLine size={18} aria-hidden="true" /> },
  { id: 'text', label: T.text, icon: <Type size={18} aria-hidden="true" /> },
];
const COLOURS: { id: DrawColour; label: string }[] = [{ id: 'red', label: T.red }, { id: 'yellow', label: T.yellow }, { id: 'white', label: T.white }];

export interface DrawToolbarProps {
  tool: DrawTool;
  colour: DrawColour;
  onTool: (t: DrawTool) => void;
  onColour: (c: DrawColour) => void;
  canUndo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onClear: () => void;
  disabled?: boolean;
}

export function DrawToolbar({ tool, colour, onTool, onColour, canUndo, canClear, onUndo, onClear, disabled }: DrawToolbarProps) {
  return (
    <div className="draw-toolbar">
      <div className="draw-group" role="radiogroup" aria-label={T.tools}>
        {TOOLS.map((t) => (
          <label key={t.id} className={`draw-choice ${tool === t.id ? 'draw-choice-on' : ''}`}>
            <input type="radio" name="draw-tool" value={t.id} aria-label={t.label} checked={tool === t.id} disabled={disabled} onChange={() => onTool(t.id)} />
            {t.icon}<span className="draw-choice-text">{t.label}</span>
          </label>
        ))}
      </div>
      <div className="draw-group" role="radiogroup" aria-label={T.colours}>
        {COLOURS.map((c) => (
          <label key={c.id} className={`draw-choice draw-swatch ${colour === c.id ? 'draw-choice-on' : ''}`} title={c.label}>
            <input type="radio" name="draw-colour" value={c.id} aria-label={c.label} checked={colour === c.id} disabled={disabled} onChange={() => onColour(c.id)} />
            <span className="draw-swatch-dot" style={{ background: DRAW_COLOURS[c.id] }} aria-hidden="true" />
          </label>
        ))}
      </div>
      <div className="draw-group">
        <Button size="sm" icon={<Undo2 size={16} aria-hidden="true" />} title={T.undoHint} aria-keyshortcuts="Control+Z" disabled={disabled || !canUndo} onClick={onUndo}>{T.undo}</Button>
        <Button size="sm" icon={<Eraser size={16} aria-hidden="true" />} disabled={disabled || !canClear} onClick={onClear}>{T.clear}</Button>
      </div>
    </div>
  );
}
