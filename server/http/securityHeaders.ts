// Security headers of the SPA's responses (the same list for a static host is in docs/operations.md#production-on-a-real-supabase-project):
// a Content-Security-Policy the app satisfies (own scripts and workers, blob:/data: images and downloads, photos
// from the storage origin and from the http(s) image URLs the spec allows, the API and its websocket), no framing
// (frame-ancestors 'none' + X-Frame-Options DENY), no referrer beyond the origin, and the camera kept for photos.

/** `https://x.supabase.co` → `https://x.supabase.co wss://x.supabase.co`; '' (same origin) → the request's host. */
function apiSources(supabaseUrl: string, host: string | undefined): string[] {
  let origin: URL | null;
  try { origin = supabaseUrl ? new URL(supabaseUrl) : host ? new URL(`http://${host}`) : null; } catch { origin = null; }
  if (!origin) return [];
  const ws = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  const http = supabaseUrl ? [origin.origin] : [];
  // The same-origin websocket, on http and https alike (a TLS proxy in front turns ws into wss).
  return [...http, `${ws}//${origin.host}`, ...(supabaseUrl ? [] : [`wss://${origin.host}`])];
}

export function contentSecurityPolicy(supabaseUrl: string, host: string | undefined): string {
  const api = apiSources(supabaseUrl, host).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    // Photos: storage (the API origin) or any http(s) image URL (docs/product.md#point-rules); blob:/data: previews.
    "img-src 'self' data: blob: https: http:",
    // The API, its websocket, and the photos the Word report fetches (any http(s) image URL).
    `connect-src 'self' ${api} blob: data: https: http:`.replace(/\s+/g, ' ').trim(),
    "font-src 'self' data:",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function spaSecurityHeaders(supabaseUrl: string, host: string | undefined): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(supabaseUrl, host),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()',
  };
}
