// The one email rule and the one http(s) link rule, shared by the forms, the settings and the embedded server.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A plausible address: something@domain.tld, no spaces (surrounding spaces are ignored). */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The URL when `value` is an absolute http: or https: URL with a host, else null. */
export function parseHttpUrl(value: string): URL | null {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 ? u : null;
  } catch {
    return null;
  }
}
