// The change feed over a real database when reading a batch's tables fails once: the batch is read again on the next
// kick (nothing lost), and a change whose delivery throws does not hold back the others (nor comes twice).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FIXTURE_MIGRATIONS, openTestDb } from '../../test/server/restHarness';
import { testKind } from '../../test/server/testDatabase';
import { installChangeCapture } from '../db/realtime';
import type { Database } from '../db/types';
import { ChangeFeed, type Change } from './feed';

let db: Database;
const owner = randomUUID();

beforeAll(async () => {
  db = await openTestDb(FIXTURE_MIGRATIONS);
  await installChangeCapture(db);
}, 120_000);
afterAll(async () => { await db?.close(); });

/** The database, with its owner connection's catalogue reads failing once while `failing.on` is set. */
function withFailingCatalogue(real: Database, failing: { on: boolean }): Database {
  const admin = new Proxy(real.admin, {
    get(target, key) {
      if (key !== 'query') return Reflect.get(target, key, target);
      return (sql: string, params?: unknown[]) => {
        if (failing.on && /from pg_class/.test(sql)) { failing.on = false; return Promise.reject(new Error('connection lost')); }
        return target.query(sql, params);
      };
    },
  });
  return new Proxy(real, { get: (target, key) => (key === 'admin' ? admin : Reflect.get(target, key, target)) });
}

const insertItem = async (name: string) => {
  await db.admin.query('insert into public.items (name, qty, owner) values ($1, 1, $2)', [name, owner]);
};

it(`reads a batch again when its tables could not be read, and delivers the rest past a failed delivery (${testKind()})`, async () => {
  const failing = { on: false };
  const got: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const feed = new ChangeFeed(withFailingCatalogue(db, failing), async (c: Change) => {
    const name = String(c.record?.name);
    if (name === 'poison') throw new Error('socket gone');
    got.push(name);
  }, () => true);
  try {
    await feed.start();
    failing.on = true;
    await insertItem('first');
    await feed.kick();
    await feed.kick(); // the insert's notification may have read the batch again already
    expect(failing.on, 'the catalogue read failed once').toBe(false);
    expect(errors.mock.calls.some((a) => String(a[0]).includes('change feed error'))).toBe(true);
    expect(got, 'the batch is read again after the failure').toEqual(['first']);

    await insertItem('poison');
    await insertItem('after');
    await feed.kick();
    await feed.kick();
    expect(got).toEqual(['first', 'after']);
    expect(errors.mock.calls.some((a) => String(a[0]).includes('not delivered'))).toBe(true);
  } finally {
    errors.mockRestore();
    await feed.close();
  }
}, 60_000);
