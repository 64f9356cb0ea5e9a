// A PK input bounded by the marker values (the shared PK input: comma or point, 2 decimals; docs/product.md#report-form)
// with its Min and Max shortcut buttons.
import { useId } from 'react';
import { Button, pkInputProps } from '../../ui';
import { FORM_TEXT } from './strings';

export interface RangePkFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  min?: number;
  max?: number;
  step: number;
  disabled?: boolean;
  onMin: () => void;
  onMax: () => void;
}

export function RangePkField({ label, value, onChange, min, max, step, disabled, onMin, onMax }: RangePkFieldProps) {
  const id = useId();
  return (
    <div className="field report-km">
      <label htmlFor={id} className="field-label">{label}</label>
      <div className="report-km-row">
        <input id={id} className="input" disabled={disabled} data-min={min} data-max={max} data-step={step} {...pkInputProps(value, onChange)} />
        <Button size="sm" onClick={onMin} disabled={disabled} aria-label={FORM_TEXT.minOf(label)} title={FORM_TEXT.minOf(label)}>{FORM_TEXT.min}</Button>
        <Button size="sm" onClick={onMax} disabled={disabled} aria-label={FORM_TEXT.maxOf(label)} title={FORM_TEXT.maxOf(label)}>{FORM_TEXT.max}</Button>
      </div>
    </div>
  );
}
