import type { Executor } from './client';

/**
 * Statements prepared once per database and shape: a named statement is parsed once per connection
 * and, once PostgreSQL finds its generic plan no worse than planning each call, planned once too. The
 * shapes must be few (a list's kind, sort and page size, say): each is kept on every connection.
 */
export function preparedStatements<T>() {
  const byDb = new WeakMap<Executor, Map<string, T>>();
  const statementOf = (db: Executor, shape: string, prepare: (name: string, n: number) => T): T => {
    let byShape = byDb.get(db);
    if (!byShape) {
      byShape = new Map();
      byDb.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement) {
      statement = prepare(shape, byShape.size);
      byShape.set(shape, statement);
    }
    return statement;
  };
  return Object.assign(statementOf, {
    /** How many shapes the database has statements for. */
    size: (db: Executor) => byDb.get(db)?.size ?? 0,
    has: (db: Executor, shape: string) => byDb.get(db)?.has(shape) ?? false,
  });
}
