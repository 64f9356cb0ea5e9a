// The one PK input behaviour of every PK field (docs/product.md#pk): a text field with the decimal keypad that takes a
// comma or a point, refuses what cannot lead to 0-999.99 with 2 decimals (typed or pasted), and shows the value with
// 2 decimals and a comma once the field is left ('25,5' → '25,50'). Spread on an <input> or a TextInput.
import type { ClipboardEvent, ChangeEvent } from 'react';
import { isAcceptableKmInput } from '../core/validation';
import { settleKmText } from '../core/format';

export const PK_PLACEHOLDER = '0,00';

export function pkInputProps(value: string, onChange: (text: string) => void) {
  return {
    type: 'text',
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    spellCheck: false,
    placeholder: PK_PLACEHOLDER,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => { if (isAcceptableKmInput(e.target.value)) onChange(e.target.value); },
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      const pasted = e.clipboardData.getData('text').trim();
      e.preventDefault();
      if (pasted !== '' && isAcceptableKmInput(pasted)) onChange(pasted);
    },
    onBlur: () => { const settled = settleKmText(value); if (settled !== value) onChange(settled); },
  };
}
