// Provider configuration parsing and the redirect_to allow-list of single sign-on (pure functions).
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseProviders, providerForDomain, providersFromEnv } from './config';
import { errorRedirect, implicitRedirect, isAllowedRedirect, resolveRedirect } from './redirects';

const ok = { id: 'acme', issuer: 'https://idp.acme.example', client_id: 'c', client_secret: 's', domains: ['Acme.FR'] };

describe('SSO provider configuration', () => {
  it('accepts a provider and normalises its domains', () => {
    const [p] = parseProviders([ok]);
    expect(p.domains).toEqual(['acme.fr']);
    expect(p.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(providerForDomain([p], 'ACME.fr')?.id).toBe('acme');
    expect(providerForDomain([p], 'evil.fr')).toBeUndefined();
  });

  it('refuses mistakes with a readable message', () => {
    expect(() => parseProviders({})).toThrow(/JSON array/);
    expect(() => parseProviders([{ ...ok, issuer: 'http://idp.acme.example' }])).toThrow(/https/);
    expect(() => parseProviders([{ ...ok, domains: [] }])).toThrow(/domains/);
    expect(() => parseProviders([{ ...ok, domains: ['not a domain'] }])).toThrow(/invalid domain/);
    expect(() => parseProviders([{ ...ok, client_secret: undefined }])).toThrow(/client_secret/);
    expect(() => parseProviders([ok, { ...ok, id: 'other' }])).toThrow(/already served/);
    expect(() => parseProviders([ok, ok])).toThrow(/duplicate id/);
  });

  it('accepts plain http issuers on loopback only', () => {
    expect(parseProviders([{ ...ok, issuer: 'http://127.0.0.1:4000' }])[0].issuer).toBe('http://127.0.0.1:4000');
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.evil.example')).toBe(false);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });

  it('reads SSO_PROVIDERS, refuses both variables at once', () => {
    expect(providersFromEnv({})).toBeUndefined();
    expect(providersFromEnv({ SSO_PROVIDERS: JSON.stringify([ok]) })?.[0].id).toBe('acme');
    expect(() => providersFromEnv({ SSO_PROVIDERS: '[', })).toThrow(/invalid JSON/);
    expect(() => providersFromEnv({ SSO_PROVIDERS: '[]', SSO_PROVIDERS_FILE: '/x' })).toThrow(/not both/);
  });
});

describe('redirect_to policy (no open redirects)', () => {
  const policy = { siteUrl: 'https://app.example', serverOrigins: ['https://api.example'], allowList: ['https://preview.example/branch-a'] };
  it('allows the site, the server and allow-list prefixes', () => {
    expect(isAllowedRedirect('https://app.example/auth/callback', policy)).toBe(true);
    expect(isAllowedRedirect('https://api.example/x', policy)).toBe(true);
    expect(isAllowedRedirect('https://preview.example/branch-a/auth/callback', policy)).toBe(true);
  });
  it('refuses everything else, including look-alikes', () => {
    for (const bad of ['https://evil.example/', 'https://app.example.evil.example/', 'http://app.example/', 'https://preview.example/branch-ab',
      'javascript:alert(1)', '//evil.example', 'https://user@app.example/', 'not a url']) {
      expect(isAllowedRedirect(bad, policy), bad).toBe(false);
    }
    expect(resolveRedirect('https://evil.example/steal', policy)).toBe('https://app.example');
    expect(resolveRedirect('https://app.example/auth/callback#old', policy)).toBe('https://app.example/auth/callback');
  });
  it('builds Supabase-style return URLs', () => {
    const s = { access_token: 'a', token_type: 'bearer', expires_in: 3600, expires_at: 99, refresh_token: 'r' };
    expect(implicitRedirect('https://app.example/auth/callback', s)).toBe('https://app.example/auth/callback#access_token=a&token_type=bearer&expires_in=3600&expires_at=99&refresh_token=r');
    expect(errorRedirect('https://app.example/auth/callback?x=1', 'access_denied', 'provider_error', 'Nope'))
      .toBe('https://app.example/auth/callback?x=1&error=access_denied&error_code=provider_error&error_description=Nope');
  });
});
