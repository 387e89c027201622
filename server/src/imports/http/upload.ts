import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../appDeps';
import type { Config } from '../../config';
import { ApiError, badRequest } from '../../errors';
import { bodyTimeoutSignal } from '../../http/bodyTimeouts';
import { openFileWriter } from '../store/fileWriter';
import type { FileDeps } from '../store/importFiles';
import { shortenFileName, type Upload, visibleFileName } from '../uploadedFile';
import { checkStoredFormat, HEAD_BYTES } from './storedChecks';

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
 * At most `max` uploads received at once by this instance: each costs the API thread its
 * multipart parsing and the store's writes, and twenty at once held every other request for seconds.
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
 * A file part's bytes, hashed and stored as they arrive (store/fileWriter.ts): the API thread
 * keeps only the first HEAD_BYTES, for the format checks. A part beyond the size limit is read
 * to its end (so the rest of the form is parsed) and refused; so is one that stops coming, and
 * what was stored of either is removed.
 */
async function receiveFile(
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  signal: AbortSignal | undefined,
  deps: UploadDeps,
) {
  const hash = createHash('sha256');
  const head = new Uint8Array(HEAD_BYTES);
  const writer = await openFileWriter(deps);
  let size = 0;
  try {
    for await (const chunk of untilAborted(file, signal)) {
      if (file.truncated) continue;
      hash.update(chunk);
      if (size < HEAD_BYTES) head.set(chunk.subarray(0, HEAD_BYTES - size), size);
      size += chunk.length;
      await writer.write(chunk);
    }
    if (file.truncated) throw fileTooLarge(deps.config);
    const stored = await writer.finish();
    return {
      stored,
      head: head.subarray(0, Math.min(size, HEAD_BYTES)),
      sha256: new Uint8Array(hash.digest()),
    };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

/** A file part that is not the upload's file: read and dropped. */
async function drain(file: AsyncIterable<Buffer>, signal: AbortSignal | undefined) {
  for await (const _chunk of untilAborted(file, signal));
}

export type UploadDeps = FileDeps & Pick<AppDeps, 'config'>;

/**
 * Reads a multipart upload: the part `file` (one Excel file or a Peppol catalogue, at most
 * UPLOAD_MAX_BYTES: 413 beyond; an Excel file's extension and magic bytes must agree: 415
 * otherwise) and the text fields. A body that comes in too slowly is 408 (http/bodyTimeouts.ts).
 * The file is in its store when this returns; whoever takes the upload keeps it or discards it.
 */
export async function readUpload(request: FastifyRequest, deps: UploadDeps): Promise<Upload> {
  const { config } = deps;
  if (!request.isMultipart()) throw badRequest('Filen måste skickas som multipart/form-data.');
  const signal = bodyTimeoutSignal(request);
  const fields = new Map<string, unknown>();
  let file: (Awaited<ReturnType<typeof receiveFile>> & { fileName: string }) | undefined;
  try {
    for await (const part of untilAborted(request.parts(), signal)) {
      if (part.type !== 'file') fields.set(part.fieldname, part.value);
      else if (part.fieldname !== 'file') await drain(part.file, signal);
      else {
        const fileName = visibleFileName(part.filename);
        file = { ...(await receiveFile(part.file, signal, deps)), fileName };
      }
    }
  } catch (error) {
    await file?.stored.discard();
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(config);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Läs in en fil i taget.');
    throw badRequest('Filen kunde inte tas emot. Försök igen.');
  }
  if (!file) throw badRequest('Du måste välja en fil.');
  const { stored, head, sha256, fileName } = file;
  try {
    if (stored.values.size === 0) throw badRequest('Du måste välja en fil.');
    if (stored.values.size > config.UPLOAD_MAX_BYTES) throw fileTooLarge(config);
    await checkStoredFormat({ size: stored.values.size, head, read: stored.read }, fileName);
  } catch (error) {
    await stored.discard();
    throw error;
  }
  return { file: stored, sha256, fileName: shortenFileName(fileName), fields };
}
