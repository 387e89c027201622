import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uploadImport } from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { FILE_PIECE_BYTES, readImportFile } from './importFiles';

describe.each(testDatabaseKinds)('an uploaded file read back on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  /** Bytes that pass the upload's .xlsx check (zip magic) and are otherwise random. */
  const zipLike = (size: number) => {
    const bytes = new Uint8Array(randomBytes(size));
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    return bytes;
  };

  it.each([
    ['smaller than one piece', 1_000],
    ['exactly two pieces', 2 * FILE_PIECE_BYTES],
    ['two pieces and a part', 2 * FILE_PIECE_BYTES + 12_345],
  ])('is byte for byte the file uploaded (%s)', async (_, size) => {
    const content = zipLike(size);
    const created = await uploadImport(testApp, supplier, content);
    expect(created.statusCode).toBe(201);
    const read = await readImportFile(testApp, created.json().importObject.id);
    expect(read?.byteLength).toBe(size);
    expect(Buffer.from(read!).equals(Buffer.from(content))).toBe(true);
  });

  it('is undefined for an import without a file', async () => {
    expect(await readImportFile(testApp, 987_654)).toBeUndefined();
  });
});
