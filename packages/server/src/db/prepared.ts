import type { Database } from './database';

/**
 * A query built once per database handle instead of on every call: Drizzle renders its SQL once, and
 * node-postgres, given the statement's name, has PostgreSQL parse and plan it once per connection.
 * `build` must use `sql.placeholder` for every value and `.prepare(name)` with a name unique in the app.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  // Keyed by handle: a transaction gets its own statement, bound to its own connection.
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
