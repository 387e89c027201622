import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Database } from './database';

/**
 * A Kysely query built and compiled once, then run again and again with new parameter values.
 * Kysely builds and compiles a query on every call: for the session query every API request
 * makes (a join of six tables) that was about a sixth of a request's JavaScript (decision 0015).
 *
 * `build` receives one placeholder per parameter and must hand each, unchanged, to the query as
 * a value (a where value, a set value). It may not compute with them: a placeholder is not the
 * value. A placeholder that does not reach the compiled parameters is an error at once.
 */
export function compiledOnce<Values extends unknown[], Row>(
  db: Database,
  parameterCount: Values['length'],
  build: (...placeholders: Values) => Compilable<Row>,
): (...values: Values) => Promise<QueryResult<Row>> {
  const placeholders = Array.from({ length: parameterCount }, (_, i) => `\u0000placeholder ${i}`);
  const compiled = build(...(placeholders as Values)).compile();
  // For each compiled parameter: the index of the value that replaces it, or -1 for a constant.
  const sources = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  placeholders.forEach((_, i) => {
    if (!sources.includes(i)) throw new Error(`placeholder ${i} is not a parameter of: ${compiled.sql}`);
  });
  return (...values) => {
    const parameters = sources.map((source, i) => (source < 0 ? compiled.parameters[i] : values[source]));
    return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
