import type { Database } from './database.js';

/**
 * State this process keeps beside a database handle (two test instances can share one): made by `make` on
 * first use, gone with the handle. Answers the function that finds it.
 */
export function perDatabase<T>(make: () => T): (database: Database) => T {
  const states = new WeakMap<Database, T>();
  return (database) => {
    let state = states.get(database);
    if (state === undefined) states.set(database, (state = make()));
    return state;
  };
}
