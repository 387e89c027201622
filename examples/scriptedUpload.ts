/**
 * Reads a price list into Hjälpmedelsdatabasen with an API key, the whole way: upload the file,
 * wait for the validation, read the summary and its risks, confirm, wait for the import, print
 * the result (docs/api-guide.md walks through the same calls with curl).
 *
 *   HMDB_URL=https://hjalpmedel.example.se HMDB_API_KEY=hmdb_… \
 *     npx tsx examples/scriptedUpload.ts prislista.xlsx 42 [--accept-risks]
 *
 * (or `node --experimental-strip-types` on Node 22.6+, plain `node` on 23.6+). Arguments: the
 * .xlsx/.xls file and the id of the price list to read it into (without it, the organisation's
 * current and future price lists are printed). A risky import (its summary lists warnings: rows
 * removed from a current price list, large price changes, prices set to 0) is confirmed only with
 * --accept-risks. HMDB_POLL_SECONDS sets how often the import is asked for (2).
 *
 * Exit codes: 0 applied, 1 refused or failed, 2 risky and not confirmed, 3 wrong use.
 *
 * Only what Node has built in: fetch, FormData, Blob. Nothing of the service is imported, so the
 * file can be copied out and used as it is.
 */
import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';

type ImportStatus =
  | 'VALIDATION_PENDING'
  | 'VALIDATION_SUCCESS'
  | 'VALIDATION_FAIL'
  | 'VALIDATION_ERROR'
  | 'IMPORT_PENDING'
  | 'IMPORT_SUCCESS'
  | 'IMPORT_FAIL'
  | 'IMPORT_ERROR'
  | 'IMPORT_ABORTED';

interface Import {
  id: number;
  status: ImportStatus;
  fileName: string;
  failureReason?: string;
}

interface Risk {
  id: string;
  warnings: string[];
}

type Summary =
  | { type: 'CONFIRM'; added: number; updated: number; removed: number; unchanged: number; risk?: Risk }
  | { type: 'INVALID_FORMAT'; missingColumns: { column: string }[]; missingSheet?: string }
  | {
      type: 'VALIDATION_ERRORS';
      errorCount: number;
      errors: { row: number; column: string; message: string }[];
    };

/** A refusal from the API: its status, its code and its Swedish message. */
class ApiFailure extends Error {
  // Plain fields, not parameter properties: Node's type stripping runs only erasable TypeScript.
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(`${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

function settings() {
  const baseUrl = process.env.HMDB_URL?.replace(/\/$/, '');
  const apiKey = process.env.HMDB_API_KEY;
  const args = process.argv.slice(2);
  const [filePath, pricelistId] = args.filter((arg) => !arg.startsWith('--'));
  if (!baseUrl || !apiKey || !filePath) {
    console.error(
      'Usage: HMDB_URL=… HMDB_API_KEY=hmdb_… scriptedUpload.ts <file.xlsx> [<price list id>] [--accept-risks]',
    );
    process.exit(3);
  }
  return {
    api: `${baseUrl}/resources/v1`,
    apiKey,
    filePath,
    pricelistId,
    acceptRisks: args.includes('--accept-risks'),
    pollMs: Number(process.env.HMDB_POLL_SECONDS ?? '2') * 1000,
  };
}
const { api, apiKey, filePath, pricelistId, acceptRisks, pollMs } = settings();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One call with the key. Retried (up to 5 tries) when nothing came back, on 429 and 503 after
 * Retry-After, and on 409 IDEMPOTENCY_KEY_IN_USE: only GETs and calls that carry an
 * Idempotency-Key, which the server answers once however often they are sent.
 */
async function call<T>(
  method: string,
  path: string,
  init: { body?: BodyInit; idempotencyKey?: string } = {},
) {
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  if (typeof init.body === 'string') headers['content-type'] = 'application/json';
  const retryable = method === 'GET' || init.idempotencyKey !== undefined;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${api}${path}`, { method, headers, body: init.body });
    } catch (error) {
      if (!retryable || attempt >= 5) throw error;
      console.log(`  no answer (${(error as Error).message}); trying again`);
      await sleep(1000 * attempt);
      continue;
    }
    if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
    const body = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    const code = body?.error?.code ?? 'UNKNOWN';
    const again =
      response.status === 429 ||
      response.status === 503 ||
      (response.status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE');
    if (retryable && again && attempt < 5) {
      const seconds = Number(response.headers.get('retry-after') ?? '1');
      console.log(`  ${response.status} ${code}; trying again in ${seconds} s`);
      await sleep(seconds * 1000);
      continue;
    }
    throw new ApiFailure(response.status, code, body?.error?.message ?? response.statusText);
  }
}

