import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportJobs, startImportJobs } from '../server/src/imports/jobs/importJobs';
import { createApiKeyAs } from '../test-support/apiKeys';
import { editedPricelistFile, pricelistRows } from '../test-support/importFlow';
import { testDatabaseKinds } from '../test-support/testApp';
import { useSupplierApp } from '../test-support/useTestApp';

/**
 * The example script (examples/scriptedUpload.ts) as a supplier would run it: a child process
 * against a real server listening on a free port, with its job loop running, and a real API key
 * made through the API.
 */
describe.each(testDatabaseKinds)('examples/scriptedUpload.ts against a running server on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  let url: string;
  let jobs: ImportJobs | undefined;
  let folder: string;
  beforeAll(async () => {
    jobs = startImportJobs(testApp);
    url = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    folder = await mkdtemp(path.join(tmpdir(), 'hmdb-example-'));
  });
  afterAll(() => jobs?.stop());

  /** Runs the script with a key of its own (the test clock stands still, so no key's rate refills). */
  async function runExample(...args: string[]) {
    const { secret } = await createApiKeyAs(testApp, supplier.cookie, { name: 'Exempelskriptet' });
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'examples/scriptedUpload.ts', ...args],
        {
          env: { ...process.env, HMDB_URL: url, HMDB_API_KEY: secret, HMDB_POLL_SECONDS: '0.25' },
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  async function file(name: string, edit: Parameters<typeof editedPricelistFile>[2]) {
    const filePath = path.join(folder, name);
    await writeFile(filePath, await editedPricelistFile(testApp, supplier.pricelists.current, edit));
    return filePath;
  }

  const statusOf = async (fileName: string) =>
    (
      await testApp.db
        .selectFrom('imports')
        .select('status')
        .where('file_name', '=', fileName)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).status;

  it('uploads, waits for the validation, confirms and ends with the import applied', async () => {
    const filePath = await file('villkor.xlsx', (row) => ({ ...row, warrantyTerms: 'Från affärssystemet.' }));
    const run = await runExample(filePath, String(supplier.pricelists.current));
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Validation ended: VALIDATION_SUCCESS');
    expect(run.stdout).toContain('Import ended: IMPORT_SUCCESS');
    expect(run.code).toBe(0);
    expect(await statusOf('villkor.xlsx')).toBe('IMPORT_SUCCESS');
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.warrantyTerms === 'Från affärssystemet.')).toBe(true);
  });

  it('stops before a risky import, and confirms it with the risk acknowledged when asked to', async () => {
    const before = await pricelistRows(testApp, supplier.pricelists.current);
    // Every price doubled: a rise beyond 25 % is a risk to acknowledge.
    const filePath = await file('dubbla-priser.xlsx', (row) => ({ ...row, price: Number(row.price) * 2 }));
    const stopped = await runExample(filePath, String(supplier.pricelists.current));
    expect(stopped.stdout).toMatch(/Risk: .*priser höjs med mer än 25\u00a0%/);
    expect(stopped.stdout).toContain('Not confirmed: the import is risky.');
    expect(stopped.code).toBe(2);
    expect(await statusOf('dubbla-priser.xlsx')).toBe('VALIDATION_SUCCESS');
    expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);

    const accepted = await runExample(filePath, String(supplier.pricelists.current), '--accept-risks');
    expect(accepted.stdout).toContain('Import ended: IMPORT_SUCCESS');
    expect(accepted.code).toBe(0);
    expect(await statusOf('dubbla-priser.xlsx')).toBe('IMPORT_SUCCESS');
    const after = await pricelistRows(testApp, supplier.pricelists.current);
    expect(after.map((row) => Number(row.price))).toEqual(before.map((row) => Number(row.price) * 2));
  });

  it('says what is wrong when the server refuses the upload', async () => {
    const filePath = await file('historisk.xlsx', (row) => row);
    const run = await runExample(filePath, String(supplier.pricelists.past));
    expect(run.stderr).toContain('400 BAD_REQUEST: Prislistan är historisk.');
    expect(run.code).toBe(1);
  });

  it('lists the price lists to choose from when none is given', async () => {
    const run = await runExample(await file('utan-lista.xlsx', (row) => row));
    expect(run.stdout).toContain(`${supplier.pricelists.current}  number 2 (CURRENT)`);
    expect(run.code).toBe(3);
  });
});
