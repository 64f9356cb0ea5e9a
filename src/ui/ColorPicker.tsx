// Colour choice: native colour input + hex text field + preset swatches (palette given by the caller).
import { useEffect, useId, useState } from 'react';
import { UI_TEXT } from './strings';

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface ColorPickerProps {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  palette: readonly string[];
  error?: string | null;
}

export function ColorPicker({ label, value, onChange, palette, error }: ColorPickerProps) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commitText = (t: string) => {
    setText(t);
    const v = t.startsWith('#') ? t : `#${t}`;
    if (HEX.test(v)) onChange(v);
  };
  return (
    <fieldset className="field color-picker">
      <legend className="field-label">{label}</legend>
      <div className="color-picker-row">
        <input type="color" id={`${id}-native`} className="color-native" aria-label={label} value={HEX.test(value) ? value : '#000000'} onChange={(e) => onChange(e.target.value)} />
        <input
          type="text" id={`${id}-hex`} className="input color-hex" aria-label={UI_TEXT.hexLabel}
          value={text} maxLength={7} spellCheck={false} autoComplete="off"
          aria-invalid={!HEX.test(text.startsWith('#') ? text : `#${text}`) || undefined}
          onChange={(e) => commitText(e.target.value.trim())}
          onBlur={() => setText(value)}
        />
        <span className="color-preview" style={{ background: value }} aria-hidden="true" />
      </div>
      <div className="swatches" role="group" aria-label={UI_TEXT.palette}>
        {palette.map((c) => (
          <button
            key={c} type="button" className={`swatch ${c.toLowerCase() === value.toLowerCase() ? 'swatch-active' : ''}`}
            style={{ background: c }} aria-label={UI_TEXT.colorPreset(c)} aria-pressed={c.toLowerCase() === value.toLowerCase()} title={c}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
      {error && <p className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}
