// E-mail settings from the environment: SMTP_URL (smtp:// or smtps://user:password@host:port, as Nodemailer reads
// it) and MAIL_FROM (the sender address). Without SMTP_URL e-mail is off (docs/operations.md#e-mail).
export interface MailOptions {
  smtpUrl: string;
  from: string;
}

export const DEFAULT_MAIL_FROM = 'Signalements ferroviaires <no-reply@rail.local>';

export function mailOptionsFromEnv(env: NodeJS.ProcessEnv): MailOptions | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  let u: URL;
  try { u = new URL(smtpUrl); } catch { throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587'); }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not "${u.protocol}"`);
  return { smtpUrl, from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM };
}

/** The domain of a From address, for Message-IDs ('rail.local' when it has none). */
export function fromDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return m ? m[1].toLowerCase() : 'rail.local';
}
