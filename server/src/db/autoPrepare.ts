import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { copyBinaryColumn, isBinaryCopy } from './binaryCopy';

export interface AutoPrepareOptions {
  /** Executions of one statement text before it is prepared. */
  threshold: number;
  /** Distinct statements prepared at most; later ones run unnamed, as before. */
  maxStatements: number;
  /** Longer texts (multi-row inserts) are never prepared. */
  maxTextLength: number;
}

const defaults: AutoPrepareOptions = { threshold: 3, maxStatements: 200, maxTextLength: 8_000 };

/**
 * A pool whose connections run a statement text that has come a few times as a named prepared
 * statement, as pgjdbc (prepareThreshold) and Npgsql (auto-prepare) do. PostgreSQL then parses and
 * plans it once per connection instead of on every call: for the API's small queries planning was
 * most of PostgreSQL's time (decision 0001). pg itself sends the Parse the first time a name is
 * used on a connection; the name is a hash of the text, so one name never means two texts.
 */
export function autoPreparingPool(pool: pg.Pool, options: AutoPrepareOptions = defaults): PostgresPool {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();

  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (text.length > options.maxTextLength || names.size >= options.maxStatements) return undefined;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < options.threshold) {
      // The counts only decide what is hot; forgetting them now and then bounds the map.
      if (runs.size >= 10 * options.maxStatements) runs.clear();
      runs.set(text, count);
      return undefined;
    }
    runs.delete(text);
    const name = `hmdb_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
    return name;
  };

  return {
    async connect(): Promise<PostgresPoolClient> {
      return new PreparingClient(await pool.connect(), nameFor);
    },
    end: () => pool.end(),
  };
}

class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly nameFor: (text: string) => string | undefined,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams with a pg-cursor, which pg runs as it is.
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never) as PostgresCursor<R>;
    if (isBinaryCopy(sqlOrCursor))
      return copyBinaryColumn(this.client, sqlOrCursor).then((values) => ({
        command: 'SELECT',
        rowCount: values.length,
        rows: values.map((value) => ({ value }) as R),
      }));
    const name = this.nameFor(sqlOrCursor);
    const values = [...parameters];
    const result =
      name === undefined
        ? this.client.query(sqlOrCursor, values)
        : this.client.query({ name, text: sqlOrCursor, values });
    return result as Promise<PostgresQueryResult<R>>;
  }

  release() {
    this.client.release();
  }
}
