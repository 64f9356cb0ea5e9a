// Test identity provider: the certified oidc-provider on loopback (port 0) with its development login form
// (any login; the login is the email). Logins starting with 'unverified' get email_verified false.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the relying party's callback URL (known once the app server listens) and starts answering. */
  setRedirectUri(uri: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: { clientId?: string; clientSecret?: string } = {}): Promise<TestIdp> {
  const clientId = opts.clientId ?? 'rail-app';
  const clientSecret = opts.clientSecret ?? 'rail-app-secret-for-tests-only-0123456789';
  let provider: Provider | null = null;
  let callback: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null;

  const server: Server = createServer((req, res) => {
    if (!callback) {
      res.writeHead(503).end('IdP not configured yet');
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer, clientId, clientSecret,
    setRedirectUri(uri) {
      provider = new Provider(issuer, {
        clients: [{
          client_id: clientId, client_secret: clientSecret, redirect_uris: [uri],
          response_types: ['code'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic',
        }],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        conformIdTokenClaims: false, // email claims in the ID token too (the RP also handles UserInfo)
        cookies: { keys: ['test-idp-cookie-key-0123456789'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        async findAccount(_ctx, id) {
          const email = id.toLowerCase();
          return {
            accountId: id,
            async claims() {
              return { sub: `idp-${email}`, email, email_verified: !email.startsWith('unverified'), name: email.split('@')[0] };
            },
          };
        },
        // No consent screen: the test client is first-party, the grant covers what it asks.
        async loadExistingGrant(ctx) {
          const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      provider.on('server_error', (_ctx, err) => console.error('[test-idp]', err));
      callback = provider.callback();
    },
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}
