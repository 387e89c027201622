import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MACRO_ENABLED_WORKBOOK, PASSWORD_PROTECTED_FILE } from '#contract/texts';
import type { Config } from '../../config';
import { ApiError, badRequest } from '../../errors';
import { bodyTimeoutSignal } from '../../http/bodyTimeouts';
import { checkOfficeContainer } from '../../lib/xlsx';
import { DOCTYPE_REFUSED, detectCatalogue, detectExcelFormat } from '../../pricelistFile';
import { shortenFileName, type Upload, visibleFileName } from '../uploadedFile';

const NOT_EXCEL = 'Filen måste vara en Excel-fil (.xls eller .xlsx).';
// As the reader says it (priceListFile/fileErrors.ts), for a container whose chains loop.
const BROKEN_XLS = 'Filen kan inte läsas: den är inte en giltig Excel 97–2003-arbetsbok (.xls).';
const BUSY = 'Många filer läses in just nu. Försök igen om en stund.';

export const fileTooLarge = (config: Config) =>
  new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Filen är för stor. Den får vara högst ${formatSize(config.UPLOAD_MAX_BYTES)}.`,
  );

function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Math.floor(bytes / (1024 * 1024))} MB`;
  return `${Math.max(1, Math.floor(bytes / 1024))} kB`;
}

/**
 * At most `max` uploads received at once by this instance: each holds its whole file in memory
 * and costs the API thread copies of it, so twenty at once held every other request for seconds.
 * take() answers 503 with Retry-After beyond the limit, before the body is read; the slot is
 * free again when the answer has gone (or the connection has).
 */
export class UploadSlots {
  private taken = 0;
  constructor(private readonly max: number) {}

  take(reply: FastifyReply) {
    if (this.taken >= this.max)
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', BUSY, undefined, { 'retry-after': '5' });
    this.taken++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.taken--;
    };
    // 'close' also when the connection went; inject()'s answers only 'finish'.
    reply.raw.once('finish', release).once('close', release);
  }
}

/**
 * `iterable`'s values until `signal` aborts, which then throws its reason even while a value is
 * awaited (a body that stopped coming).
 */
async function* untilAborted<T>(
  iterable: AsyncIterable<T>,
  signal: AbortSignal | undefined,
): AsyncGenerator<T, void, undefined> {
  if (!signal) {
    yield* iterable;
    return;
  }
  const aborted = new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  const iterator = iterable[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // After an abort, the closed connection ends the parts; waiting for them here would hang.
    if (!done && !signal.aborted) await iterator.return?.();
  }
}

/**
 * A file part's bytes, hashed as they arrive: one copy into the whole file at the end, and no
 * pass over the whole file on the API thread afterwards. A part beyond the size limit is read to
 * its end (so the rest of the form is parsed) and refused.
 */
async function receiveFile(
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  signal: AbortSignal | undefined,
  config: Config,
) {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of untilAborted(file, signal)) {
    if (file.truncated) continue;
    hash.update(chunk);
    chunks.push(chunk);
    size += chunk.length;
  }
  if (file.truncated) throw fileTooLarge(config);
  return { content: Buffer.concat(chunks, size), sha256: new Uint8Array(hash.digest()) };
}

/**
 * Not an Excel file: a Peppol BIS Catalogue 3, known by its root element and namespace whatever
 * the file is called; the worker reads it. Anything else is 415 as before.
 */
function catalogueFormat(content: Buffer): 'peppol' {
  const xml = detectCatalogue(content);
  if (xml === 'doctype') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', DOCTYPE_REFUSED);
  if (xml === null) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_EXCEL);
  return 'peppol';
}

/**
 * Reads a multipart upload: the part `file` (one Excel file or a Peppol catalogue, at most
 * UPLOAD_MAX_BYTES: 413 beyond; an Excel file's extension and magic bytes must agree: 415
 * otherwise) and the text fields. A body that comes in too slowly is 408 (http/bodyTimeouts.ts).
 */
export async function readUpload(request: FastifyRequest, config: Config): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Filen måste skickas som multipart/form-data.');
  const signal = bodyTimeoutSignal(request);
  const fields = new Map<string, unknown>();
  let file: { content: Buffer; sha256: Uint8Array; fileName: string } | undefined;
  try {
    for await (const part of untilAborted(request.parts(), signal)) {
      if (part.type === 'file') {
        const received = await receiveFile(part.file, signal, config);
        if (part.fieldname === 'file') file = { ...received, fileName: visibleFileName(part.filename) };
      } else {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(config);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Läs in en fil i taget.');
    throw badRequest('Filen kunde inte tas emot. Försök igen.');
  }
  if (!file || file.content.length === 0) throw badRequest('Du måste välja en fil.');
  if (file.content.length > config.UPLOAD_MAX_BYTES) throw fileTooLarge(config);
  // Checked on the whole name: shortening first could cut the extension off.
  const container = /\.xlsx?$/i.test(file.fileName) ? checkOfficeContainer(file.content) : 'other';
  if (container === 'encrypted') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', PASSWORD_PROTECTED_FILE);
  if (/\.xlsm$/i.test(file.fileName.trim()))
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', MACRO_ENABLED_WORKBOOK);
  const format = detectExcelFormat(file.content, file.fileName) ?? catalogueFormat(file.content);
  if (format === 'xls' && container === 'broken')
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', BROKEN_XLS);
  return {
    content: file.content,
    sha256: file.sha256,
    fileName: shortenFileName(file.fileName),
    fields,
  };
}