/** Asks for the import until its status is no longer `pending`. */
async function waitWhile(organizationId: number, importId: number, pending: ImportStatus) {
  for (;;) {
    const { importObject } = await call<{ importObject: Import }>(
      'GET',
      `/imports/${organizationId}/${importId}`,
    );
    if (importObject.status !== pending) return importObject;
    await sleep(pollMs);
  }
}

function printProblems(summary: Summary | null) {
  if (summary?.type === 'VALIDATION_ERRORS') {
    console.log(`${summary.errorCount} errors in the file, the first ones:`);
    for (const error of summary.errors.slice(0, 20))
      console.log(`  row ${error.row}, ${error.column}: ${error.message}`);
  } else if (summary?.type === 'INVALID_FORMAT') {
    if (summary.missingSheet) console.log(`The sheet "${summary.missingSheet}" is missing.`);
    console.log(`Missing columns: ${summary.missingColumns.map((missing) => missing.column).join(', ')}`);
  }
}

async function main(): Promise<number> {
  // Whose key it is, and that user's organisation and general price list.
  const profile = await call<{
    firstName: string;
    lastName: string;
    userEngagements: { organizationId: number }[];
  }>('GET', '/profile');
  const organizationId = profile.userEngagements[0]?.organizationId;
  if (organizationId === undefined) throw new Error('The key’s user has no organisation.');
  console.log(`Signed in as ${profile.firstName} ${profile.lastName}, organisation ${organizationId}`);
  const general = await call<{ id: number }>('GET', `/organizations/${organizationId}/generalpricelists`);

  if (!pricelistId) {
    const active = await call<{ id: number; number: string; status: string }[]>(
      'GET',
      `/organizations/${organizationId}/generalpricelists/pricelists/active`,
    );
    console.log('Give the id of the price list to read the file into:');
    for (const pricelist of active)
      console.log(`  ${pricelist.id}  number ${pricelist.number} (${pricelist.status})`);
    return 3;
  }

  // 1. Upload: the request part as a text field holding JSON, the file as a file part.
  const form = new FormData();
  form.append(
    'request',
    JSON.stringify({ type: 'GENERAL_PRICELIST', metadata: { parent: general.id, id: Number(pricelistId) } }),
  );
  form.append('file', await openAsBlob(filePath), basename(filePath));
  const { importObject: created } = await call<{ importObject: Import }>(
    'POST',
    `/imports/${organizationId}`,
    {
      body: form,
      idempotencyKey: randomUUID(),
    },
  );
  console.log(`Uploaded ${created.fileName}: import ${created.id}, validating`);

  // 2. The validation runs on the server; ask until it has ended.
  const validated = await waitWhile(organizationId, created.id, 'VALIDATION_PENDING');
  console.log(`Validation ended: ${validated.status}`);
  const { result } = await call<{ result: Summary | null }>(
    'GET',
    `/imports/${organizationId}/${created.id}/summary`,
  );
  if (validated.status !== 'VALIDATION_SUCCESS' || result?.type !== 'CONFIRM') {
    if (validated.failureReason) console.log(validated.failureReason);
    printProblems(result);
    return 1;
  }

  // 3. What confirming would do, and whether it needs the risks acknowledged.
  console.log(
    `Would add ${result.added}, update ${result.updated}, remove ${result.removed}, leave ${result.unchanged} unchanged`,
  );
  const warnings = result.risk?.warnings ?? [];
  for (const warning of warnings) console.log(`  Risk: ${warning}`);
  if (warnings.length > 0 && !acceptRisks) {
    console.log('Not confirmed: the import is risky. Run again with --accept-risks to read it in anyway.');
    return 2;
  }

  // 4. Confirm (with the risks' id when there are any), and wait for the import.
  const confirmBody = warnings.length > 0 ? { acknowledgedRiskId: result.risk?.id } : {};
  await call('POST', `/imports/${organizationId}/${created.id}/confirm`, {
    body: JSON.stringify(confirmBody),
    idempotencyKey: randomUUID(),
  });
  console.log('Confirmed, importing');
  const imported = await waitWhile(organizationId, created.id, 'IMPORT_PENDING');
  console.log(`Import ended: ${imported.status}`);
  const { result: after } = await call<{ result: Summary | null }>(
    'GET',
    `/imports/${organizationId}/${created.id}/summary`,
  );
  if (imported.status !== 'IMPORT_SUCCESS') {
    printProblems(after);
    return 1;
  }
  if (after?.type === 'CONFIRM')
    console.log(`Applied: added ${after.added}, updated ${after.updated}, removed ${after.removed}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
