import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { editedPricelistFile, request, runAllJobs, uploadImport } from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { readImportFile } from './importFiles';
import { takeRecentUpload } from './recentUploads';

describe.each(testDatabaseKinds)('files kept from the upload for the job, on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const upload = async (content: Uint8Array) => {
    const created = await uploadImport(testApp, supplier, content);
    expect(created.statusCode).toBe(201);
    return created.json().importObject.id as number;
  };
  const summaryOf = async (importId: number) =>
    (
      await request(testApp, 'GET', `imports/${supplier.organizationId}/${importId}/summary`, supplier.cookie)
    ).json().result;

  it('gives the job the kept file once, and only while it is the stored file', async () => {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current);
    const importId = await upload(content);
    const kept = await takeRecentUpload(testApp, importId);
    expect(kept && Buffer.from(kept).equals(content)).toBe(true);
    expect(await takeRecentUpload(testApp, importId)).toBeUndefined();

    // Bytes that are not the stored file, kept as a database file would be (known by their digest).
    const stored = (await readImportFile(testApp, importId))!;
    testApp.recentUploads.remember(importId, new Uint8Array([...stored].reverse()));
    expect(await takeRecentUpload(testApp, importId)).toBeUndefined();
    // And as a file on disk would be: under a name the row does not have.
    testApp.recentUploads.remember(importId, stored, '00000000-0000-0000-0000-000000000000');
    expect(await takeRecentUpload(testApp, importId)).toBeUndefined();
    await runAllJobs(testApp);
  });

  it('validates the stored file when another instance replaced it after this one kept it', async () => {
    const unchanged = await editedPricelistFile(testApp, supplier.pricelists.current);
    const importId = await upload(unchanged);
    // As another instance's replacement would: the stored bytes change, this instance's kept ones do not.
    const withoutFirstRow = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      row.articleNumber === 'HMD-0001' ? null : row,
    );
    await sql`update import_files set content = ${withoutFirstRow}, stored_file = null
      where import_id = ${importId}`.execute(testApp.db);
    await runAllJobs(testApp);
    expect(await summaryOf(importId)).toMatchObject({ type: 'CONFIRM', removed: 1, added: 0, updated: 0 });
  });

  it('keeps at most two files, the oldest out first; the job of a file no longer kept reads it', async () => {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current);
    const first = await upload(content);
    await upload(content);
    await upload(content);
    expect(testApp.recentUploads.size).toBe(2);
    await runAllJobs(testApp);
    expect(testApp.recentUploads.size).toBe(0);
    expect(await summaryOf(first)).toMatchObject({ type: 'CONFIRM', removed: 0, added: 0, updated: 0 });
  });
});
