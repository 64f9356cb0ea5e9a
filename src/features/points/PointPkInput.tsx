// PK field of the point form: the shared PK input (src/ui/pkInput: comma or point, 0-999.99, 2 decimals; docs/product.md#point-rules).
import { TextInput, pkInputProps } from '../../ui';
import { POINT_TEXT as T } from './strings';

export function PointPkInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | null }) {
  return <TextInput label={T.km} name="kilometer" hint={T.kmHint} error={error} data-step="0.01" {...pkInputProps(value, onChange)} />;
}
