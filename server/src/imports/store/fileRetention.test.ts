import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  editedPricelistFile,
  postConfirm,
  request,
  runAllJobs,
  uploadImport,
  validatedImport,
} from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { deleteExpiredImportFiles, removeOrphanedImportFiles } from './fileRetention';
import { FILE_DELETED_MESSAGE, readImportFile } from './importFiles';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)('uploaded files past their retention time, on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const get = (url: string) =>
    request(testApp, 'GET', `imports/${supplier.organizationId}/${url}`, supplier.cookie);
  /** As if the import had ended (or last changed) `days` days ago. */
  const age = (importId: number, days: number) =>
    testApp.db
      .updateTable('imports')
      .set({ updated_at: new Date(testApp.clock.now().getTime() - days * DAY) })
      .where('id', '=', importId)
      .execute();
  const fileRow = (importId: number) =>
    testApp.db
      .selectFrom('import_files')
      .select(['content', 'stored_file', 'size', 'bytes_deleted_at'])
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
  const diskPath = (name: string | null) => path.join(testApp.config.DATA_DIR, 'uploads', name ?? '-');
  /** PostgreSQL: the pieces stored of these files. */
  const piecesOf = (names: (string | null)[]) =>
    testApp.db
      .selectFrom('import_file_pieces')
      .select(['file', 'seq'])
      .where(
        'file',
        'in',
        names.map((name) => name ?? '-'),
      )
      .execute();

  async function importedOne(price: number) {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      row.articleNumber === 'HMD-0001' ? { ...row, price } : row,
    );
    const validated = await validatedImport(testApp, supplier, content);
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
    expect((await runAllJobs(testApp))[0]?.end).toBe('IMPORT_SUCCESS');
    return validated.id;
  }

  /** Confirmed, then its new article is gone before the apply: IMPORT_FAIL, with an error workbook. */
  async function failedOne() {
    const article = await testApp.db
      .insertInto('articles')
      .values({ organization_id: supplier.organizationId, article_number: 'HMD-RET-1', name: 'Ny' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) => row, [
      { articleNumber: 'HMD-RET-1', price: 10, minimumOrderQuantity: 1 },
    ]);
    const validated = await validatedImport(testApp, supplier, content);
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
    await testApp.db.deleteFrom('articles').where('id', '=', article.id).execute();
    expect((await runAllJobs(testApp))[0]?.end).toBe('IMPORT_FAIL');
    return validated.id;
  }

  it('deletes the bytes of imports ended more than 90 days ago and keeps the rest', async () => {
    const oldImported = await importedOne(301);
    const oldFailed = await failedOne();
    const recentImported = await importedOne(302);
    const oldPending = (
      await validatedImport(
        testApp,
        supplier,
        await editedPricelistFile(testApp, supplier.pricelists.current),
      )
    ).id;
    await age(oldImported, 91);
    await age(oldFailed, 91);
    await age(recentImported, 89);
    await age(oldPending, 400);
    const oldFiles = [(await fileRow(oldImported)).stored_file, (await fileRow(oldFailed)).stored_file];
    const failedSize = (await fileRow(oldFailed)).size;
    expect((await get(`${oldFailed}/validation-errors/excel`)).statusCode).toBe(200);

    expect(await deleteExpiredImportFiles(testApp)).toBe(2);
    for (const importId of [oldImported, oldFailed]) {
      const row = await fileRow(importId);
      expect(row).toMatchObject({ content: null, stored_file: null });
      expect(row.bytes_deleted_at).toEqual(testApp.clock.now());
    }
    expect((await fileRow(oldFailed)).size).toBe(failedSize);
    if (kind === 'pglite') for (const name of oldFiles) expect(existsSync(diskPath(name))).toBe(false);
    else expect(await piecesOf(oldFiles)).toEqual([]);
    for (const importId of [recentImported, oldPending]) {
      expect((await readImportFile(testApp, importId))?.byteLength).toBe((await fileRow(importId)).size);
    }

    // What the supplier still sees: the imports, their summaries and changes; the error workbook
    // needs the file, so it answers with a Swedish reason instead.
    expect((await get(`${oldImported}`)).json().importObject.status).toBe('IMPORT_SUCCESS');
    expect((await get(`${oldImported}/summary`)).json().result).toMatchObject({
      type: 'CONFIRM',
      updated: 1,
    });
    expect((await get(`${oldImported}/changes?kind=updated`)).json().changes).toHaveLength(1);
    expect((await get(`${oldFailed}/summary`)).json().result).toMatchObject({ errorCount: 1 });
    const workbook = await get(`${oldFailed}/validation-errors/excel`);
    expect(workbook.statusCode).toBe(410);
    expect(workbook.json()).toEqual({ error: { code: 'GONE', message: FILE_DELETED_MESSAGE } });

    // Done once: the next run finds nothing.
    expect(await deleteExpiredImportFiles(testApp)).toBe(0);
  });
});

describe('files on disk that no import names (PGlite keeps files on disk)', () => {
  const { testApp, supplier } = useSupplierApp('pglite');

  it('removes files on disk that no import names, once they are an hour old', async () => {
    const folder = path.join(testApp.config.DATA_DIR, 'uploads');
    const orphan = path.join(folder, randomUUID());
    const recentOrphan = path.join(folder, randomUUID());
    const notOurs = path.join(folder, 'notes.txt');
    for (const file of [orphan, recentOrphan, notOurs]) await writeFile(file, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(orphan, twoHoursAgo, twoHoursAgo);
    await utimes(notOurs, twoHoursAgo, twoHoursAgo);
    const created = await uploadImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, supplier.pricelists.current),
    );
    const named = await testApp.db
      .selectFrom('import_files')
      .select('stored_file')
      .where('import_id', '=', created.json().importObject.id)
      .executeTakeFirstOrThrow();
    const namedFile = path.join(folder, named.stored_file!);
    await utimes(namedFile, twoHoursAgo, twoHoursAgo);

    expect(await removeOrphanedImportFiles(testApp)).toBe(1);
    expect(existsSync(orphan)).toBe(false);
    for (const kept of [recentOrphan, notOurs, namedFile]) expect(existsSync(kept)).toBe(true);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('pieces that no import names (PostgreSQL)', () => {
  const { testApp, supplier } = useSupplierApp('postgres');

  it('removes the pieces of files no import names, once they are an hour old', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const piece = (file: string, seq: number, writtenAt = new Date()) => ({
      file,
      seq,
      bytes: new Uint8Array([seq]),
      written_at: writtenAt,
    });
    const orphan = randomUUID();
    const recentOrphan = randomUUID();
    await testApp.db
      .insertInto('import_file_pieces')
      .values([piece(orphan, 0, twoHoursAgo), piece(orphan, 1, twoHoursAgo), piece(recentOrphan, 0)])
      .execute();
    const created = await uploadImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, supplier.pricelists.current),
    );
    const { stored_file: named } = await testApp.db
      .selectFrom('import_files')
      .select('stored_file')
      .where('import_id', '=', created.json().importObject.id)
      .executeTakeFirstOrThrow();
    await testApp.db
      .updateTable('import_file_pieces')
      .set({ written_at: twoHoursAgo })
      .where('file', '=', named!)
      .execute();

    expect(await removeOrphanedImportFiles(testApp)).toBe(1);
    const left = await testApp.db.selectFrom('import_file_pieces').select('file').distinct().execute();
    expect(left.map((row) => row.file).sort()).toEqual([recentOrphan, named].sort());
  });
});
