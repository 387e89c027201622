import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { XlsxError, type ZipPlace } from './errors';

/**
 * The zip container of an .xlsx, read from its central directory (the file is already in
 * memory). Every limit is checked on the directory before anything is inflated, and again
 * while inflating, because the sizes in the directory are the sender's word.
 */
export const zipLimits = {
  maxEntries: 1_000,
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const corrupt = (where: ZipPlace) => new XlsxError('ZIP_CORRUPT', { where });
const corruptEntry = (entry: ZipEntry) => new XlsxError('ZIP_CORRUPT', { entry: entry.name });

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** The entries by lower-cased name (part names in OPC are case-insensitive). */
export function readZipDirectory(content: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const entryCount = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
    throw new XlsxError('ZIP64');
  }
  if (entryCount > zipLimits.maxEntries) throw tooManyEntries();
  if (directoryOffset + directorySize > eocd) throw corrupt('directory');

  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let totalUncompressed = 0;
  let totalCompressed = 0;
  let pos = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (pos + 46 > eocd || view.getUint32(pos, true) !== CENTRAL_FILE_HEADER) throw corrupt('directoryEntry');
    const method = view.getUint16(pos + 10, true);
    const compressedSize = view.getUint32(pos + 20, true);
    const uncompressedSize = view.getUint32(pos + 24, true);
    const nameLength = view.getUint16(pos + 28, true);
    const extraLength = view.getUint16(pos + 30, true);
    const commentLength = view.getUint16(pos + 32, true);
    const localHeaderOffset = view.getUint32(pos + 42, true);
    if (pos + 46 + nameLength > eocd) throw corrupt('entryName');
    const name = decoder.decode(content.subarray(pos + 46, pos + 46 + nameLength)).replaceAll('\\', '/');
    pos += 46 + nameLength + extraLength + commentLength;

    if (uncompressedSize > compressedSize * zipLimits.maxCompressionRatio) throw ratioTooHigh();
    totalUncompressed += uncompressedSize;
    totalCompressed += compressedSize;
    if (totalUncompressed > zipLimits.maxUncompressedBytes) throw tooLarge();
    if (method !== STORED && method !== DEFLATED) {
      throw new XlsxError('COMPRESSION_METHOD');
    }
    entries.set(name.toLowerCase(), { name, method, compressedSize, uncompressedSize, localHeaderOffset });
  }
  if (entries.size > 0 && totalUncompressed > totalCompressed * zipLimits.maxCompressionRatio) {
    throw ratioTooHigh();
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes at the very end.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let pos = view.byteLength - 22; pos >= lowest; pos--) {
    if (view.getUint32(pos, true) === END_OF_CENTRAL_DIRECTORY) return pos;
  }
  throw corrupt('endRecord');
}

/** Where the entry's compressed bytes are, checked against the file's length. */
function entryData(content: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > content.length || view.getUint32(at, true) !== LOCAL_FILE_HEADER) throw corruptEntry(entry);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > content.length) throw corruptEntry(entry);
  return content.subarray(start, end);
}

/** A small part (workbook, relationships, styles) inflated in one go, capped at its declared size. */
export function readEntry(content: Uint8Array, entry: ZipEntry): Buffer {
  const data = entryData(content, entry);
  if (entry.method === STORED) {
    if (data.length !== entry.uncompressedSize) throw corruptEntry(entry);
    return Buffer.from(data.buffer, data.byteOffset, data.length);
  }
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
      ? sizeMismatch(entry)
      : corruptEntry(entry);
  }
  if (out.length !== entry.uncompressedSize) throw sizeMismatch(entry);
  return out;
}

/** Inflation pauses while this much inflated data waits for the parser. */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

/**
 * A part being inflated chunk by chunk, so a large sheet is never held whole. Inflation starts
 * at once on libuv's thread pool and runs ahead of the parser (up to 16 MB): chunks reach the
 * consumer one per turn of the event loop, so inflating the next chunk overlaps with parsing
 * this one. Fails as soon as the output passes the size the zip directory declares.
 */
export class EntryStream {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private produced = 0;
  private ended = false;
  private failure: unknown = null;
  private consumer: ((chunk: Buffer) => void) | null = null;
  private settle: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  private scheduled = false;
  private readonly inflate: ReturnType<typeof createInflateRaw> | null = null;

  constructor(content: Uint8Array, entry: ZipEntry, chunkSize = 256 * 1024) {
    const data = entryData(content, entry);
    if (entry.method === STORED) {
      if (data.length !== entry.uncompressedSize) this.failure = corruptEntry(entry);
      for (let at = 0; at < data.length && !this.failure; at += chunkSize) {
        this.queue.push(
          Buffer.from(data.buffer, data.byteOffset + at, Math.min(chunkSize, data.length - at)),
        );
      }
      this.ended = true;
      return;
    }
    const inflate = createInflateRaw({ chunkSize });
    this.inflate = inflate;
    inflate.on('data', (chunk: Buffer) => {
      this.produced += chunk.length;
      if (this.produced > entry.uncompressedSize) return this.fail(sizeMismatch(entry));
      this.queue.push(chunk);
      this.queuedBytes += chunk.length;
      if (this.queuedBytes > MAX_QUEUED_BYTES) inflate.pause();
      this.schedule();
    });
    inflate.on('error', () => this.fail(corruptEntry(entry)));
    inflate.on('end', () => {
      if (this.produced !== entry.uncompressedSize) return this.fail(sizeMismatch(entry));
      this.ended = true;
      this.schedule();
    });
    inflate.end(data);
  }

  /** Hands every chunk to `onChunk`, in order; resolves after the last one. */
  consume(onChunk: (chunk: Buffer) => void): Promise<void> {
    this.consumer = onChunk;
    return new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
      this.schedule();
    });
  }

  /** Stops inflating (the part is not needed after all, or reading failed elsewhere). */
  destroy() {
    this.inflate?.destroy();
  }

  private fail(error: unknown) {
    if (this.failure) return;
    this.failure = error;
    this.inflate?.destroy();
    this.schedule();
  }

  private schedule() {
    if (this.scheduled || !this.settle) return;
    this.scheduled = true;
    setImmediate(this.drain);
  }

  private readonly drain = () => {
    this.scheduled = false;
    const settle = this.settle!;
    if (this.failure) return settle.reject(this.failure);
    const chunk = this.queue.shift();
    if (chunk) {
      this.queuedBytes -= chunk.length;
      if (this.inflate?.isPaused() && this.queuedBytes < MAX_QUEUED_BYTES / 2) this.inflate.resume();
      try {
        this.consumer!(chunk);
      } catch (error) {
        this.fail(error);
        return;
      }
    }
    if (this.queue.length > 0) this.schedule();
    else if (this.ended) settle.resolve();
  };
}

/** Inflates a part and hands its chunks to `onChunk` (see EntryStream). */
export function streamEntry(
  content: Uint8Array,
  entry: ZipEntry,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  try {
    return new EntryStream(content, entry).consume(onChunk);
  } catch (error) {
    return Promise.reject(error);
  }
}

const tooManyEntries = () => new XlsxError('TOO_MANY_ENTRIES', { limit: zipLimits.maxEntries });
const tooLarge = () => new XlsxError('TOO_LARGE', { limit: zipLimits.maxUncompressedBytes });
const ratioTooHigh = () => new XlsxError('COMPRESSION_RATIO', { limit: zipLimits.maxCompressionRatio });
const sizeMismatch = (entry: ZipEntry) => new XlsxError('ENTRY_SIZE_MISMATCH', { entry: entry.name });
