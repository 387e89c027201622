import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart as multipartBody } from '../../../../test-support/pricelistFiles';
import { createTestDatabase, type DatabaseKind, testDatabaseKinds } from '../../../../test-support/testApp';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { ApiError } from '../../errors';
import { uploadFolderFor } from '../store/importFiles';
import { readUpload, type UploadDeps } from './upload';

describe.each(testDatabaseKinds)('readUpload on %s', (kind: DatabaseKind) => {
  const config = loadConfig({ NODE_ENV: 'test', UPLOAD_MAX_BYTES: String(4 * 1024 * 1024) });
  const app = Fastify();
  let database: DatabaseHandle;
  let deps: UploadDeps;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const folder = uploadFolderFor(database.kind, mkdtempSync(path.join(tmpdir(), 'hmdb-upload-')));
    deps = { db: database.db, uploadFolder: folder, config };
    await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
    app.setErrorHandler((error: Error, _request, reply) =>
      reply.status(error instanceof ApiError ? error.statusCode : 500).send({ message: error.message }),
    );
    app.post('/upload', async (request) => {
      const upload = await readUpload(request, deps);
      try {
        const content = await upload.file.read(0, upload.file.values.size);
        return {
          size: upload.file.values.size,
          content: createHash('sha256').update(content).digest('hex'),
          digest: Buffer.from(upload.sha256).toString('hex'),
        };
      } finally {
        await upload.file.discard();
      }
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** What is stored of any upload: pieces in the database, or files (finished or not) on disk. */
  const storedCount = async () => {
    if (deps.uploadFolder) return readdirSync(deps.uploadFolder).length;
    const { count } = await database.db
      .selectFrom('import_file_pieces')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  };

  const send = (fileName: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ fileName, content });
    // The body in 1000-byte pieces, as a slow line would bring it.
    const pieces = Array.from({ length: Math.ceil(payload.length / 1000) }, (_, i) =>
      payload.subarray(i * 1000, (i + 1) * 1000),
    );
    return app.inject({
      method: 'POST',
      url: '/upload',
      headers: { ...headers, 'content-length': String(payload.length) },
      payload: Readable.from(pieces),
    });
  };

  const zipLike = (size: number) => {
    const file = Buffer.alloc(size);
    for (let i = 0; i < file.length; i++) file[i] = (i * 31 + (i >> 11)) & 0xff;
    file.set([0x50, 0x4b, 0x03, 0x04]);
    return file;
  };

  it('stores a file of several pieces as it arrives and reads it back byte for byte, with its SHA-256', async () => {
    const file = zipLike(3 * 1024 * 1024 + 17);
    const response = await send('prislista.xlsx', file);
    expect(response.statusCode).toBe(200);
    const expected = createHash('sha256').update(file).digest('hex');
    expect(response.json()).toEqual({ size: file.length, content: expected, digest: expected });
    expect(await storedCount()).toBe(0);
  });

  it('leaves nothing stored when the file is refused: wrong format, too large, or empty', async () => {
    const notExcel = zipLike(2 * 1024 * 1024);
    notExcel.set([0x25, 0x50, 0x44, 0x46]);
    const refused = await send('prislista.xlsx', notExcel);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Filen måste vara en Excel-fil (.xls eller .xlsx).');
    const tooLarge = await send('prislista.xlsx', zipLike(config.UPLOAD_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect((await send('prislista.xlsx', Buffer.alloc(0))).statusCode).toBe(400);
    expect(await storedCount()).toBe(0);
  });
});
