// Validation of the administration forms (SPEC §5): feedback link, hex colours, invitation email, names.
import { isEmailAddress, parseHttpUrl } from '../addresses';

/** Empty is allowed; otherwise an absolute http(s) URL with a host. */
export function isValidFeedbackLink(value: string): boolean {
  const v = value.trim();
  return v === '' || parseHttpUrl(v) !== null;
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

/** The trimmed name, or null when it is blank (team and level names are required, SPEC §5). */
export function requiredName(value: string): string | null {
  const v = value.trim();
  return v === '' ? null : v;
}
