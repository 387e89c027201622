import { describe, expect, it } from 'vitest';
import { uploadImport } from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

const MB = 1024 * 1024;
/** The start of a zip (an .xlsx), so that only the size is wrong. */
const zipStart = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

describe.each(testDatabaseKinds)(
  'the default upload limit on %s (docs/product.md, "Security rules")',
  (kind) => {
    const { testApp, supplier } = useSupplierApp(kind);

    it('refuses a file of more than 25 MB with 413 and stores nothing', async () => {
      const before = await testApp.db.selectFrom('imports').select('id').execute();
      const tooBig = Buffer.concat([zipStart, Buffer.alloc(25 * MB + 1 - zipStart.length)]);
      const response = await uploadImport(testApp, supplier, tooBig);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'Filen är för stor. Den får vara högst 25 MB.' },
      });
      expect(await testApp.db.selectFrom('imports').select('id').execute()).toHaveLength(before.length);
    });

    it('accepts a file of exactly 25 MB (its validation judges the content)', async () => {
      const atLimit = Buffer.concat([zipStart, Buffer.alloc(25 * MB - zipStart.length)]);
      const response = await uploadImport(testApp, supplier, atLimit);
      expect(response.statusCode).toBe(201);
      expect(response.json().importObject.status).toBe('VALIDATION_PENDING');
    });
  },
);
