import { describe, expect, it } from 'vitest';
import { assignableMembers, memberName } from './assignees';

const members = [
  { id: 'c', email: 'chef@rail.fr', teamId: 't1', active: true },
  { id: 'a', email: 'agent@rail.fr', teamId: 't1', active: true },
  { id: 'o', email: 'off@rail.fr', teamId: 't1', active: false },
  { id: 'x', email: 'autre@rail.fr', teamId: 't2', active: true },
  { id: 'n', email: 'nul@rail.fr', teamId: null },
];

describe('assignable members', () => {
  it('of the point\'s team, active only, by e-mail', () => {
    expect(assignableMembers(members, 't1').map((m) => m.id)).toEqual(['a', 'c']);
  });
  it('every active member when the point has no team', () => {
    expect(assignableMembers(members, null).map((m) => m.id)).toEqual(['a', 'x', 'c', 'n']);
  });
  it('names the assignee, or says it is unknown', () => {
    expect(memberName(members, 'x')).toBe('autre@rail.fr');
    expect(memberName(members, 'zz')).toBe('Membre inconnu');
    expect(memberName(members, null)).toBeNull();
  });
});
