import type { LightMyRequestResponse } from 'fastify';
import type { PricelistRowValues } from '#contract';
import { type JobResult, runNextJob } from '../server/src/imports/jobs/importJobs';
import { selectPricelistRows } from '../server/src/pricelists/snapshot';
import { type FileRow, fileRowOf, multipart, priceListWorkbook } from './pricelistFiles';
import { sessionCookieFor, type TestApp } from './testApp';

/** Test helpers over the real app: the demo supplier's ids, uploads through HTTP, job ticks. */

export const api = '/resources/v1';

export interface Supplier {
  organizationId: number;
  otherOrganizationId: number;
  generalPricelistId: number;
  pricelists: { past: number; current: number; future: number };
  cookie: string;
  userId: number;
}

export async function demoSupplier(testApp: TestApp): Promise<Supplier> {
  const org = (name: string) =>
    testApp.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  const supplier = await org('Hjälpmedel Demo AB');
  const other = await org('Annan Leverantör AB');
  const general = await testApp.db
    .selectFrom('general_pricelists')
    .select('id')
    .where('organization_id', '=', supplier.id)
    .executeTakeFirstOrThrow();
  const lists = await testApp.db
    .selectFrom('pricelists')
    .select(['id', 'number'])
    .where('general_pricelist_id', '=', general.id)
    .execute();
  const byNumber = (number: string) => lists.find((list) => list.number === number)!.id;
  const user = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'lev.admin')
    .executeTakeFirstOrThrow();
  return {
    organizationId: supplier.id,
    otherOrganizationId: other.id,
    generalPricelistId: general.id,
    pricelists: { past: byNumber('1'), current: byNumber('2'), future: byNumber('3') },
    cookie: await sessionCookieFor(testApp, 'lev.admin'),
    userId: user.id,
  };
}

/** The price list's rows as the database has them, by article number. */
export async function pricelistRows(testApp: TestApp, pricelistId: number): Promise<PricelistRowValues[]> {
  return selectPricelistRows(testApp.db, pricelistId).orderBy('a.article_number').execute();
}

/** A file with the price list's rows, changed by `edit` (return null to drop a row), plus `extra` rows. */
export async function editedPricelistFile(
  testApp: TestApp,
  pricelistId: number,
  edit: (row: FileRow) => FileRow | null = (row) => row,
  extra: FileRow[] = [],
): Promise<Buffer> {
  const rows = (await pricelistRows(testApp, pricelistId)).map((values) => edit(fileRowOf(values)));
  return priceListWorkbook([...rows.filter((row): row is FileRow => row !== null), ...extra]);
}

export function uploadImport(
  testApp: TestApp,
  supplier: Supplier,
  content: Uint8Array,
  options: {
    fileName?: string;
    pricelistId?: number;
    cookie?: string;
    organizationId?: number;
    headers?: Record<string, string>;
    /** The request part's column mapping, for a file with its own headers. */
    columnMapping?: unknown;
  } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(
    { fileName: options.fileName ?? 'prislista.xlsx', content },
    {
      type: 'GENERAL_PRICELIST',
      metadata: {
        parent: supplier.generalPricelistId,
        id: options.pricelistId ?? supplier.pricelists.current,
      },
      ...(options.columnMapping !== undefined && { columnMapping: options.columnMapping }),
    },
  );
  return testApp.app.inject({
    method: 'POST',
    url: `${api}/imports/${options.organizationId ?? supplier.organizationId}`,
    headers: { ...body.headers, cookie: options.cookie ?? supplier.cookie, ...options.headers },
    payload: body.payload,
  });
}

/** Runs queued jobs until none is left, as one instance's job loop would. */
export async function runAllJobs(testApp: TestApp, workerId = 'test-worker'): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (
    let result = await runNextJob(testApp, workerId);
    result;
    result = await runNextJob(testApp, workerId)
  ) {
    results.push(result);
  }
  return results;
}

export function request(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie: string | undefined,
) {
  return testApp.app.inject({ method, url: `${api}/${url}`, headers: cookie ? { cookie } : {} });
}

/**
 * The supplier presses "Läs in" on an import and, when the summary shows risks, "Ja, läs in ändå":
 * POST …/confirm with the acknowledgement of the risks shown (`acknowledge: false` sends none).
 */
export async function postConfirm(
  testApp: TestApp,
  supplier: Supplier,
  importId: number,
  { acknowledge = true }: { acknowledge?: boolean } = {},
) {
  const url = `${api}/imports/${supplier.organizationId}/${importId}`;
  const shown = await testApp.app.inject({
    method: 'GET',
    url: `${url}/summary`,
    headers: { cookie: supplier.cookie },
  });
  const risk = shown.statusCode === 200 ? shown.json().result?.risk : undefined;
  const acknowledgedRiskId = acknowledge && risk?.warnings.length > 0 ? risk.id : undefined;
  return testApp.app.inject({
    method: 'POST',
    url: `${url}/confirm`,
    headers: { cookie: supplier.cookie },
    ...(acknowledgedRiskId && { payload: { acknowledgedRiskId } }),
  });
}

/** Uploads a file and runs its validation: the import as the API then shows it. */
export async function validatedImport(
  testApp: TestApp,
  supplier: Supplier,
  content: Uint8Array,
  pricelistId?: number,
) {
  const created = await uploadImport(testApp, supplier, content, pricelistId ? { pricelistId } : {});
  if (created.statusCode !== 201) throw new Error(`upload failed: ${created.statusCode} ${created.body}`);
  const id: number = created.json().importObject.id;
  await runAllJobs(testApp);
  const shown = await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}`, supplier.cookie);
  return shown.json().importObject as { id: number; status: string };
}

/** Uploads a file, validates it, confirms it (risks acknowledged) and applies it: the import's id. */
export async function appliedImport(
  testApp: TestApp,
  supplier: Supplier,
  content: Uint8Array,
  pricelistId = supplier.pricelists.current,
): Promise<number> {
  const validated = await validatedImport(testApp, supplier, content, pricelistId);
  if (validated.status !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${validated.status}`);
  const confirmed = await postConfirm(testApp, supplier, validated.id);
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  await runAllJobs(testApp);
  return validated.id;
}

/** Every change of one kind the changes API lists for the import, page by page, as a caller reads them. */
export async function listedChanges(
  testApp: TestApp,
  supplier: Supplier,
  importId: number,
  kind: 'added' | 'updated' | 'removed',
): Promise<{ articleNumber: string; values: PricelistRowValues }[]> {
  const changes: { articleNumber: string; values: PricelistRowValues }[] = [];
  for (let offset = 0; ; offset += 500) {
    const url = `imports/${supplier.organizationId}/${importId}/changes?kind=${kind}&offset=${offset}&limit=500`;
    const page = (await request(testApp, 'GET', url, supplier.cookie)).json();
    changes.push(...page.changes);
    if (changes.length >= page.total) return changes;
  }
}

/** Every row of the price list exactly as stored (ids, article ids, every column), in id order. */
export async function storedPricelist(testApp: TestApp, pricelistId: number) {
  return testApp.db
    .selectFrom('pricelist_rows')
    .selectAll()
    .where('pricelist_id', '=', pricelistId)
    .orderBy('id')
    .execute();
}
