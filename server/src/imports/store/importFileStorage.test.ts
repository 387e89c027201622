import { randomBytes } from 'node:crypto';
import { watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  api,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  uploadImport,
} from '../../../../test-support/importFlow';
import { multipart } from '../../../../test-support/pricelistFiles';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

describe.each(testDatabaseKinds)('where uploaded files are kept, on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const folder = () => path.join(testApp.config.DATA_DIR, 'uploads');
  const filesOnDisk = () => readdir(folder()).catch(() => [] as string[]);
  const storedRow = (importId: number) =>
    testApp.db
      .selectFrom('import_files')
      .select(['content', 'stored_file', 'size'])
      .where('import_id', '=', importId)
      .executeTakeFirst();
  const show = async (importId: number) =>
    (await request(testApp, 'GET', `imports/${supplier.organizationId}/${importId}`, supplier.cookie)).json()
      .importObject;

  /** The names of the files stored as pieces in the database (PostgreSQL). */
  const filesInPieces = async () =>
    (await testApp.db.selectFrom('import_file_pieces').select('file').distinct().execute()).map(
      (row) => row.file,
    );
  const pieces = async (name: string) =>
    (
      await testApp.db
        .selectFrom('import_file_pieces')
        .select('bytes')
        .where('file', '=', name)
        .orderBy('seq')
        .execute()
    ).map((row) => row.bytes);
  /** Either store's file names, in order. */
  const storedNames = async () => (kind === 'pglite' ? await filesOnDisk() : await filesInPieces()).sort();

  /**
   * PGlite: a file under DATA_DIR/uploads that the row names; PostgreSQL: pieces in
   * import_file_pieces that the row names the same way, nothing on disk. Never the bytes in the row.
   */
  async function expectStored(importId: number, content: Uint8Array) {
    const row = await storedRow(importId);
    expect(row?.size).toBe(content.length);
    expect(row?.content).toBeNull();
    expect(row?.stored_file).toMatch(/^[0-9a-f-]{36}$/);
    if (kind === 'pglite') {
      expect((await readFile(path.join(folder(), row!.stored_file!))).equals(content)).toBe(true);
    } else {
      expect(Buffer.concat(await pieces(row!.stored_file!)).equals(content)).toBe(true);
      expect(await filesOnDisk()).toEqual([]);
    }
    return row!.stored_file!;
  }

  it('keeps the file through upload, validation, a new file and the confirmed import; one file per import', async () => {
    const first = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      row.articleNumber === 'HMD-0001' ? { ...row, price: 111 } : row,
    );
    const created = await uploadImport(testApp, supplier, first);
    expect(created.statusCode).toBe(201);
    const importId: number = created.json().importObject.id;
    const firstName = await expectStored(importId, first);
    await runAllJobs(testApp);
    expect((await show(importId)).status).toBe('VALIDATION_SUCCESS');

    const second = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      row.articleNumber === 'HMD-0001' ? { ...row, price: 222 } : row,
    );
    const body = multipart({ fileName: 'ny prislista.xlsx', content: second });
    const replaced = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${importId}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    const secondName = await expectStored(importId, second);
    expect(secondName).not.toBe(firstName);
    expect(await storedNames()).toEqual([secondName]);

    await runAllJobs(testApp);
    expect((await postConfirm(testApp, supplier, importId)).statusCode).toBe(200);
    const [applied] = await runAllJobs(testApp);
    expect(applied?.end).toBe('IMPORT_SUCCESS');
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    expect(rows.find((row) => row.articleNumber === 'HMD-0001')?.price).toBe('222.00');
    await expectStored(importId, second);
  });

  it('removes the file with a deleted import', async () => {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current);
    const created = await uploadImport(testApp, supplier, content);
    const importId: number = created.json().importObject.id;
    const name = await expectStored(importId, content);
    await runAllJobs(testApp);
    const before = await storedNames();
    const deleted = await request(
      testApp,
      'DELETE',
      `imports/${supplier.organizationId}/${importId}`,
      supplier.cookie,
    );
    expect(deleted.statusCode).toBe(204);
    expect(await storedRow(importId)).toBeUndefined();
    expect(before).toContain(name);
    expect(await storedNames()).toEqual(before.filter((file) => file !== name));
  });
});

describe('a large upload on PGlite', () => {
  const { testApp, supplier } = useSupplierApp('pglite');

  it('lets another request through while the file is being stored', async () => {
    const content = new Uint8Array(randomBytes(24 * 1024 * 1024));
    content.set([0x50, 0x4b, 0x03, 0x04]);
    const folder = path.join(testApp.config.DATA_DIR, 'uploads');

    // The moment the upload starts writing its file (a temporary name) is when it is being stored.
    let watcher: ReturnType<typeof watch> | undefined;
    const writing = new Promise<'writing'>((resolve) => {
      watcher = watch(folder, (_event, name) => {
        if (name?.endsWith('.tmp')) resolve('writing');
      });
    });
    let uploadAnswered = false;
    const upload = uploadImport(testApp, supplier, content).then((response) => {
      uploadAnswered = true;
      return response;
    });
    try {
      // Before the fix the file went into the database in one statement: no file was ever written.
      expect(await Promise.race([writing, upload.then(() => 'answered')])).toBe('writing');
    } finally {
      watcher?.close();
    }
    const ping = await request(testApp, 'GET', `imports/${supplier.organizationId}`, supplier.cookie);
    expect(ping.statusCode).toBe(200);
    expect(uploadAnswered).toBe(false);

    const created = await upload;
    expect(created.statusCode).toBe(201);
    const row = await testApp.db
      .selectFrom('import_files')
      .select(['stored_file', 'content'])
      .where('import_id', '=', created.json().importObject.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBeNull();
    expect((await readFile(path.join(folder, row.stored_file!))).equals(content)).toBe(true);
  });
});
