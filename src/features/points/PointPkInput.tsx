// PK field: accepts only what can lead to 0-999.99 with 2 decimals; a pasted value that does not match is ignored (docs/product.md#point-rules).
import type { ClipboardEvent } from 'react';
import { TextInput } from '../../ui';
import { isAcceptableKmInput } from '../../core/validation';
import { POINT_TEXT as T } from './strings';

export function PointPkInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | null }) {
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').trim();
    e.preventDefault();
    if (isAcceptableKmInput(pasted) && pasted !== '') onChange(pasted);
  };
  return (
    <TextInput
      label={T.km} name="kilometer" inputMode="decimal" autoComplete="off" placeholder={T.kmPlaceholder} hint={T.kmHint}
      value={value} error={error} data-step="0.01"
      onChange={(e) => { if (isAcceptableKmInput(e.target.value)) onChange(e.target.value); }}
      onPaste={onPaste}
    />
  );
}
