// Security headers through the real server: the SPA's security headers (CSP that forbids framing, X-Frame-Options,
// Referrer-Policy, Permissions-Policy keeping the camera) and `Vary: Origin, Accept-Encoding` on compressed API
// answers that echo the Origin. The CSP is checked against the real app in Chromium by e2e/csp.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

let s: RunningServer;
let m: Member;
beforeAll(async () => {
  s = await startTestServer();
  m = await signUpMember(s, 'chef@example.com');
  await s.db.admin.query(`insert into public.points (name, "position") select 'Point ' || g, '{"x":1,"y":1}' from generate_series(1, 60) g`);
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('security headers', () => {
  for (const path of ['/', '/index.html', '/assets/app-abc123.js', '/some/route']) {
    it(`${path}: CSP without framing, X-Frame-Options, Referrer-Policy, Permissions-Policy with the camera and the position`, async () => {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status).toBe(200);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src [^;]*ws:\/\/127\.0\.0\.1:\d+/);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('permissions-policy')).toContain('camera=(self)');
      expect(r.headers.get('permissions-policy')).toContain('geolocation=(self)'); // 'Me localiser'
    });
  }

  it('keeps Vary: Origin beside Accept-Encoding on a compressed answer that echoes the Origin', async () => {
    const r = await fetch(`${s.url}/rest/v1/points?select=*`, {
      headers: { apikey: s.anonKey, Authorization: `Bearer ${m.token}`, Origin: 'https://a.example', 'Accept-Encoding': 'br' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(r.headers.get('content-encoding')).toBe('br');
    const vary = (r.headers.get('vary') ?? '').split(',').map((x) => x.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });
});
