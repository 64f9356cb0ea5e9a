// Validation of the administration forms (docs/product.md#settings): feedback link, position accuracy threshold, hex
// colours, invitation email, names.
import { isEmailAddress, parseHttpUrl } from '../addresses';

/** Empty is allowed; otherwise an absolute http(s) URL with a host. */
export function isValidFeedbackLink(value: string): boolean {
  const v = value.trim();
  return v === '' || parseHttpUrl(v) !== null;
}

export const POSITION_ACCURACY_MIN_M = 5;
export const POSITION_ACCURACY_MAX_M = 500;

/** The accuracy threshold typed in metres ('50', ' 120 '): a whole number from 5 to 500, else null (as the database checks). */
export function parseAccuracyThreshold(value: string): number | null {
  const v = value.trim();
  if (!/^[0-9]{1,3}$/.test(v)) return null;
  const n = Number(v);
  return n >= POSITION_ACCURACY_MIN_M && n <= POSITION_ACCURACY_MAX_M ? n : null;
}

/** '#rrggbb' (the form the database stores). */
export function isHexColor(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value.trim());
}

/** '#abc' → '#aabbcc', trims and lower-cases; null when not a colour. */
export function normalizeHexColor(value: string): string | null {
  let v = value.trim();
  if (!v.startsWith('#')) v = `#${v}`;
  if (/^#[0-9a-fA-F]{3}$/.test(v)) v = `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`;
  return isHexColor(v) ? v.toLowerCase() : null;
}

/** A plausible address: something@domain.tld, no spaces. */
export function isValidEmail(value: string): boolean {
  return isEmailAddress(value);
}

/** The trimmed name, or null when it is blank (team and level names are required, docs/product.md#settings). */
export function requiredName(value: string): string | null {
  const v = value.trim();
  return v === '' ? null : v;
}
