// The 'Texte' tool's prompt: the words to place where the photo was touched ('Ajouter' or Enter; 'Annuler' or Escape).
import { useState } from 'react';
import { Button } from '../../../ui';
import { DRAW_TEXT as T } from './strings';

export function TextPrompt({ onDone }: { onDone: (text: string | null) => void }) {
  const [text, setText] = useState('');
  return (
    // The submit stays here: React hands a portal's events to the components around it (the point form's own form).
    <form className="draw-text-prompt" onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); onDone(text); }}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onDone(null); } }}>
      <label className="field-label" htmlFor="draw-text-input">{T.textLabel}</label>
      <input id="draw-text-input" className="input" autoFocus maxLength={200} value={text} onChange={(e) => setText(e.target.value)} />
      <Button size="sm" type="button" onClick={() => onDone(null)}>{T.textCancel}</Button>
      <Button size="sm" type="submit" variant="primary" disabled={!text.trim()}>{T.textAdd}</Button>
    </form>
  );
}
