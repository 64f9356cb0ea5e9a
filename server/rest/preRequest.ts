// PostgREST's db-pre-request: the function named by the `pgrst.db_pre_request` setting of the role
// `authenticator` (ALTER ROLE authenticator SET pgrst.db_pre_request = 'schema.fn', as on Supabase) runs at the
// start of every REST request transaction, after the role and claims are set; an error it raises answers the
// request. The name is read from the catalog (never from input) and must be a plain schema.function.
import type { Database, Queryable } from '../db/types';

const QUALIFIED = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;

export async function readPreRequest(admin: Queryable): Promise<string | null> {
  const r = await admin.query<{ cfg: string }>(
    `select c.cfg from pg_catalog.pg_db_role_setting s
       join pg_catalog.pg_roles r on r.oid = s.setrole
       cross join lateral unnest(s.setconfig) as c(cfg)
      where r.rolname = 'authenticator'
        and s.setdatabase in (0, (select d.oid from pg_catalog.pg_database d where d.datname = current_database()))
        and c.cfg like 'pgrst.db\\_pre\\_request=%'
      order by s.setdatabase desc limit 1`);
  const name = r.rows[0]?.cfg.slice('pgrst.db_pre_request='.length).trim() ?? '';
  if (!QUALIFIED.test(name)) return null;
  // A role setting is cluster-wide: another database of the same cluster (tests, a second app) may not have the
  // function. Only a function that exists in this database is called.
  const exists = await admin.query<{ ok: boolean }>('select pg_catalog.to_regprocedure($1) is not null as ok', [`${name}()`]);
  return exists.rows[0]?.ok ? name : null;
}

/** The same database whose asRequest first calls the pre-request function (looked up again after `reset`). */
export function withPreRequest(db: Database): Database & { resetPreRequest(): void } {
  let name: Promise<string | null> | null = null;
  const lookup = () => (name ??= readPreRequest(db.admin).catch(() => { name = null; return null; }));
  return {
    ...db,
    kind: db.kind,
    admin: db.admin,
    async asRequest(ctx, fn) {
      const fnName = await lookup();
      return db.asRequest(ctx, async (tx) => {
        if (fnName) await tx.query(`select ${fnName}()`);
        return fn(tx);
      });
    },
    listen: (c, f) => db.listen(c, f),
    close: () => db.close(),
    resetPreRequest() { name = null; },
  };
}
