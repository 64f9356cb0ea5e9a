import { describe, expect, it } from 'vitest';
import { actorLabel, describeEntry, describeEntryLines, entryObjectName, formatAuditDate, fullTextChanges } from './describe';
import type { AuditEntry } from './types';

const ctx = {
  levelName: (id: string) => ({ attention: 'Attention sur ce risque', danger: 'Danger sécurité' } as Record<string, string>)[id],
  teamName: (id: string) => ({ t1: 'Équipe Voie' } as Record<string, string>)[id],
  email: (id: string) => ({ u1: 'x@y.fr' } as Record<string, string>)[id],
};
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1, at: '2026-11-23T13:05:00Z', actor: 'u1', tableName: 'points', rowId: 'p1', action: 'update', changes: {}, ...over,
});

describe('audit sentences', () => {
  it('a status change reads as in the issue, date in Europe/Paris (UTC+1 in November)', () => {
    expect(describeEntry(entry({ changes: { status: { old: 'signale', new: 'pris_en_charge' } } }), ctx))
      .toEqual(['Statut : Signalé → En cours, par x@y.fr le 23/11/2026 à 14:05']);
  });

  it('summer time: UTC+2', () => {
    expect(formatAuditDate('2026-07-01T08:30:00Z')).toBe('le 01/07/2026 à 10:30');
  });

  it('maps levels and teams to their names, one line per changed field, hides derived columns', () => {
    const lines = describeEntry(entry({
      changes: {
        criticality: { old: 'attention', new: 'danger' }, team_id: { old: null, new: 't1' },
        kilometer: { old: '12,5', new: '13,2' }, km_value: { old: 12.5, new: 13.2 }, updated_at: { old: 'a', new: 'b' },
      },
    }), ctx);
    expect(lines).toEqual([
      'Criticité : Attention sur ce risque → Danger sécurité, par x@y.fr le 23/11/2026 à 14:05',
      'Équipe : (vide) → Équipe Voie, par x@y.fr le 23/11/2026 à 14:05',
      'PK : 12,50 → 13,20, par x@y.fr le 23/11/2026 à 14:05', // as the app writes a PK
    ]);
  });

  it('creation, deletion, photo, description and move; unknown actor and system changes', () => {
    expect(describeEntry(entry({ action: 'insert', actor: null, changes: { name: { new: 'Rail' } } }), ctx))
      .toEqual(['Signalement créé, par le système le 23/11/2026 à 14:05']);
    expect(describeEntry(entry({ action: 'delete', actor: 'zz', changes: { name: { old: 'Rail' } } }), ctx))
      .toEqual(['Signalement supprimé : Rail, par un utilisateur inconnu le 23/11/2026 à 14:05']);
    const lines = describeEntry(entry({ changes: { image_url: { old: null, new: 'u' }, description: { old: 'a', new: 'b' }, position: { old: { x: 1, y: 1 }, new: { x: 2, y: 2 } } } }), ctx);
    expect(lines.map((l) => l.split(', par')[0])).toEqual(['Photo : ajoutée', 'Description : « a » → « b »', 'Position déplacée']);
    expect(actorLabel(null, ctx)).toBe('le système');
  });

  it('other tables: roles and access of profiles, zone names', () => {
    expect(describeEntry(entry({ tableName: 'profiles', changes: { role: { old: 'user', new: 'admin' }, active: { old: true, new: false } } }), ctx))
      .toEqual(['Rôle : Utilisateur → Administrateur, par x@y.fr le 23/11/2026 à 14:05', 'Accès : actif → désactivé, par x@y.fr le 23/11/2026 à 14:05']);
    expect(describeEntry(entry({ tableName: 'zones', action: 'insert', changes: { name: { new: 'Gare' } } }), ctx)[0]).toMatch(/^Zone créée, par/);
    expect(entryObjectName(entry({ tableName: 'zones', action: 'insert', changes: { name: { new: 'Gare' } } }))).toBe('Gare');
  });

  it('a PK typed with a dot reads with a comma', () => {
    expect(describeEntry(entry({ changes: { kilometer: { old: '12.94', new: '12.96' } } }), ctx)[0]).toMatch(/^PK : 12,94 → 12,96, par/);
  });

  it('a text change shows the old and new text, shortened; the whole texts on demand', () => {
    const long = 'Traverse fissurée sur quarante centimètres côté voie 2, à remplacer avant la fin du mois prochain';
    const [line] = describeEntry(entry({ changes: { description: { old: 'Fissure', new: long } } }), ctx);
    expect(line).toMatch(/^Description : « Fissure » → « Traverse fissurée sur quarante centimètres côté voie 2, à r… », par/);
    expect(fullTextChanges(entry({ changes: { description: { old: 'Fissure', new: long } } }))).toEqual([{ label: 'Description', old: 'Fissure', new: long }]);
    expect(fullTextChanges(entry({ changes: { description: { old: 'a', new: 'b' } } }))).toEqual([]);
    expect(describeEntry(entry({ changes: { description: { old: '', new: 'b' } } }), ctx)[0]).toMatch(/^Description : \(vide\) → « b »/);
  });

  it('the whole texts sit under the line of their own field, not under the first line of the entry', () => {
    const long = 'Traverse fissurée sur quarante centimètres côté voie 2, à remplacer avant la fin du mois prochain';
    const lines = describeEntryLines(entry({ changes: { status: { old: 'signale', new: 'pris_en_charge' }, description: { old: 'Fissure', new: long } } }), ctx);
    expect(lines.map((l) => l.text.split(' : ')[0])).toEqual(['Statut', 'Description']);
    expect(lines[0].full).toEqual([]);
    expect(lines[1].full).toEqual([{ label: 'Description', old: 'Fissure', new: long }]);
  });

  it('a point sent late says when it was observed and when it arrived', () => {
    expect(describeEntry(entry({ action: 'insert', at: '2026-11-24T13:50:46Z', changes: { name: { new: 'R' }, observed_at: { new: '2026-11-24T13:47:46Z' } } }), ctx))
      .toEqual(['Signalement créé (Constaté le 24/11/2026 14:47 · reçu le 24/11/2026 14:50), par x@y.fr le 24/11/2026 à 14:50']);
    expect(describeEntry(entry({ action: 'insert', at: '2026-11-24T13:48:00Z', changes: { observed_at: { new: '2026-11-24T13:47:46Z' } } }), ctx)[0])
      .toMatch(/^Signalement créé, par/);
  });

  it('invitations: created, revoked, used, with the email', () => {
    const inv = (over: Partial<AuditEntry>) => entry({ tableName: 'invitations', ...over });
    expect(describeEntry(inv({ action: 'insert', changes: { email: { new: 'a@b.fr' }, expires_at: { new: 'x' } } }), ctx)[0]).toMatch(/^Invitation créée : a@b\.fr, par/);
    expect(describeEntry(inv({ changes: { revoked_at: { old: null, new: 't' }, email: { old: 'a@b.fr' } } }), ctx)[0]).toMatch(/^Invitation révoquée : a@b\.fr, par/);
    expect(describeEntry(inv({ changes: { redeemed_at: { old: null, new: 't' }, email: { old: 'a@b.fr' } } }), ctx)[0]).toMatch(/^Invitation utilisée : a@b\.fr, par/);
    expect(entryObjectName(inv({ action: 'insert', changes: { email: { new: 'a@b.fr' } } }))).toBe('a@b.fr');
  });
});
