import { gzipSync } from 'node:zlib';
import { type QueryResult, sql } from 'kysely';
import type { ImportListResponse } from '#contract';
import { compiledOnce } from '../../db/compiledOnce';
import type { Database } from '../../db/database';
import { listImports } from './importViews';

/** Lists kept at most (organisation × list × limit); the least recently used goes first. */
export const IMPORT_LIST_CACHE_ENTRIES = 500;

/** Bodies from this size on are also kept gzipped (100 imports: ~28 kB, ~3 kB gzipped). */
const GZIP_FROM_BYTES = 1024;

/** A list's response body as JSON, and gzipped when it is large enough to gain from it. */
export interface ImportListBody {
  json: Buffer;
  gzip: Buffer | null;
}

/**
 * The import lists' response bodies, kept per organisation, list and limit, and sent again while
 * the organisation's list version (migration 006, kept by triggers at each commit) is the same.
 * The SPA polls the lists every 5 seconds from every open import page, and they change far less
 * often: a poll then costs one indexed read of the version instead of reading, converting and
 * serialising up to 100 imports (decision 0015: the lists' cost per request).
 *
 * The version is read before the list, so a list is never kept under a version older than its
 * content: a change that commits in between makes the next request read the list again.
 */
export class ImportListCache {
  private readonly entries = new Map<string, { version: string; body: ImportListBody }>();

  /** The organisation's list version; none before its first import. */
  private readonly selectVersion: (organizationId: number) => Promise<QueryResult<{ version: string }>>;

  constructor(
    private readonly db: Database,
    private readonly maxEntries = IMPORT_LIST_CACHE_ENTRIES,
  ) {
    this.selectVersion = compiledOnce(db, 1, (organizationId: number) =>
      db
        .selectFrom('import_list_versions')
        .select(sql<string>`version::text`.as('version'))
        .where('organization_id', '=', organizationId),
    );
  }

  /**
   * The list's response body (an ImportListResponse). Gzipped once per version: writing 28 kB
   * to the socket was the largest cost of a kept list, more than all the rest of the request.
   */
  async responseBody(organizationId: number, imported: boolean, limit: number): Promise<ImportListBody> {
    const version = (await this.selectVersion(organizationId)).rows[0]?.version ?? '0';
    const key = `${organizationId}:${imported}:${limit}`;
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept?.version === version) {
      this.entries.set(key, kept);
      return kept.body;
    }
    const response: ImportListResponse = {
      imports: await listImports(this.db, organizationId, imported, limit),
    };
    const json = Buffer.from(JSON.stringify(response));
    const body = { json, gzip: json.length >= GZIP_FROM_BYTES ? gzipSync(json) : null };
    this.entries.set(key, { version, body });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return body;
  }

  /** The kept lists' keys ("organisation:imported:limit"), least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }
}
