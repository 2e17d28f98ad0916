// The one way to reach D1 through drizzle: typed with the schema, one instance per binding (the
// binding is the same object for every request an isolate serves, so it is built once).
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from '../db/schema';

export type Database = DrizzleD1Database<typeof schema>;

const instances = new WeakMap<D1Database, Database>();

export function database(d1: D1Database): Database {
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    instances.set(d1, db);
  }
  return db;
}
