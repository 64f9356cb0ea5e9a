import { describe, expect, it } from 'vitest';
import { alreadyApplied, changedFields, differingFields, unchangedSince } from './applied';
import { failureKind, isAlreadyExists } from './errors';
import { fields, point } from './testItems';

describe('replay idempotency of an update', () => {
  it('a 409 whose server row already holds the change is this device\'s own write: applied', () => {
    const server = point('a', { status: 'resolu', name: 'B', position: { x: 10, y: 20 } });
    expect(alreadyApplied({ status: 'resolu', name: 'B' }, server)).toBe(true);
    expect(alreadyApplied({ position: { x: 10, y: 20 } }, server)).toBe(true);
  });

  it('a server row with other values is a real conflict, naming the fields', () => {
    const server = point('a', { status: 'pris_en_charge', name: 'B' });
    expect(alreadyApplied({ status: 'resolu', name: 'B' }, server)).toBe(false);
    expect(differingFields({ status: 'resolu', name: 'B' }, server)).toEqual(['status']);
  });

  it('empty text and null compare equal (the form sends null for an empty ticket)', () => {
    expect(alreadyApplied({ ticketNumber: null, teamId: null }, point('a', { ticketNumber: '', teamId: null }))).toBe(true);
  });

  it('a newer version with every field as the edit found it is no conflict (only the version moved)', () => {
    const before = point('a', { status: 'pris_en_charge', description: 'vu', updatedAt: 'v1' });
    expect(unchangedSince(before, { ...before, updatedAt: 'v2' })).toBe(true);
    expect(unchangedSince(before, { ...before, ticketNumber: '', updatedAt: 'v2' })).toBe(true); // empty text = null
    expect(unchangedSince(before, { ...before, description: 'vu de près', updatedAt: 'v2' })).toBe(false);
    expect(unchangedSince(before, { ...before, position: { x: before.position.x + 1, y: before.position.y }, updatedAt: 'v2' })).toBe(false);
    expect(unchangedSince(null, before)).toBe(false); // without the version it started from: asked
  });

  it('an edit sends only what changed', () => {
    expect(changedFields(fields(), fields({ status: 'resolu', position: { x: 10, y: 20 } }))).toEqual({ status: 'resolu' });
  });
});

describe('replay failure classification', () => {
  it('tells network, session, conflict and refusal apart', () => {
    expect(failureKind({ message: 'TypeError: Failed to fetch', code: '' })).toBe('network');
    expect(failureKind({ name: 'AuthRetryableFetchError', message: 'x', status: 0 })).toBe('network');
    expect(failureKind({ code: 'PT409', message: 'stale_version' }, 409)).toBe('conflict');
    expect(failureKind({ code: 'PGRST303', message: 'JWT expired' }, 401)).toBe('auth');
    expect(failureKind({ code: '23503', message: 'fk' }, 409)).toBe('refused');
    expect(failureKind({ code: '23514', message: 'check' }, 400)).toBe('refused');
  });

  it('recognises a storage "already exists" answer', () => {
    expect(isAlreadyExists({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' })).toBe(true);
    expect(isAlreadyExists({ statusCode: '400', message: 'Invalid key' })).toBe(false);
  });
});
