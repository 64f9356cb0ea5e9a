// What `npm start` prints once ready (server/cli.ts): URL, database, how the first admin signs in. The demo admin's
// password is printed only by the start that created that admin with the default password; a password given in
// ADMIN_PASSWORD is never printed (the operator knows it, the service's journal must not hold it).
import type { SeedResult } from './seed';

export interface BannerInput {
  url: string;
  where: string;
  readySeconds: number;
  seeded: SeedResult | null;
  /** ADMIN_PASSWORD was set. */
  adminPasswordGiven: boolean;
  seedPointsAsked: boolean;
  anonKey: string;
  sso: { id: string; issuer: string; domains: string[] }[];
}

export function startBanner(b: BannerInput): string[] {
  const lines = [
    `  Signalements ferroviaires — serveur embarqué prêt en ${b.readySeconds.toFixed(1)} s`,
    `  URL:          ${b.url}`,
    `  Base:         ${b.where}`,
  ];
  const s = b.seeded;
  if (s?.seed === 'demo') {
    lines.push(b.adminPasswordGiven
      ? `  Admin (démo): ${s.adminEmail} (mot de passe : celui d'ADMIN_PASSWORD)`
      : `  Admin (démo): ${s.adminEmail} / ${s.adminPassword} (affiché à ce premier démarrage seulement : changez-le)`);
  } else if (s?.seed === 'none') {
    lines.push(`  Invitation de l'administrateur (${s.adminEmail}):\n    ${s.invitationUrl ?? '(aucun lien: voir les journaux)'}`);
  } else {
    lines.push('  Données existantes conservées.');
    if (b.seedPointsAsked) lines.push(`  SEED_POINTS ne s'applique qu'au premier démarrage (DATA_DIR vide).`);
  }
  for (const p of b.sso) lines.push(`  SSO:          ${p.id} (${p.issuer}) pour ${p.domains.join(', ')}`);
  lines.push(`  Clé anon:     ${b.anonKey}\n`);
  return lines;
}
