// Minimal typings for the parts of oidc-provider the test identity provider uses (no @types package installed).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (init: { clientId: string; accountId?: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }
  interface Account { accountId: string; claims(): Promise<Record<string, unknown>> }
  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    findAccount?(ctx: KoaContextWithOIDC, id: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
  }
  class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (ctx: unknown, err: Error) => void): this;
  }
  export default Provider;
}
