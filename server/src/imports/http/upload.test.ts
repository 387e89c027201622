import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart as multipartBody } from '../../../../test-support/pricelistFiles';
import { loadConfig } from '../../config';
import { readUpload } from './upload';

describe('readUpload', () => {
  const config = loadConfig({ NODE_ENV: 'test' });
  const app = Fastify();
  beforeAll(async () => {
    await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
    app.post('/upload', async (request) => {
      const upload = await readUpload(request, config);
      return {
        size: upload.content.length,
        content: createHash('sha256').update(upload.content).digest('hex'),
        digest: Buffer.from(upload.sha256).toString('hex'),
      };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('gives the SHA-256 of the file as it was received, in many pieces', async () => {
    const file = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < file.length; i++) file[i] = (i * 31) & 0xff;
    file.set([0x50, 0x4b, 0x03, 0x04]);
    const { payload, headers } = multipartBody({ fileName: 'prislista.xlsx', content: file });
    // The body in 1000-byte pieces, as a slow line would bring it.
    const pieces = Array.from({ length: Math.ceil(payload.length / 1000) }, (_, i) =>
      payload.subarray(i * 1000, (i + 1) * 1000),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { ...headers, 'content-length': String(payload.length) },
      payload: Readable.from(pieces),
    });
    expect(response.statusCode).toBe(200);
    const expected = createHash('sha256').update(file).digest('hex');
    expect(response.json()).toEqual({ size: file.length, content: expected, digest: expected });
  });
});
