import { describe, expect, it } from 'vitest';
import { actorLabel, describeEntry, entryObjectName, formatAuditDate } from './describe';
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
      'PK : 12,5 → 13,2, par x@y.fr le 23/11/2026 à 14:05',
    ]);
  });

  it('creation, deletion, photo, description and move; unknown actor and system changes', () => {
    expect(describeEntry(entry({ action: 'insert', actor: null, changes: { name: { new: 'Rail' } } }), ctx))
      .toEqual(['Signalement créé, par le système le 23/11/2026 à 14:05']);
    expect(describeEntry(entry({ action: 'delete', actor: 'zz', changes: { name: { old: 'Rail' } } }), ctx))
      .toEqual(['Signalement supprimé : Rail, par un utilisateur inconnu le 23/11/2026 à 14:05']);
    const lines = describeEntry(entry({ changes: { image_url: { old: null, new: 'u' }, description: { old: 'a', new: 'b' }, position: { old: { x: 1, y: 1 }, new: { x: 2, y: 2 } } } }), ctx);
    expect(lines.map((l) => l.split(',')[0])).toEqual(['Photo : ajoutée', 'Description modifiée', 'Position déplacée']);
    expect(actorLabel(null, ctx)).toBe('le système');
  });

  it('other tables: roles and access of profiles, zone names', () => {
    expect(describeEntry(entry({ tableName: 'profiles', changes: { role: { old: 'user', new: 'admin' }, active: { old: true, new: false } } }), ctx))
      .toEqual(['Rôle : Utilisateur → Administrateur, par x@y.fr le 23/11/2026 à 14:05', 'Accès : actif → désactivé, par x@y.fr le 23/11/2026 à 14:05']);
    expect(describeEntry(entry({ tableName: 'zones', action: 'insert', changes: { name: { new: 'Gare' } } }), ctx)[0]).toMatch(/^Zone créée, par/);
    expect(entryObjectName(entry({ tableName: 'zones', action: 'insert', changes: { name: { new: 'Gare' } } }))).toBe('Gare');
  });
});
