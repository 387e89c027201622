/**
 * No request stalls an instance: a crafted .xls is refused after a bounded look at it, a body
 * that trickles in loses its connection with 408, and uploads beyond the instance's limit are
 * answered 503 before their bodies are read.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loopingOle2 } from '../../test-support/adversarialWorkbooks';
import { api, type Supplier, uploadImport } from '../../test-support/importFlow';
import { multipart, priceListWorkbook } from '../../test-support/pricelistFiles';
import { type TestApp, testDatabaseKinds } from '../../test-support/testApp';
import { useSupplierApp } from '../../test-support/useTestApp';

const TOO_SLOW = 'Begäran kom in för långsamt och avbröts. Försök igen.';

/** The app listening on a port of its own, for tests that need a real socket. */
async function portOf(testApp: TestApp): Promise<number> {
  if (!testApp.app.server.listening) await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return address.port;
}

interface Exchange {
  /** What the server sent back. */
  answer: string;
  /** Whether the server closed the connection (false: still open when the test gave up). */
  closed: boolean;
}

/**
 * Sends `head` on a new connection, then one byte every `everyMs` until the server closes the
 * connection or `giveUpMs` have passed.
 */
function trickle(port: number, head: Buffer, everyMs: number, giveUpMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let ended = false;
    const finish = (closed: boolean) => {
      if (ended) return;
      ended = true;
      clearInterval(bytes);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closed });
    };
    const bytes = setInterval(() => {
      if (socket.writable) socket.write('x');
    }, everyMs);
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (data) => {
      answer += data.toString('utf8');
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    socket.write(head);
  });
}

/** The request line and headers of an upload, and the start of its body (its file part left open). */
function uploadStart(supplier: Supplier, port: number) {
  const boundary = '----hmdbslow';
  const start =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prislista.xlsx"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\nPK\u0003\u0004';
  return Buffer.from(
    `POST ${api}/imports/${supplier.organizationId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Cookie: ${supplier.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: 1000000\r\n\r\n${start}`,
  );
}

describe.each(testDatabaseKinds)('bounded requests on %s', (kind) => {
  describe('a crafted .xls whose sector chains loop', () => {
    const { testApp, supplier } = useSupplierApp(kind);

    it('is refused at upload as no valid .xls, and stores nothing', async () => {
      const before = await testApp.db.selectFrom('imports').select('id').execute();
      const response = await uploadImport(testApp, supplier, loopingOle2(), { fileName: 'prislista.xls' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Filen kan inte läsas: den är inte en giltig Excel 97–2003-arbetsbok (.xls).',
        },
      });
      expect(await testApp.db.selectFrom('imports').select('id').execute()).toHaveLength(before.length);
    });
  });

  describe('a body that trickles in', () => {
    const { testApp, supplier } = useSupplierApp(kind, {
      env: {
        REQUEST_BODY_TIMEOUT_SECONDS: '1',
        UPLOAD_MIN_RATE_GRACE_SECONDS: '1',
        UPLOAD_MIN_BYTES_PER_SECOND: '1000',
      },
    });

    it('to POST /login (no session needed) is answered 408 and its connection closed', async () => {
      const port = await portOf(testApp);
      const head = Buffer.from(
        `POST ${api}/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 1000\r\n\r\n{"username":"',
      );
      const { answer, closed } = await trickle(port, head, 200, 8000);
      expect(closed).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain(JSON.stringify({ error: { code: 'REQUEST_TIMEOUT', message: TOO_SLOW } }));
    });

    it('as an upload below the least rate is answered 408 and its connection closed', async () => {
      const port = await portOf(testApp);
      const { answer, closed } = await trickle(port, uploadStart(supplier, port), 200, 8000);
      expect(closed).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain(JSON.stringify({ error: { code: 'REQUEST_TIMEOUT', message: TOO_SLOW } }));
      // The upload's slot is free again: the next upload is taken.
      const next = await uploadImport(testApp, supplier, await priceListWorkbook([]));
      expect(next.statusCode).toBe(201);
    });

    it('leaves a body that arrives in pieces within the time alone', async () => {
      const port = await portOf(testApp);
      const body = JSON.stringify({ username: 'nobody', password: 'fel-lösenord' });
      const bytes = Buffer.from(body);
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (data) => {
          text += data.toString('utf8');
          if (/\r\n\r\n[\s\S]*\}$/.test(text)) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.write(
          `POST ${api}/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${bytes.length}\r\n\r\n`,
        );
        socket.write(bytes.subarray(0, 10));
        setTimeout(() => socket.write(bytes.subarray(10)), 300);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 403 /);
      expect(answer).toContain('LOGIN_FAILED');
    });
  });

  describe('uploads beyond UPLOADS_MAX_CONCURRENT', () => {
    const { testApp, supplier } = useSupplierApp(kind, {
      // Many uploads by one user here: the per-user rate is not what is tested.
      env: { UPLOADS_MAX_CONCURRENT: '1', UPLOAD_RATE_BURST: '100' },
    });

    it('are answered 503 with Retry-After before their bodies are read; a slot frees when an upload ends', async () => {
      const port = await portOf(testApp);
      // One upload in progress: its headers and the start of its file, the rest not yet sent.
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (data) => {
        answer += data.toString('utf8');
      });
      const file = await priceListWorkbook([]);
      const { payload, headers } = multipart(
        { fileName: 'prislista.xlsx', content: file },
        {
          type: 'GENERAL_PRICELIST',
          metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current },
        },
      );
      socket.write(
        `POST ${api}/imports/${supplier.organizationId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `Cookie: ${supplier.cookie}\r\nContent-Type: ${headers['content-type']}\r\n` +
          `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(payload.subarray(0, 100));
      const refused = await waitForRefusal(testApp, supplier);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Många filer läses in just nu. Försök igen om en stund.',
        },
      });

      // The held upload goes through once its body comes, and frees its slot.
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // Not end(): a half-closed connection is an aborted request to Node. The server closes it.
      socket.write(payload.subarray(100));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      const next = await uploadImport(testApp, supplier, file);
      expect(next.statusCode).toBe(201);
    });
  });
});

/**
 * An upload sent while another is being received: tried again for a while until that one has
 * taken the slot (its session is checked first). The file is no Excel file, so a try that is let
 * in stores nothing.
 */
async function waitForRefusal(testApp: TestApp, supplier: Supplier) {
  const notExcel = Buffer.from('%PDF-1.7\n');
  // A try holds the slot for a moment too: not before the held upload has had time to take it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let attempt = 0; ; attempt++) {
    const response = await uploadImport(testApp, supplier, notExcel);
    if (response.statusCode !== 415 || attempt === 40) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
